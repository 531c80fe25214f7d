package labbook.wallet.experiments.syncsweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the key worker hands back: its pairs, in order, or the one line that says why OpenSSL was not timed. */
class KeyWorkerTest {
    @TempDir
    Path dir;

    @Test
    void thePairsComeBackAsTheLabsTimesThenOpensslsInOrder() throws Exception {
        Path out = dir.resolve("key.pairs");
        Files.writeString(out, "16.5,19.25\n15.75,18.5\n\n");
        SyncSweepPrintout.KeyTimes times = KeyWorker.read(out);
        assertThat(List.of(times.labMs(), times.opensslMs()))
                .isEqualTo(List.of(List.of(16.5, 15.75), List.of(19.25, 18.5)));
    }

    @Test
    void aWorkerWithoutOpensslSaysWhyInOneLine() throws Exception {
        Path out = dir.resolve("key.pairs");
        Files.writeString(out, "unavailable: openssl-bf: gcc not found\n");
        assertThatThrownBy(() -> KeyWorker.read(out))
                .isInstanceOf(LabException.class)
                .hasMessage("openssl-bf: gcc not found");
    }
}
