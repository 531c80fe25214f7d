package labbook.vfs.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.ResultsSchema;
import labbook.vfs.CliRunner;
import labbook.vfs.VfsSchemas;
import labbook.vfs.experiments.dcachemodel.DcacheModelExperiment;
import labbook.vfs.experiments.statwalk.StatWalkExperiment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The experiments run small, end to end: one results folder holds every CSV of the study, so each CSV's header can be
 * checked against {@link VfsSchemas}, and the rows are one per measurement.
 */
class ExperimentsTest {
    @TempDir
    static Path dir;

    static Path tree;
    static Path out;
    static CliRunner gitDiff;
    static CliRunner statWalk;
    static CliRunner statWalkSubset;
    static CliRunner model;
    static CliRunner kernelProfile;

    @BeforeAll
    static void runTheExperimentsSmall() throws IOException {
        Path source = dir.resolve("src");
        for (int i = 0; i < 30; i++) {
            Path f = source.resolve(i % 3 == 0 ? "drivers" : "d" + (i % 3))
                    .resolve("sub" + (i % 2))
                    .resolve("f" + i + ".c");
            Files.createDirectories(f.getParent());
            Files.writeString(f, "x" + i);
        }
        tree = dir.resolve("tree");
        assertThat(CliRunner.run("tree", "--source", source.toString(), "--dir", tree.toString())
                        .exit())
                .isZero();
        out = dir.resolve("results");
        gitDiff = CliRunner.run(
                "git-diff", "--tree", tree.toString(), "--loops", "2", "--runs", "3", "--out", out.toString());
        statWalk = CliRunner.run("stat-walk", "--tree", tree.toString(), "--repeats", "2", "--out", out.toString());
        statWalkSubset = CliRunner.run(
                "stat-walk",
                "--tree",
                tree.toString(),
                "--repeats",
                "2",
                "--threads",
                "20,1,20",
                "--out",
                dir.resolve("subset").toString());
        model = CliRunner.run(
                "dcache-model",
                "--tree",
                tree.toString(),
                "--threads",
                "1",
                "--renames",
                "on",
                "--forks",
                "2",
                "--out",
                out.toString());
        kernelProfile = CliRunner.run(
                "kernel-profile", "--tree", tree.toString(), "--rounds", "1", "--runs", "1", "--out", out.toString());
    }

    private static List<String> lines(String csv) throws IOException {
        return Files.readAllLines(out.resolve("vfs").resolve(csv));
    }

