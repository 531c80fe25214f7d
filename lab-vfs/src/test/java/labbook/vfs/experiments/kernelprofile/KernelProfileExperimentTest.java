package labbook.vfs.experiments.kernelprofile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import labbook.core.Mode;
import labbook.vfs.CliRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kernel-profile end to end on a small tree with the real perf, where this machine lets the lab sample its kernel (as
 * root, with linux-perf installed); elsewhere it checks the one line and is then skipped.
 */
class KernelProfileExperimentTest {
    @TempDir
    Path dir;

    @Test
    void quickModeRunsMoreRoundsAtTheSameSamplingRate() {
        assertThat(KernelProfileExperiment.rounds(Mode.QUICK)).isEqualTo(8);
        assertThat(KernelProfileExperiment.runs(Mode.QUICK)).isEqualTo(10);
        assertThat(KernelProfileExperiment.rounds(Mode.FULL)).isEqualTo(5);
        assertThat(KernelProfileExperiment.runs(Mode.FULL)).isEqualTo(20);
        assertThat(new Perf("perf").sampleNanos()).isEqualTo(250_000);
    }

    @Test
    void aSmallProfileHasARowPerWorkloadAndRoundAndItsFoldedStacks() throws IOException {
        Path source = dir.resolve("src");
        for (int i = 0; i < 200; i++) {
            Path f = source.resolve("d" + i % 7).resolve("s" + i % 3).resolve("f" + i + ".c");
            Files.createDirectories(f.getParent());
            Files.writeString(f, "x");
        }
        Path tree = dir.resolve("tree");
        assertThat(CliRunner.tree(source, tree).exit()).isZero();
        Path out = dir.resolve("results");
        CliRunner r = CliRunner.run(
                "kernel-profile", "--tree", tree.toString(), "--rounds", "2", "--runs", "2", "--out", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        Path vfs = out.resolve("vfs");
        List<String> status = Files.readAllLines(vfs.resolve("kernel-profile-status.csv"));
        assumeTrue(status.get(1).startsWith("1,"), "this machine cannot profile its kernel: " + status.get(1));

        List<String[]> rows = Files.readAllLines(vfs.resolve("kernel-profile.csv")).stream()
                .skip(1)
                .map(l -> l.split(","))
                .toList();
        assertThat(rows).hasSize(2 * 4);
        assertThat(rows.stream().map(f -> f[0] + " " + f[1]).distinct())
                .containsExactlyInAnyOrder(
                        "git-diff serial", "git-diff parallel", "stat-walk serial", "stat-walk parallel");
        for (String[] f : rows) {
            long entries = Long.parseLong(f[5]);
            long lookups = Long.parseLong(f[6]);
            assertThat(entries).isEqualTo(200);
            // a walk makes one statx per entry (the JVM's other threads may add a few); git an lstat per entry and
            // per leading folder, and a few for its own files
            if (f[0].equals("stat-walk")) {
                assertThat(lookups).isBetween(entries, entries + 50);
            } else {
                assertThat(lookups).isGreaterThanOrEqualTo(entries);
            }
            assertThat(Long.parseLong(f[14])).as("kernel samples").isLessThanOrEqualTo(Long.parseLong(f[13]));
            assertThat(Double.parseDouble(f[15]))
                    .as("sample_us, perf's default rate")
                    .isEqualTo(250.0);
        }
        // every kernel sample of a round is in one row of the functions CSV: they add up
        Map<String, Long> byRound = Files.readAllLines(vfs.resolve("kernel-profile-functions.csv")).stream()
                .skip(1)
                .map(l -> l.split(","))
                .collect(Collectors.groupingBy(
                        f -> f[0] + " " + f[1] + " " + f[2], Collectors.summingLong(f -> Long.parseLong(f[5]))));
        for (String[] f : rows) {
            assertThat(byRound.getOrDefault(f[0] + " " + f[1] + " " + f[3], 0L))
                    .as(f[0] + " " + f[1] + " round " + f[3])
                    .isEqualTo(Long.parseLong(f[14]));
        }
        try (var stacks = Files.list(vfs.resolve(KernelProfileExperiment.STACKS_FOLDER))) {
            assertThat(stacks.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(
                            "git-diff-serial.folded",
                            "git-diff-parallel.folded",
                            "stat-walk-serial.folded",
                            "stat-walk-parallel.folded");
        }
        assertThat(r.out()).contains("system time per lookup by category", "perf record's cost");
    }
}
