package labbook.filecrypt.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import labbook.filecrypt.FilecryptSchemas;
import org.junit.jupiter.api.Test;

/** The CSV columns the reports module relies on: more may be added, none renamed. */
class SchemaTest {
    /** The columns both level-sweep CSVs start with (FilecryptSchemas' ONE_LEVEL), typed out so a rename fails here. */
    private static final List<String> ONE_LEVEL = List.of(
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
            "wall_s");

    private static List<String> with(List<String> first, String... more) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(more));
        return all;
    }

    @Test
    void levelSweep() {
        assertThat(FilecryptSchemas.LEVEL_SWEEP.names()).containsSubsequence(with(ONE_LEVEL, "out_bytes"));
    }

    @Test
    void levelDecrypt() {
        assertThat(FilecryptSchemas.LEVEL_DECRYPT.names())
                .containsSubsequence(with(ONE_LEVEL, "in_bytes", "cipher_path", "s2k_count", "cpu_thread_s"));
        assertThat(FilecryptSchemas.ALL)
                .containsSubsequence(FilecryptSchemas.LEVEL_SWEEP, FilecryptSchemas.LEVEL_DECRYPT);
    }

    @Test
    void directoryRuns() {
        assertThat(FilecryptSchemas.DIRECTORY_RUNS.names())
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
        assertThat(FilecryptSchemas.DIRECTORY_FILES.names())
                .containsExactly("corpus", "type", "file", "file_bytes", "sha256", "mime", "default_level", "origin");
        assertThat(FilecryptSchemas.ALL)
                .containsSubsequence(FilecryptSchemas.DIRECTORY_RUNS, FilecryptSchemas.DIRECTORY_FILES);
    }

    @Test
    void interop() {
        assertThat(FilecryptSchemas.INTEROP.names())
                .containsSubsequence("direction", "cipher", "algo", "level", "s2k_count", "armor", "passed");
    }

    @Test
    void levelJmh() {
        assertThat(FilecryptSchemas.LEVEL_JMH.names())
                .containsSubsequence("algo", "level", "fork", "iteration", "mb_per_s");
    }

    @Test
    void engineAndScopeValues() {
        assertThat(List.of(Engine.values())).extracting(Engine::engine).containsOnly("gpg", "bcpg");
        assertThat(List.of(Engine.values())).extracting(Engine::scope).containsOnly("process", "in-process");
    }
}
