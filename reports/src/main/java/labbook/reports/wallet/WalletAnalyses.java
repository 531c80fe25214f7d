package labbook.reports.wallet;

import static labbook.reports.wallet.WalletData.FRAME_MS;
import static labbook.reports.wallet.WalletData.NOTICEABLE_MS;
import static labbook.wallet.WalletResults.ACKNOWLEDGED_LOST;
import static labbook.wallet.WalletResults.ENTRIES;
import static labbook.wallet.WalletResults.FDATASYNC;
import static labbook.wallet.WalletResults.OUTCOME;
import static labbook.wallet.WalletResults.REGION;
import static labbook.wallet.WalletResults.SAVE_MS;
import static labbook.wallet.WalletResults.STRATEGY;
import static labbook.wallet.WalletResults.SYNC_MS;
import static labbook.wallet.WalletResults.VARIANT;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.reports.results.Results;
import labbook.reports.stats.LinearFit;
import labbook.reports.stats.Summaries;
import labbook.wallet.WalletResults;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/** The KWallet page's analysis tables: the fits, the medians per size, the crash and tamper counts. */
final class WalletAnalyses {
    private WalletAnalyses() {
    }

    static Map<String, Table> of(Results results) {
        Map<String, Table> out = new LinkedHashMap<>();
        var sweeps = results.tables(WalletResults.SYNC_SWEEP);
        if (!sweeps.isEmpty()) {
            Fits fits = new Fits();
            Table seed = WalletData.KWALLET_SYNC.table();
            for (String build : List.of("Release", "DebugFull")) {
                fits.add("seed 2009 (Q6600)", build + " build", WalletData.seedFit(seed, build));
            }
            for (var sweep : sweeps) {
                WalletData.syncFits(sweep.value()).forEach((v, f) -> fits.add(sweep.label(), v, f));
            }
            out.put("Linear fit of sync time against entries (ours: Theil-Sen through each size's median; seed: least squares "
                    + "through its 5 points), and the wallet size at which one sync passes 16 ms and 100 ms", fits.table());
            for (var sweep : sweeps) {
                Table m = Summaries.medians(sweep.value(), SYNC_MS.name(), VARIANT.name(), ENTRIES.name());
                // the sweep times every 100 entries once; the table keeps the repeated checkpoints
                Table checkpoints = m.where(m.intColumn("n").isGreaterThan(1));
                out.put("sync-sweep: median sync time per variant at the repeated checkpoints, with IQR and 95 % bootstrap interval ["
                        + sweep.label() + "]", checkpoints.isEmpty() ? m : checkpoints);
            }
        }
        for (var jmh : results.tables(WalletResults.SYNC_JMH)) {
            out.put("sync-jmh: JMH sync time per variant and size [" + jmh.label() + "]",
                    Summaries.medians(jmh.value(), SYNC_MS.name(), VARIANT.name(), ENTRIES.name()));
        }
        for (var save : results.tables(WalletResults.SAVE_STRATEGIES)) {
            out.put("save-strategies: median time to make one new entry durable, per size (the mean includes the journal's"
                    + " occasional fold: the amortised cost) [" + save.label() + "]",
                    Summaries.medians(WalletData.bySize(save.value()), SAVE_MS.name(), STRATEGY.name(), ENTRIES.name()));
        }
        for (var crash : results.tables(WalletResults.CRASH_TEST)) {
            // one row per kill (trial): count the outcomes per fdatasync setting
            out.put("crash-test: what a wallet holds after a kill during saves, and acknowledged entries lost [" + crash.label() + "]",
                    Summaries.counts(crash.value(), ACKNOWLEDGED_LOST.name(), FDATASYNC.name(), OUTCOME.name()));
        }
        for (var tamper : results.tables(WalletResults.TAMPER_TEST)) {
            out.put("tamper-test: what one flipped bit does, per region of the file, over every wallet tried [" + tamper.label() + "]",
                    Summaries.counts(tamper.value(), null, REGION.name(), OUTCOME.name()));
        }
        return out;
    }

    /** The fits table, a row per line. */
    private static final class Fits {
        final StringColumn machine = StringColumn.create("machine");
        final StringColumn variant = StringColumn.create("variant");
        final DoubleColumn per1000 = DoubleColumn.create("ms per 1000 entries");
        final DoubleColumn intercept = DoubleColumn.create("intercept ms");
        final DoubleColumn r2 = DoubleColumn.create("R²");
        final DoubleColumn at16 = DoubleColumn.create("entries at 16 ms");
        final DoubleColumn at100 = DoubleColumn.create("entries at 100 ms");

        void add(String who, String line, LinearFit f) {
            machine.append(who);
            variant.append(line);
            per1000.append(f.per1000());
            intercept.append(f.intercept());
            r2.append(f.r2());
            at16.append(f.crossing(FRAME_MS));
            at100.append(f.crossing(NOTICEABLE_MS));
        }

        Table table() {
            return Table.create("fits").addColumns(machine, variant, per1000, intercept, r2, at16, at100);
        }
    }
}