    @Test
    @SuppressWarnings("ReferenceEquality") // the schemas are constants: the same objects
    void everyCsvOfTheStudyHasExactlyItsDeclaredHeader() throws IOException {
        assertThat(List.of(gitDiff, statWalk, model, kernelProfile))
                .allSatisfy(r -> assertThat(r.exit()).as(r.err()).isZero());
        // where this machine cannot profile its kernel, kernel-profile writes only its status
        boolean profiled =
                lines(VfsSchemas.KERNEL_PROFILE_STATUS.fileName()).get(1).startsWith("1,");
        List<ResultsSchema> written = VfsSchemas.ALL.stream()
                .filter(s -> profiled
                        || s == VfsSchemas.KERNEL_PROFILE_STATUS
                        || !List.of(VfsSchemas.KERNEL_PROFILE, VfsSchemas.KERNEL_PROFILE_FUNCTIONS)
                                .contains(s))
                .toList();
        for (ResultsSchema schema : written) {
            assertThat(lines(schema.fileName()).get(0))
                    .as(schema.toString())
                    .isEqualTo(String.join(",", schema.names()));
        }
        try (var files = Files.list(out.resolve("vfs"))) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".csv")))
                    .containsExactlyInAnyOrderElementsOf(
                            written.stream().map(ResultsSchema::fileName).toList());
        }
    }

    @Test
    void gitDiffWritesOneRowPerLoopAndMode() throws IOException {
        assertThat(gitDiff.exit()).as(gitDiff.err()).isZero();
        List<String> csv = lines("git-diff.csv");
        assertThat(csv).hasSize(1 + 4);
        assertThat(csv.subList(1, 5)).allMatch(l -> l.matches("(serial|parallel),[01],3,.*"));
        // alternating order: loop 0 serial first, loop 1 parallel first
        assertThat(csv.get(1)).startsWith("serial,0");
        assertThat(csv.get(3)).startsWith("parallel,1");
        assertThat(out.resolve("vfs/run.json")).content().contains("\"git\"").contains("git-diff");
        assertThat(gitDiff.out())
                .contains("Axboe's normalisation")
                .contains("2.6.32-rc3 parallel")
                .contains("measured here")
                .contains("compare ratios with the seed");
    }

    @Test
    void statWalkWritesOneRowPerWalkAndTheGitReference() throws IOException {
        assertThat(statWalk.exit()).as(statWalk.err()).isZero();
        List<String> csv = lines("stat-walk.csv");
        assertThat(csv).hasSize(1 + 2 * StatWalkExperiment.QUICK_THREAD_COUNTS.size());
        assertThat(csv.subList(1, csv.size())).allMatch(l -> l.split(",")[2].equals("30") && l.endsWith(",0"));
        assertThat(lines("stat-walk-git.csv")).hasSize(1 + 4);
        assertThat(statWalk.out()).contains("Java stat-walk / git diff elapsed: serial");
    }

    @Test
    void statWalkOnSomeThreadCountsWalksThoseOnlyEachInAJvmOfItsOwn() throws IOException {
        assertThat(statWalkSubset.exit()).as(statWalkSubset.err()).isZero();
        List<String> csv = Files.readAllLines(dir.resolve("subset/vfs/stat-walk.csv"));
        // threads, repeat: repeat 0 walks up from 1 thread, repeat 1 down from 20 (each count once)
        assertThat(csv.subList(1, csv.size()).stream()
                        .map(l -> l.split(",")[0] + "," + l.split(",")[1])
                        .toList())
                .containsExactly("1,0", "20,0", "20,1", "1,1");
        assertThat(statWalkSubset.out()).contains("serial (1 thread)").contains("parallel (20 threads)");
        assertThat(dir.resolve("subset/vfs/run.json"))
                .content()
                .contains("./labbook vfs stat-walk --quick --tree " + tree
                        + " --repeats 2 --threads 20,1,20"); // as typed
    }

    @Test
    void aBadThreadCountIsRefusedBeforeAnyWork() {
        CliRunner r = CliRunner.run(
                "stat-walk",
                "--tree",
                tree.toString(),
                "--threads",
                "1,0",
                "--out",
                dir.resolve("bad").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().strip()).contains("--threads").doesNotContain("\n");
        assertThat(dir.resolve("bad")).doesNotExist();
    }

    @Test
    void theModelWritesOneRowPerMeasuredIterationWithItsCounters() throws IOException {
        assertThat(model.exit()).as(model.err()).isZero();
        List<String> csv = lines("dcache-model.csv");
        int iterations = Integer.parseInt(
                DcacheModelExperiment.QUICK_TIMING.get(DcacheModelExperiment.QUICK_TIMING.indexOf("-i") + 1));
        // two rounds, each a fresh JVM per walk: the row's fork is its round
        assertThat(csv).hasSize(1 + 2 * 2 * iterations);
        assertThat(csv.subList(1, csv.size())).allMatch(l -> l.matches("(ref|rcu),1,1,[01],[0-9]+,.*"));
        assertThat(csv.subList(1, csv.size()).stream().map(l -> l.split(",")[3]))
                .containsOnly("0", "1");
        // the renamer ran beside the walkers in every iteration
        int renameOps = VfsSchemas.DCACHE_MODEL.indexOf(VfsSchemas.RENAME_OPS);
        assertThat(csv.subList(1, csv.size())).allMatch(l -> Long.parseLong(l.split(",")[renameOps]) > 0);
        assertThat(out.resolve("vfs/run.json"))
                .content()
                .contains("\"jmh\"")
                .contains("./labbook vfs dcache-model --quick --tree " + tree + " --threads 1 --renames on --forks 2");
    }
}
