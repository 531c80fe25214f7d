package labbook.wallet.experiments.crashtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import labbook.core.LabException;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.ThrowawayPassword;
import labbook.wallet.format.WalletContents;
import labbook.wallet.store.KwlFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash-test writer that cannot do its work ends the crash test's wait for it at once, with one line naming it, its
 * exit status and its own one-line reason: never a stack trace, never a wait for the silence bound. Each failure is
 * forced with a real writer process.
 */
class CrashWritersTest {
    @TempDir
    Path dir;

    @Test
    void aWriterThatCannotOpenTheWalletFailsAtOnceWithItsOwnLine() {
        Path wallet = dir.resolve("crash.kwl");
        byte[] password = ThrowawayPassword.draw();
        KwlFile.create(wallet, new WalletContents(), KwlFormat.KDE4, password, false);
        long start = System.nanoTime();
        try (CrashWriters writers = new CrashWriters(wallet, 1)) {
            CrashWriters.Writer writer = writers.next();
            writer.go(false, "not-the-password".getBytes(StandardCharsets.UTF_8));
            assertThatThrownBy(writer::awaitReady)
                    .isInstanceOf(LabException.class)
                    .hasMessageMatching("crash-test writer \\(pid \\d+\\) ended before it answered: exit 1: crash-test "
                            + "writer: .*wrong password.*")
                    .hasMessageNotContaining("\tat ")
                    .hasMessageNotContaining("not-the-password");
        }
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .as("ended by the writer's death, not the silence bound")
                .isLessThan(CrashWriters.SILENCE);
    }

    @Test
    void aWriterKilledBeforeItAnsweredIsNamedWithItsSignal() {
        Path wallet = dir.resolve("crash.kwl");
        byte[] password = ThrowawayPassword.draw();
        KwlFile.create(wallet, new WalletContents(), KwlFormat.KDE4, password, false);
        try (CrashWriters writers = new CrashWriters(wallet, 1)) {
            CrashWriters.Writer writer = writers.next();
            assertThat(writer.kill())
                    .as("no ACK from a writer killed while booting")
                    .isEqualTo(-1);
            assertThatThrownBy(writer::awaitReady)
                    .hasMessageMatching("crash-test writer \\(pid \\d+\\) ended before it answered: killed by signal 9 "
                            + "\\(KILL\\).*");
        }
    }
}
