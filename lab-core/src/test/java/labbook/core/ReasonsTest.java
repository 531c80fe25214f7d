package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import javax.imageio.IIOException;
import org.junit.jupiter.api.Test;

/** Why a file operation failed, in words: never a Java class name. */
class ReasonsTest {
    @Test
    void theInnermostReasonIsTheOneGiven() {
        IOException disk = new IOException("No space left on device");
        assertThat(Reasons.of(new IIOException("I/O error writing PNG file!", disk)))
                .isEqualTo("No space left on device");
        assertThat(Reasons.of(new java.io.UncheckedIOException(
                        new FileSystemException("/x", null, "No space left on device"))))
                .isEqualTo("No space left on device");
        assertThat(Reasons.of(new NoSuchFileException("/x"))).isEqualTo("no such file");
        assertThat(Reasons.of(new AccessDeniedException("/x"))).isEqualTo("permission denied");
        assertThat(Reasons.of(new MalformedInputException(1))).isEqualTo("not UTF-8 text");
    }

    @Test
    void classNamesAreNeverGiven() {
        assertThat(Reasons.of(new IllegalStateException("java.lang.NumberFormatException: For input string: \"x\"")))
                .isEqualTo("For input string: \"x\"");
        assertThat(Reasons.of(new IOException())).isEqualTo("failed");
        assertThat(Reasons.of(new NullPointerException())).isEqualTo("failed");
        assertThat(Reasons.of(new StackOverflowError())).isEqualTo("nested too deeply");
        assertThat(Reasons.plain("line one\n\tat x.Y.z(Y.java:1)")).isEqualTo("line one; at x.Y.z(Y.java:1)");
        assertThat(LabException.cannot(
                        "write the site in", Path.of("/out"), new IOException(new RuntimeException("disk gone"))))
                .hasMessage("cannot write the site in /out: disk gone");
    }
}
