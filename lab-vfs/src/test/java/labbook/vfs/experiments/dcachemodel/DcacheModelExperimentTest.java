package labbook.vfs.experiments.dcachemodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import labbook.core.CsvResults;
import labbook.core.JmhRun;
import labbook.core.LabException;
import labbook.core.Mode;
import labbook.vfs.VfsSchemas;
import labbook.vfs.jmh.DcacheWalkBenchmark;
import labbook.vfs.jmh.ModelIteration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dcache-model experiment's parts that need no JMH run: the thread counts, rename settings and rounds it chooses,
 * the rows its forks hand back (by column name) and their pairing with JMH's iterations, and its printout.
 */
class DcacheModelExperimentTest {

    @Test
    void quickModeRunsTheTwoThreadCountsTheClaimDividesAndFullModeTheCurve() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertThat(DcacheModelExperiment.threadCounts(null, Mode.QUICK))
                .containsExactly(1, DcacheModelExperiment.claimThreads(cores));
        assertThat(DcacheModelExperiment.threadCounts(null, Mode.FULL))
                .contains(1, 2, 4, 8, 16, 20, cores)
                .isSorted();
        assertThat(DcacheModelExperiment.threadCounts(List.of(64, 1, 64), Mode.QUICK))
                .containsExactly(1, 64);
    }

    @Test
    void theClaimReadsGitsPreloadThreadsOrTheCoresWhereFewerAndAtLeastTwo() {
        assertThat(DcacheModelExperiment.claimThreads(1)).isEqualTo(2);
        assertThat(DcacheModelExperiment.claimThreads(2)).isEqualTo(2);
        assertThat(DcacheModelExperiment.claimThreads(8)).isEqualTo(8);
        assertThat(DcacheModelExperiment.claimThreads(20)).isEqualTo(20);
        assertThat(DcacheModelExperiment.claimThreads(64)).isEqualTo(20);
    }

    @Test
    void quickModeRunsTheModelWithoutTheRenamerUnlessAsked() {
        assertThat(DcacheModelExperiment.renameModes(null, Mode.QUICK)).containsExactly(0);
        assertThat(DcacheModelExperiment.renameModes(null, Mode.FULL)).containsExactly(0, 1);
        assertThat(DcacheModelExperiment.renameModes("both", Mode.QUICK)).containsExactly(0, 1);
        assertThat(DcacheModelExperiment.renameModes("on", Mode.QUICK)).containsExactly(1);
        assertThat(DcacheModelExperiment.renameModes("off", Mode.FULL)).containsExactly(0);
    }

    @Test
    void theModelsTablesArePrintedFromTheRows() {
        List<ModelIteration> rows = new ArrayList<>();
        for (String walk : List.of("ref", "rcu")) {
            for (int threads : List.of(1, 2, 20)) {
                for (int it = 0; it < 3; it++) {
                    double cpu = threads == 1 ? 1.0 : 1.9;
                    rows.add(new ModelIteration(
                            walk,
                            threads,
                            0,
                            0,
                            it,
                            1e6 * (walk.equals("ref") ? 1 : 2),
                            cpu,
                            1,
                            2,
                            0,
                            0,
                            0,
                            0,
                            1.0,
                            2));
                }
            }
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DcacheModelPrintout.print(rows, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains(
                        "The 2 x 2 table",
                        "ref-walk, 1 thread",
                        "vfs parallel",
                        "ref-walk peaks at",
                        ">=1.5 cores busy");
        // rcu does twice the walks in the same CPU: half the time and half the CPU per walk of ref-walk on 1 thread
        assertThat(printed).containsPattern("rcu-walk, 1 thread\\s+0\\.50\\s+0\\.50");
    }

    private static ModelIteration forkRow(String walk, int renames, int iteration, double cpuS, long failedCas) {
        return new ModelIteration(walk, 20, renames, 1, iteration, Double.NaN, cpuS, failedCas, 0, 0, 0, 0, 0, 0.5, 2);
    }

    private static JmhRun.Iteration jmh(String walk, int renames, int fork, int iteration, double score) {
        Map<String, String> params =
                Map.of("walk", walk, "renames", String.valueOf(renames), "renamePauseMicros", "50");
        return new JmhRun.Iteration("b", params, "thrpt", fork, iteration, score, "ops/s", 0, 0);
    }

    @Test
    void eachJmhIterationTakesTheRowItsForkWroteForTheSameWalkRenamesAndIteration() {
        List<ModelIteration> forks = List.of(
                forkRow("rcu", 0, 1, 0.7, 7),
                forkRow("ref", 0, 0, 0.5, 1),
                forkRow("ref", 0, 1, 0.6, 3),
                forkRow("rcu", 0, 0, 0.4, 5));
        List<ModelIteration> rows = DcacheModelExperiment.scored(
                List.of(
                        jmh("ref", 0, 0, 0, 100),
                        jmh("ref", 0, 0, 1, 200),
                        jmh("rcu", 0, 0, 0, 300),
                        jmh("rcu", 0, 0, 1, 400)),
                forks);
        assertThat(rows).extracting(ModelIteration::opsPerS).containsExactly(100.0, 200.0, 300.0, 400.0);
        assertThat(rows).extracting(ModelIteration::cpuS).containsExactly(0.5, 0.6, 0.4, 0.7);
        assertThat(rows).extracting(ModelIteration::failedCas).containsExactly(1L, 3L, 5L, 7L);
        // the row's fork is the round the experiment gave the fork, not JMH's fork number in its run
        assertThat(rows).extracting(ModelIteration::fork).containsOnly(1);
        assertThat(rows.get(1).cpuMicrosPerWalk()).isEqualTo(0.6 / (200 * 0.5) * 1e6);
    }

    @Test
    void anIterationWithoutItsForksRowOrARowWrittenTwiceIsOneLine() {
        assertThatThrownBy(() -> DcacheModelExperiment.scored(
                        List.of(jmh("ref", 1, 0, 2, 100)), List.of(forkRow("ref", 1, 0, 0.5, 1))))
                .isInstanceOf(LabException.class)
                .hasMessage("the model's rows lack ref walk, renames=1, fork 0, iteration 2");
        assertThatThrownBy(() -> DcacheModelExperiment.scored(
                        List.of(jmh("ref", 0, 0, 0, 100)),
                        List.of(forkRow("ref", 0, 0, 0.5, 1), forkRow("ref", 0, 0, 0.6, 2))))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("iteration 0 twice");
    }

    @Test
    void aForksRowsGoThroughTheSchemasCsvAndComeBackByColumnName(@TempDir Path dir) throws IOException {
        ModelIteration row = new ModelIteration("rcu", 20, 1, 2, 3, Double.NaN, 0.97, 4, 5, 6, 7, 8, 9, 0.5012, 2);
        try (CsvResults csv = CsvResults.open(dir.resolve("a"), VfsSchemas.DCACHE_MODEL)) {
            csv.row(ModelIteration.Binding.ROW, row);
            csv.commit();
        }
        Path written = dir.resolve("a/vfs/dcache-model.csv");
        assertThat(DcacheModelExperiment.forkRowsIn(written)).containsExactly(row);
        // by name, not by place: the same cells with the columns in reverse order read the same
        List<String> lines = Files.readAllLines(written);
        List<String> names = new ArrayList<>(List.of(lines.get(0).split(",")));
        List<String> cells = new ArrayList<>(List.of(lines.get(1).split(",", -1)));
        Collections.reverse(names);
        Collections.reverse(cells);
        Path reversed = dir.resolve("reversed.csv");
        Files.write(reversed, List.of(String.join(",", names), String.join(",", cells)));
        assertThat(DcacheModelExperiment.forkRowsIn(reversed)).containsExactly(row);
    }

    @Test
    void aForksCsvWithoutAColumnOrWithABadCellIsOneLineNamingIt(@TempDir Path dir) throws IOException {
        Path noCores = dir.resolve("no-cores.csv");
        List<String> names = new ArrayList<>(VfsSchemas.DCACHE_MODEL.names());
        names.remove(VfsSchemas.CORES.name());
        Files.write(noCores, List.of(String.join(",", names)));
        assertThatThrownBy(() -> DcacheModelExperiment.forkRowsIn(noCores))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith(noCores + ": no column 'cores'");
        Path badCell = dir.resolve("bad-cell.csv");
        Files.write(
                badCell,
                List.of(String.join(",", VfsSchemas.DCACHE_MODEL.names()), "ref,many,0,0,0,,0.5,0,0,0,0,0,0,0.5,2"));
        assertThatThrownBy(() -> DcacheModelExperiment.forkRowsIn(badCell))
                .isInstanceOf(LabException.class)
                .hasMessage(badCell + " row 1: " + VfsSchemas.WALKER_THREADS.name() + " 'many' is not a whole number");
    }

    @Test
    void theForksOfOneJmhRunAreTheRoundsOwnWithTheModulesFlags() {
        List<String> args = DcacheModelExperiment.jmhArgs(
                DcacheModelExperiment.QUICK_TIMING, 20, List.of(0), Path.of("/r"), Path.of("/p"), 2);
        // one fork per walk and rename setting in a JMH run: the rounds are the forks
        assertThat(args.get(args.indexOf("-f") + 1)).isEqualTo("1");
        assertThat(args.get(args.indexOf("-t") + 1)).isEqualTo("20");
        assertThat(args.get(args.indexOf("-jvmArgsAppend") + 1))
                .contains("-D" + DcacheWalkBenchmark.FORK_PROPERTY + "=2")
                .contains("-D" + DcacheWalkBenchmark.ROWS_PROPERTY + "=/r");
    }

    @Test
    void quickModeRunsFiveRoundsOfShortForksAndABadCountIsRefused() {
        assertThat(DcacheModelExperiment.rounds(Mode.QUICK)).isEqualTo(5);
        // five rounds of 0.3 s iterations cost the clock what three rounds of 0.5 s did
        assertThat(DcacheModelExperiment.QUICK_TIMING).containsSubsequence("-w", "300ms", "-r", "300ms");
        assertThat(DcacheModelExperiment.rounds(Mode.FULL)).isEqualTo(2);
        assertThatThrownBy(() -> DcacheModelExperiment.threadCounts(List.of(1, 0), Mode.QUICK))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("--threads");
    }
}
