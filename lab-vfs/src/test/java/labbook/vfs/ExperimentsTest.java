package labbook.vfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import labbook.core.JmhRun;
import labbook.core.Mode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The experiments' CSVs on a small tree: the columns the reports rely on, one row per measurement, run.json. */
class ExperimentsTest {
    @TempDir
    static Path dir;
    static Path tree;

    @BeforeAll
    static void smallTree() throws IOException {
        Path source = dir.resolve("src");
        for (int i = 0; i < 30; i++) {
            Path f = source.resolve("d" + (i % 3)).resolve("sub" + (i % 2)).resolve("f" + i + ".c");
            Files.createDirectories(f.getParent());
            Files.writeString(f, "x" + i);
        }
        tree = dir.resolve("tree");
        assertThat(CliRunner.run("tree", "--source", source.toString(), "--dir", tree.toString()).exit()).isZero();
    }

    private static List<String> lines(Path csv) throws IOException {
        return Files.readAllLines(csv);
    }

    @Test
    void gitDiffWritesOneRowPerLoopAndMode() throws IOException {
        Path out = dir.resolve("out-git");
        CliRunner r = CliRunner.run("git-diff", "--tree", tree.toString(), "--loops", "2", "--runs", "3", "--out", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        List<String> csv = lines(out.resolve("vfs/git-diff.csv"));
        assertThat(csv.get(0)).startsWith("mode,loop,runs,user_s,sys_s,elapsed_s,cpu_pct");
        assertThat(csv).hasSize(1 + 4);
        assertThat(csv.subList(1, 5)).allMatch(l -> l.matches("(serial|parallel),[01],3,.*"));
        // alternating order: loop 0 serial first, loop 1 parallel first
        assertThat(csv.get(1)).startsWith("serial,0");
        assertThat(csv.get(3)).startsWith("parallel,1");
        assertThat(out.resolve("vfs/run.json")).content().contains("\"git\"").contains("git-diff");
        assertThat(r.out()).contains("Axboe's normalisation").contains("2.6.32-rc3 parallel").contains("measured here");
    }

    @Test
    void statWalkWritesOneRowPerWalkAndTheGitReference() throws IOException {
        Path out = dir.resolve("out-stat");
        CliRunner r = CliRunner.run("stat-walk", "--tree", tree.toString(), "--repeats", "2", "--out", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        List<String> csv = lines(out.resolve("vfs/stat-walk.csv"));
        assertThat(csv.get(0)).startsWith("threads,repeat,paths,wall_s,user_s,sys_s");
        assertThat(csv).hasSize(1 + 2 * StatWalkExperiment.THREADS.size());
        assertThat(csv.subList(1, csv.size())).allMatch(l -> l.split(",")[2].equals("30") && l.endsWith(",0"));
        assertThat(lines(out.resolve("vfs/stat-walk-git.csv"))).hasSize(1 + 4);
        assertThat(r.out()).contains("Java stat-walk / git diff elapsed: serial");
    }

    @Test
    void threadCountsCoverOneTheCoresAndGitsTwenty() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertThat(DcacheModelExperiment.threadCounts(null, Mode.QUICK)).contains(1, cores, 20).isSorted();
        assertThat(DcacheModelExperiment.threadCounts(null, Mode.FULL)).contains(1, 2, 4, 8, 16, 20, cores);
        assertThat(DcacheModelExperiment.threadCounts(List.of(64, 1, 64), Mode.QUICK)).containsExactly(1, 64);
        assertThat(DcacheModelExperiment.renameModes("both")).containsExactly(0, 1);
    }

    @Test
    void theModelsTablesArePrintedFromTheRows() {
        List<DcacheModelExperiment.Row> rows = new java.util.ArrayList<>();
        for (String walk : List.of("ref", "rcu")) {
            for (int threads : List.of(1, 2, 20)) {
                for (int it = 0; it < 3; it++) {
                    double cpu = threads == 1 ? 1.0 : 1.9;
                    rows.add(new DcacheModelExperiment.Row(walk, threads, 0, 0, it, 1e6 * (walk.equals("ref") ? 1 : 2),
                            cpu, 1, 2, 0, 0, 0, 0, 1.0));
                }
            }
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        DcacheModelExperiment.print(rows, new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
        String out = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(out).contains("The 2 x 2 table", "ref-walk, 1 thread", "vfs parallel", "ref-walk peaks at", ">=1.5 cores busy");
        // rcu does twice the walks in the same CPU: half the time and half the CPU per walk of ref-walk on 1 thread
        assertThat(out).containsPattern("rcu-walk, 1 thread\\s+0\\.50\\s+0\\.50");
    }

    @Test
    void jmhIterationsArePairedWithTheirCountersByForkAndIteration() {
        Map<String, String> ref = Map.of("walk", "ref", "renames", "0", "renamePauseMicros", "50");
        List<JmhRun.Iteration> its = List.of(
                new JmhRun.Iteration("b", ref, "thrpt", 0, 0, 100, "ops/s", 0, 0),
                new JmhRun.Iteration("b", ref, "thrpt", 1, 0, 200, "ops/s", 0, 0));
        List<String[]> counters = List.of(
                "ref,2,0,111,0,0.5,1,2,3,4,5,6,1.0".split(","),
                "ref,2,0,222,0,0.7,7,8,9,10,11,12,1.0".split(","));
        List<DcacheModelExperiment.Row> rows = DcacheModelExperiment.match(its, counters, 2);
        assertThat(rows).extracting(DcacheModelExperiment.Row::cpuS).containsExactly(0.5, 0.7);
        assertThat(rows.get(1).failedCas()).isEqualTo(7);
        assertThat(rows.get(1).cpuMicrosPerWalk()).isEqualTo(0.7 / 200 * 1e6);
    }
}
