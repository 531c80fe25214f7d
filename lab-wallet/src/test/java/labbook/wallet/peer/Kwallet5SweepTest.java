package labbook.wallet.peer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import labbook.core.LabException;
import labbook.core.PeerResult;
import labbook.wallet.format.KwlCodec;
import labbook.wallet.format.ThrowawayPassword;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed's loop on the real backend, small: one row per timed sync, the lab's file sizes, both ways of driving it.
 */
@ExtendWith(RealBackend.class)
class Kwallet5SweepTest {
    @TempDir
    Path dir;

    private static final SweepPlan PLAN = new SweepPlan(500, 100, new TreeSet<>(List.of(1, 100, 500)), 3);

    @Test
    void oneHarnessLoop() {
        List<SyncTiming> rows = Kwallet5.sweep(PLAN, true, dir);
        check(rows, 1);
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void withoutFdatasyncTheCallsAreStillCounted() {
        check(Kwallet5.sweep(PLAN, false, dir), 1);
    }

    @Test
    void longLivedSession() {
        Kwallet5Session kw = Kwallet5.session(false, dir);
        try (kw) {
            assertThat(kw.add(7)).isEqualTo(7);
            SyncTiming t = kw.sync(4);
            assertThat(t.entries()).isEqualTo(7);
            assertThat(t.repeat()).isEqualTo(4);
            // a second harness cannot start while this one holds Peer: refused at once, not a deadlock
            assertThatThrownBy(() -> Kwallet5.session(true, dir))
                    .isInstanceOf(LabException.class)
                    .hasMessageContaining("session is open");
            assertThatThrownBy(() -> Kwallet5.sweep(PLAN, true, dir))
                    .isInstanceOf(LabException.class)
                    .hasMessageContaining("session is open");
            assertThat(kw.add(3)).isEqualTo(10);
        }
        assertThat(kw.peerResult().ok()).isTrue();
        assertThat(dir).isEmptyDirectory();
    }

    /**
     * The backend answers a failed save with a desktop notification, which aborted a harness that had no GUI
     * application (exit 134, "QPixmap: Must construct a QGuiApplication before a QPixmap"). The harness's
     * {@code --fail-saves-after} makes QSaveFile's rename fail: the failure must come back as the backend's own code,
     * in one line. A new wallet whose first save fails is made once more (a weak key from its salt) before giving up.
     */
    @Test
    void aFailedSaveIsTheBackendsCodeNotAnAbort() {
        PeerResult firstSave = write("first.kwl", 0);
        assertThat(firstSave.exitCode()).isEqualTo(Harness.EXIT_OPEN_FAILED);
        assertThat(firstSave.stderr())
                .contains("creating it once more with a new salt")
                .contains("failed: rc -2")
                .doesNotContain("QPixmap");
        PeerResult laterSave = write("later.kwl", 1);
        assertThat(laterSave.exitCode()).isEqualTo(Harness.EXIT_SYNC_FAILED);
        assertThat(laterSave.stderr()).contains("failed: rc -4: write error").doesNotContain("QPixmap");
        assertThat(write("fine.kwl", 2).ok()).isTrue();
    }

    private PeerResult write(String name, int savesBeforeFailing) {
        Path scratch = Harness.newScratch(dir);
        byte[] stdin = ("password " + HarnessText.bytesToken(ThrowawayPassword.draw()) + "\nend\n")
                .getBytes(StandardCharsets.US_ASCII);
        return Harness.run(
                scratch,
                stdin,
                List.of(
                        "write",
                        "--scratch",
                        scratch.toString(),
                        scratch.resolve(name).toString(),
                        "--fail-saves-after",
                        Integer.toString(savesBeforeFailing)));
    }

    private static void check(List<SyncTiming> rows, int fdatasyncs) {
        int expected = PLAN.sizes().stream().mapToInt(PLAN::repeatsAt).sum();
        assertThat(rows).hasSize(expected);
        assertThat(rows.stream().map(SyncTiming::entries).distinct().toList()).isEqualTo(PLAN.sizes());
        for (SyncTiming t : rows) {
            // the seed's entries (20-char key, 50-byte Password value, one folder): the lab's sizes exactly
            long hash = 4 + 16 + 4 + 16L * t.entries();
            long payload = 2L * "benchmark".length() + 4 + 4 + (long) t.entries() * (4 + 40 + 4 + 4 + 50);
            assertThat(t.fileBytes()).isEqualTo(16 + hash + KwlCodec.blobSize(payload));
            assertThat(t.syncMs()).isPositive();
            assertThat(t.cpuMs()).isPositive();
            assertThat(t.fdatasyncs()).isEqualTo(fdatasyncs);
        }
        assertThat(rows.stream()
                        .filter(r -> r.entries() == 500)
                        .map(SyncTiming::repeat)
                        .toList())
                .containsExactly(0, 1, 2);
    }
}
