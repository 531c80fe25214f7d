package labbook.wallet.experiments.syncsweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.wallet.WalletSeeds;
import labbook.wallet.peer.OpensslBlowfish;
import org.junit.jupiter.api.Test;

/** What sync-sweep prints from its rows: ratios paired by repeat, the speed goal, the DebugFull question. */
class SyncSweepPrintoutTest {
    @Test
    void ratiosPairTheSameRepeat() {
        List<SweepLoop.Row> a = List.of(row("kde4", 100, 0, 2), row("kde4", 100, 1, 3), row("kde4", 200, 0, 9));
        List<SweepLoop.Row> b =
                List.of(row("kwallet5", 100, 1, 6), row("kwallet5", 100, 0, 8), row("kwallet5", 300, 0, 1));
        assertThat(SyncSweepPrintout.ratios(a, b, 100)).containsExactly(0.25, 0.5);
        assertThat(SyncSweepPrintout.ratios(a, b, 200)).isEmpty();
    }

    @Test
    void theDebugFullQuestionNamesTheNearerAnalogue() {
        // the seed: DebugFull 192 ms / Release 56 ms at 10,000 entries = x3.43
        Map<String, List<SweepLoop.Row>> byVariant = Map.of(
                "kde4",
                List.of(row("kde4", 10_000, 0, 10)),
                "kde4-c1",
                List.of(row("kde4-c1", 10_000, 0, 25)),
                "kde4-xint",
                List.of(row("kde4-xint", 10_000, 0, 900)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SyncSweepPrintout.printDebugFullQuestion(
                byVariant, WalletSeeds.load(), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .contains("seed DebugFull / Release = x3.43")
                .contains("kde4-c1 / kde4 = x2.50")
                .contains("kde4-xint / kde4 = x90.00")
                .endsWith("kde4-c1 comes nearer\n");
    }

    @Test
    void theSpeedGoalIsPrintedWithItsSpread() {
        List<SweepLoop.Row> rows = new ArrayList<>();
        for (int r = 0; r < 5; r++) {
            rows.add(row("kde4", 10_000, r, 10 + r));
            rows.add(row("kwallet5", 10_000, r, 40));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SyncSweepPrintout.print(
                rows, WalletSeeds.load(), Optional.empty(), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .contains("kde4 / kwallet5 (median)")
                .contains("speed goal: kde4 at 10,000 entries <= 0.35 x kwallet5: 0.30 x (IQR 0.28-0.33, n=5): met")
                .doesNotContain("OpenSSL");
    }

    @Test
    void thePhasesAreMediansOfTheTimedRowsAndTheRestIsWhatTheyLeave() {
        List<SweepLoop.Row> rows = List.of(
                // sync 12 = wait 1 + commit 1 + rest 10; 13 = 0.5 + 0.5 + 12; 20 = 6 + 2 + 12
                new SweepLoop.Row("kde4", 10_000, 0, 0, 12, 10, 800, 12, 10, 1, 1),
                new SweepLoop.Row("kde4", 10_000, 1, 0, 13, 11, 800, 13, 11, 0.5, 0.5),
                new SweepLoop.Row("kde4", 10_000, 2, 0, 20, 12, 800, 20, 12, 6, 2),
                // kept from a killed run: no phases, left out
                new SweepLoop.Row("kde4", 10_000, 3, 0, 99, 99, 800, 99, 99, Double.NaN, Double.NaN),
                // another size: left out
                new SweepLoop.Row("kde4", 100_000, 0, 0, 99, 90, 8000, 99, 90, 5, 4));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SyncSweepPrintout.printPhases("kde4", 10_000, rows, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .isEqualTo("  kde4's syncs at 10,000 entries beside their cipher:"
                        + " waiting for the walk's thread 1.00 ms (IQR 0.75-3.50, largest 6.00),"
                        + " the commit 1.00 ms (IQR 0.75-1.50, largest 2.00),"
                        + " the rest 12.00 ms (IQR 11.00-12.00; the cipher alone 11.00), n=3\n");
    }

    @Test
    void rowsWithoutPhasesPrintNoPhases() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SyncSweepPrintout.printPhases(
                "kde4",
                10_000,
                List.of(row("kde4", 10_000, 0, 5)),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void theCipherGoalSetsEachVariantsCipherAgainstOpensslsOnTheSameBytes() {
        List<SweepLoop.Row> rows = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            rows.add(new SweepLoop.Row("kde4", 10_000, r, 0, 12, 10 + r, 800, 12, 10 + r, Double.NaN, Double.NaN));
            rows.add(new SweepLoop.Row("kf5", 10_000, r, 0, 14, 8, 800, 14, 8, Double.NaN, Double.NaN));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SyncSweepPrintout.print(
                rows,
                WalletSeeds.load(),
                Optional.of(new SyncSweepPrintout.OpensslTimes(
                        800,
                        Map.of(
                                OpensslBlowfish.Mode.CBC,
                                List.of(8.0, 10.0, 9.0),
                                OpensslBlowfish.Mode.ECB,
                                List.of(10.0, 10.0, 11.0)))),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .contains("OpenSSL BF_cbc_encrypt on 800 bytes: 9.00 ms")
                .contains("OpenSSL BF_ecb_encrypt on 800 bytes: 10.00 ms")
                .contains("cipher goal: kde4's Blowfish at 10,000 entries <= 1.1 x OpenSSL's ECB: 11.00 ms / 10.00 ms"
                        + " = 1.10 x: met")
                .contains("cipher goal: kf5's Blowfish at 10,000 entries <= 1.1 x OpenSSL's CBC: 8.00 ms / 9.00 ms"
                        + " = 0.89 x: met")
                .contains("goal <= 1.15");
    }

    /** The goal is judged on the per-pair ratios (1.0, 0.5, 0.8: median 0.8), not on the ratio of the medians. */
    @Test
    void theKeyGoalTakesTheMedianOfThePairsRatios() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SyncSweepPrintout.printKeyAgainstOpenssl(
                new SyncSweepPrintout.KeyTimes(50_000, List.of(60.0, 40.0, 48.0), List.of(60.0, 80.0, 60.0)),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .contains("PBKDF2-HMAC-SHA512 of 50,000 iterations: lab 48.00 ms (IQR 44.00-54.00), OpenSSL's"
                        + " PKCS5_PBKDF2_HMAC 60.00 ms (IQR 60.00-70.00), n=3 pairs")
                .contains("key goal: the lab's PBKDF2 <= 1.1 x OpenSSL's: 0.80 x (median of per-pair ratios, IQR"
                        + " 0.65-0.90): met");
    }

    /**
     * kde4 at 10,000 entries: syncs 10, 11, 12 ms (median 11), cipher 8 ms on 1,000 bytes (sync / cipher median 1.375);
     * at 100,000: 110, 121, 132 ms (median 121), cipher 100 ms on 10,000 bytes (median 1.21). Growth 121 / 11 = 11.00,
     * missed; beside the cipher 1.21 / 1.375 x 10 = 8.80. kf5 stopped at 10,000 entries: no line.
     */
    @Test
    void theGrowthGoalIsTheRatioOfTheMedianSyncsWithTheCipherBesideIt() {
        List<SweepLoop.Row> rows = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            rows.add(new SweepLoop.Row("kde4", 10_000, r, 0, 10 + r, 8, 1000, 10 + r, 8, Double.NaN, Double.NaN));
            rows.add(new SweepLoop.Row(
                    "kde4", 100_000, r, 0, 110 + 11 * r, 100, 10_000, 110 + 11 * r, 100, Double.NaN, Double.NaN));
            rows.add(new SweepLoop.Row("kf5", 10_000, r, 0, 12, 9, 1000, 12, 9, Double.NaN, Double.NaN));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SyncSweepPrintout.printGrowth(
                Map.of(
                        "kde4",
                        rows.stream().filter(r -> r.variant().equals("kde4")).toList(),
                        "kf5",
                        rows.stream().filter(r -> r.variant().equals("kf5")).toList()),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .isEqualTo("growth goal: kde4 from 10,000 to 100,000 entries <= 10.5 x: 11.00 x (median syncs 11.00 ->"
                        + " 121.00 ms, n=3, 3); beside its cipher alone 8.80 x: NOT met\n");
    }

    @Test
    void keyTimingsComeInPairs() {
        assertThatThrownBy(() -> new SyncSweepPrintout.KeyTimes(1, List.of(1.0, 2.0), List.of(1.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 by the lab, 1 by OpenSSL");
    }

    private static SweepLoop.Row row(String variant, int entries, int repeat, double ms) {
        return new SweepLoop.Row(
                variant, entries, repeat, 0, ms, Double.NaN, null, ms, Double.NaN, Double.NaN, Double.NaN);
    }
}
