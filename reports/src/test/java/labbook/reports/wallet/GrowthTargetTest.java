package labbook.reports.wallet;

import static org.assertj.core.api.Assertions.assertThat;

import labbook.reports.Explore;
import labbook.reports.Fixtures;
import labbook.reports.study.Target;
import labbook.reports.study.Verdict;
import labbook.wallet.WalletSchemas;
import labbook.wallet.experiments.syncsweep.SweepVariant;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The targets judged at 100,000 entries, the growth and the speed against the real backend, on a sweep that went there
 * and on quick mode's, which stops at 10,000 entries and must say so rather than look like a failed run.
 */
class GrowthTargetTest {
    /**
     * kde4 at 10,000 entries: syncs 10, 11, 12 ms (median 11), cipher 8 ms on 1,000 bytes (sync / cipher median 1.375);
     * at 100,000: 110, 121, 132 ms (median 121), cipher 100 ms on 10,000 bytes (median 1.21); kwallet5 40 and 400 ms.
     * Growth 121 / 11 = 11.0, missed; beside the cipher 1.21 / 1.375 x 10 = 8.8; kde4 / kwallet5 at 100,000 entries:
     * 110/400, 121/400, 132/400, median 0.3025, met.
     */
    private static Table fullSweep() {
        Table t = Table.create(
                StringColumn.create(WalletSchemas.VARIANT.name()),
                IntColumn.create(WalletSchemas.ENTRIES.name()),
                IntColumn.create(WalletSchemas.REPEAT.name()),
                DoubleColumn.create(WalletSchemas.SYNC_MS.name()),
                DoubleColumn.create(WalletSchemas.CIPHER_MS.name()),
                DoubleColumn.create(WalletSchemas.CIPHER_BYTES.name()));
        for (int r = 0; r < 3; r++) {
            add(t, "kde4", 10_000, r, 10 + r, 8, 1000);
            add(t, "kde4", 100_000, r, 110 + 11 * r, 100, 10_000);
            add(t, "kwallet5", 10_000, r, 40, Double.NaN, Double.NaN);
            add(t, "kwallet5", 100_000, r, 400, Double.NaN, Double.NaN);
        }
        return t;
    }

    private static void add(
            Table t, String variant, int entries, int repeat, double sync, double cipher, double bytes) {
        t.stringColumn(0).append(variant);
        t.intColumn(1).append(entries);
        t.intColumn(2).append(repeat);
        t.doubleColumn(3).append(sync);
        t.doubleColumn(4).append(cipher);
        t.doubleColumn(5).append(bytes);
    }

    @Test
    void theGrowthIsTheRatioOfTheMedianSyncs() {
        Target t = WalletTargets.growth(fullSweep(), SweepVariant.KDE4, "full");
        assertThat(t.value()).isCloseTo(11.0, Offset.offset(1e-9));
        assertThat(t.verdict()).isEqualTo(Verdict.MISSED);
        assertThat(t.measured()).isEqualTo("×11");
        assertThat(t.note()).isEqualTo("median syncs 11 ms (n=3) -> 121 ms (n=3); beside its cipher alone ×8.8");
    }

    @Test
    void theSpeedTargetIsJudgedAtTheLoopsEndToo() {
        Target t = WalletTargets.speed(fullSweep(), "full", 100_000);
        assertThat(t.target()).endsWith("at 100,000 entries");
        assertThat(t.value()).isCloseTo(0.3025, Offset.offset(1e-9));
        assertThat(t.verdict()).isEqualTo(Verdict.MET);
    }

    @Test
    void aQuickSweepSaysWhereItStopped() {
        Table quick = Explore.table(Fixtures.a(), "wallet", "sync-sweep");
        for (Target t : new Target[] {
            WalletTargets.growth(quick, SweepVariant.AEAD, "fixture-a"),
            WalletTargets.speed(quick, "fixture-a", 100_000)
        }) {
            assertThat(t.verdict()).isEqualTo(Verdict.NOT_MEASURED);
            assertThat(t.measured())
                    .isEqualTo("not measured: this sweep stopped at 10,000 entries (full mode goes to 100,000)");
        }
    }

    @Test
    void aVariantTheSweepLeftOutIsNamed() {
        Target t = WalletTargets.growth(fullSweep(), SweepVariant.KF5, "full");
        assertThat(t.verdict()).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(t.measured()).isEqualTo("no kf5 syncs at 10,000 and 100,000 entries");
    }
}
