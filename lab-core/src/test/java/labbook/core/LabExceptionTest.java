package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabExceptionTest {
    @TempDir
    Path dir;

    private static String failureOf(IoAction action, String what, Path file) {
        try {
            action.run();
        } catch (IOException e) {
            return LabException.cannot(what, file, e).getMessage();
        }
        throw new AssertionError("no failure");
    }

    interface IoAction {
        void run() throws IOException;
    }

    @Test
    void namesTheFileOnceWithAPlainReason() {
        Path missing = dir.resolve("missing.txt");
        assertThat(failureOf(() -> Files.readAllBytes(missing), "read passphrase file", missing))
                .isEqualTo("cannot read passphrase file " + missing + ": no such file");
        assertThat(failureOf(() -> Files.readAllBytes(dir), "read wallet", dir))
                .isEqualTo("cannot read wallet " + dir + ": Is a directory");
        Path existing = dir.resolve("there");
        assertThat(failureOf(
                        () -> {
                            Files.createFile(existing);
                            Files.createFile(existing);
                        },
                        "create",
                        existing))
                .isEqualTo("cannot create " + existing + ": it already exists");
    }
}
