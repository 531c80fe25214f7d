package labbook.filecrypt.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import labbook.filecrypt.FilecryptResults;
import labbook.filecrypt.pgp.Compression;
import org.junit.jupiter.api.Test;

/** The CSV columns the reports module relies on: more may be added, none renamed. */
class SchemaTest {
    @Test
    void levelSweep() {
        assertThat(FilecryptResults.LEVEL_SWEEP.names())
                .containsSubsequence(
                        "corpus",
                        "file",
                        "file_bytes",
                        "engine",
                        "scope",
                        "algo",
                        "level",
                        "repeat",
                        "cpu_user_s",
                        "cpu_sys_s",
                        "wall_s",
                        "out_bytes");
    }

    @Test
    void levelDecrypt() {
        assertThat(FilecryptResults.LEVEL_DECRYPT.names())
                .containsSubsequence(
                        "corpus",
                        "file",
                        "file_bytes",
                        "engine",
                        "scope",
                        "algo",
                        "level",
                        "repeat",
                        "cpu_user_s",
                        "cpu_sys_s",
                        "wall_s",
                        "in_bytes",
                        "cipher_path",
                        "s2k_count",
                        "cpu_thread_s");
        assertThat(FilecryptResults.ALL)
                .containsSubsequence(FilecryptResults.LEVEL_SWEEP, FilecryptResults.LEVEL_DECRYPT);
    }

    @Test
    void directoryRuns() {
        assertThat(FilecryptResults.DIRECTORY_RUNS.names())
                .containsSubsequence(
                        "corpus",
                        "run",
                        "engine",
                        "scope",
                        "repeat",
                        "files",
                        "in_bytes",
                        "out_bytes",
                        "cpu_user_s",
                        "cpu_sys_s",
                        "wall_s");
    }

    @Test
    void directoryFiles() {
        assertThat(FilecryptResults.DIRECTORY_FILES.names())
                .containsExactly("corpus", "type", "file", "file_bytes", "sha256", "mime", "default_level", "origin");
        assertThat(FilecryptResults.ALL)
                .containsSubsequence(FilecryptResults.DIRECTORY_RUNS, FilecryptResults.DIRECTORY_FILES);
    }

    @Test
    void interop() {
        assertThat(FilecryptResults.INTEROP.names())
                .containsSubsequence("direction", "cipher", "algo", "level", "s2k_count", "armor", "passed");
    }

    @Test
    void levelJmh() {
        assertThat(FilecryptResults.LEVEL_JMH.names())
                .containsSubsequence("algo", "level", "fork", "iteration", "mb_per_s");
    }

    @Test
    void engineAndScopeValues() {
        assertThat(List.of(Engine.values())).extracting(Engine::engine).containsOnly("gpg", "bcpg");
        assertThat(List.of(Engine.values())).extracting(Engine::scope).containsOnly("process", "in-process");
    }

    @Test
    void theTimeSizeRulePicksTheSmallestProduct() {
        SampleGroups<LevelSweepExperiment.Key> r = new SampleGroups<>();
        // -z 0: 0.02 s x 100 = 2; -z 1: 0.10 s x 40 = 4; -z 9: 0.30 s x 35 = 10.5
        r.add(
                new LevelSweepExperiment.Key("f", Engine.GPG, Compression.ZIP, 0),
                new Sample(0.02, 0, 0.02, 100, Double.NaN));
        r.add(
                new LevelSweepExperiment.Key("f", Engine.GPG, Compression.ZIP, 1),
                new Sample(0.09, 0.01, 0.1, 40, Double.NaN));
        r.add(
                new LevelSweepExperiment.Key("f", Engine.GPG, Compression.ZIP, 9),
                new Sample(0.3, 0, 0.3, 35, Double.NaN));
        assertThat(LevelSweepPrintout.pick(r, "f", Engine.GPG, List.of(0, 1, 9)))
                .isZero();
        // the seed's 2011 figures for 100 MB: 1.5/2.95/4.6/4.5 s and 100,000/43,500/39,500/39,500 kB pick -z 1
        SampleGroups<LevelSweepExperiment.Key> seed = new SampleGroups<>();
        double[] cpu = {1.5, 2.95, 4.6, 4.5};
        long[] kb = {100_000, 43_500, 39_500, 39_500};
        int[] levels = {0, 1, 7, 9};
        for (int i = 0; i < 4; i++) {
            seed.add(
                    new LevelSweepExperiment.Key("enwik8", Engine.GPG, Compression.ZIP, levels[i]),
                    new Sample(cpu[i], 0, cpu[i], kb[i], Double.NaN));
        }
        assertThat(LevelSweepPrintout.pick(seed, "enwik8", Engine.GPG, List.of(0, 1, 7, 9)))
                .isEqualTo(1);
    }
}
