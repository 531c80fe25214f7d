package labbook.wallet.experiments.syncsweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.format.ThrowawayPassword;
import labbook.wallet.store.KwlBackend;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The warm-up runs both save paths a sweep times: its first wallet is saved on the caller's thread and its last in the
 * background, in every variant timed in the sweep's own JVM.
 */
class SweepLoopWarmUpTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(names = {"KDE4", "KF5", "KF5_FDATASYNC", "AEAD"})
    void theWarmUpsWalletsLieOnBothSidesOfTheBackgroundSize(SweepVariant variant) {
        SweepVariant.SyncTarget wallet = variant.create(dir, ThrowawayPassword.draw());
        BenchmarkEntries entries = BenchmarkEntries.random();
        int first = SweepLoop.WARMUP_SIZES.get(0);
        int last = SweepLoop.WARMUP_SIZES.get(SweepLoop.WARMUP_SIZES.size() - 1);

        wallet.add(entries.next(first));
        assertThat(wallet.sync()).isLessThan(KwlBackend.BACKGROUND_MIN_BYTES);
        wallet.add(entries.next(last - first));
        assertThat(wallet.sync()).isGreaterThanOrEqualTo(KwlBackend.BACKGROUND_MIN_BYTES);
    }
}
