package labbook.reports.wallet;

import static labbook.reports.wallet.WalletData.FRAME_MS;
import static labbook.reports.wallet.WalletData.NOTICEABLE_MS;
import static labbook.wallet.WalletSchemas.ACKNOWLEDGED_LOST;
import static labbook.wallet.WalletSchemas.DIRECTION;
import static labbook.wallet.WalletSchemas.ENTRIES;
import static labbook.wallet.WalletSchemas.FDATASYNC;
import static labbook.wallet.WalletSchemas.OPEN_CODE;
import static labbook.wallet.WalletSchemas.OUTCOME;
import static labbook.wallet.WalletSchemas.REGION;
import static labbook.wallet.WalletSchemas.SAVE_MS;
import static labbook.wallet.WalletSchemas.STRATEGY;
import static labbook.wallet.WalletSchemas.SYNC_MS;
import static labbook.wallet.WalletSchemas.VARIANT;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import labbook.reports.results.Results;
import labbook.reports.stats.LinearFit;
import labbook.reports.stats.Summaries;
import labbook.reports.stats.TableOf;
import labbook.wallet.WalletSchemas;
import labbook.wallet.WalletSeeds;
import labbook.wallet.experiments.interop.InteropChecks;
import labbook.wallet.experiments.syncsweep.SweepVariant;
import tech.tablesaw.api.Table;

/** The KWallet page's analysis tables: the fits, the medians per size, the crash and tamper counts. */
final class WalletAnalyses {
    private WalletAnalyses() {}

    static Map<String, Table> of(Results results) {
        Map<String, Table> out = new LinkedHashMap<>();
        var sweeps = results.tables(WalletSchemas.SYNC_SWEEP);
        if (!sweeps.isEmpty()) {
            Fits fits = new Fits();
            Table seed = WalletData.KWALLET_SYNC.table();
            for (String build : List.of(WalletSeeds.RELEASE, WalletSeeds.DEBUG_FULL)) {
                fits.add("seed 2009 (Q6600)", build + " build", WalletData.seedFit(seed, build));
            }
            for (var sweep : sweeps) {
                WalletData.syncFits(sweep.value()).forEach((v, f) -> fits.add(sweep.label(), v, f));
            }
            out.put(
                    "Linear fit of sync time against entries (ours: Theil-Sen through each size's median; "
                            + "seed: least squares "
                            + "through its 5 points), and the wallet size at which one sync passes 16 ms and 100 ms",
                    fits.table());
            for (var sweep : sweeps) {
                Table m = Summaries.medians(sweep.value(), SYNC_MS.name(), VARIANT.name(), ENTRIES.name());
                // the sweep times every 100 entries once; the table keeps the repeated checkpoints
                Table checkpoints = m.where(m.intColumn(Summaries.N).isGreaterThan(1));
                out.put(
                        "sync-sweep: median sync time per variant at the repeated checkpoints, with IQR and "
                                + "95 % bootstrap interval ["
                                + sweep.label() + "]",
                        checkpoints.isEmpty() ? m : checkpoints);
            }
            for (var sweep : sweeps) {
                Table real = WalletData.againstReal(sweep.value());
                if (!real.isEmpty()) {
                    out.put(
                            "The lab's Java against the real code: kde4 time / real KWallet (kwallet5) time "
                                    + "per size, the median of"
                                    + " per-repeat ratios (each repeat timed both in the same loop, moments "
                                    + "apart) with quartiles; kf5 / kwallet5"
                                    + " is the same in the real backend's own format (the lab's speed target "
                                    + "is on the targets table) ["
                                    + sweep.label() + "]",
                            real);
                }
            }
            for (var sweep : sweeps) {
                Table q = debugFullQuestion(sweep.value());
                if (!q.isEmpty()) {
                    out.put(
                            "The DebugFull question: which unoptimised kde4 comes nearer the seed's "
                                    + "DebugFull / Release at 10,000"
                                    + " entries, C1 alone (compiled, unoptimised) or the interpreter [" + sweep.label()
                                    + "]",
                            q);
                }
            }
        }
        for (var jmh : results.tables(WalletSchemas.SYNC_JMH)) {
            out.put(
                    "sync-jmh: JMH sync time per variant and size [" + jmh.label() + "]",
                    Summaries.medians(jmh.value(), SYNC_MS.name(), VARIANT.name(), ENTRIES.name()));
        }
        for (var save : results.tables(WalletSchemas.SAVE_STRATEGIES)) {
            out.put(
                    "save-strategies: median time to make one new entry durable, per size (the mean includes "
                            + "the journal's"
                            + " occasional fold: the amortised cost) [" + save.label() + "]",
                    Summaries.medians(
                            WalletData.bySize(save.value()), SAVE_MS.name(), STRATEGY.name(), ENTRIES.name()));
        }
        for (var crash : results.tables(WalletSchemas.CRASH_TEST)) {
            // one row per kill (trial): count the outcomes per fdatasync setting
            out.put(
                    "crash-test: what a wallet holds after a kill during saves, and acknowledged entries lost ["
                            + crash.label() + "]",
                    Summaries.counts(crash.value(), ACKNOWLEDGED_LOST.name(), FDATASYNC.name(), OUTCOME.name()));
        }
        for (var tamper : results.tables(WalletSchemas.TAMPER_TEST)) {
            out.put(
                    "tamper-test: what one flipped bit does, per region of the file, over every wallet tried ["
                            + tamper.label() + "]",
                    Summaries.counts(tamper.value(), null, REGION.name(), OUTCOME.name()));
        }
        for (var interop : results.tables(WalletSchemas.KWALLET5_INTEROP)) {
            out.put(
                    "kwallet5-interop: the lab's .kwl code against KDE's real backend, both ways, and what "
                            + "KF5 makes of KDE4-era"
                            + " wallets [" + interop.label() + "]",
                    interopFindings(interop.value()));
        }
        return out;
    }

    /**
     * Per unoptimised variant: its median over kde4's at 10,000 entries, the seed's ratio, the factor off, the nearer
     * one.
     */
    @SuppressWarnings("ReferenceEquality") // the nearest row itself, not an equal one
    static Table debugFullQuestion(Table sweep) {
        List<WalletData.Unoptimised> measured = WalletData.unoptimised(sweep, 10_000).stream()
                .filter(x -> !Double.isNaN(x.ratio()))
                .toList();
        // "nearer" needs two to compare
        WalletData.Unoptimised nearest = measured.size() < 2
                ? null
                : measured.stream()
                        .filter(x -> !Double.isNaN(x.factorOff()))
                        .min(Comparator.comparingDouble(WalletData.Unoptimised::factorOff))
                        .orElse(null);
        return TableOf.rows(measured)
                .text("variant", WalletData.Unoptimised::variant)
                .text(
                        "what it is",
                        x -> x.variant().equals(SweepVariant.KDE4_C1.label())
                                ? "compiled by C1 alone (" + SweepVariant.KDE4_C1.jvmFlag() + ")"
                                : "interpreted (" + SweepVariant.KDE4_XINT.jvmFlag() + ")")
                .number("× kde4 at 10,000", WalletData.Unoptimised::ratio)
                .number("seed DebugFull / Release", WalletData.Unoptimised::seedRatio)
                .number("factor off the seed", WalletData.Unoptimised::factorOff)
                .text("nearer the seed", x -> x == nearest ? "yes" : "")
                .named("debug-full");
    }

    /** What each direction's meaning is when it is not simply "the two agree". */
    private static final Map<String, String> FINDINGS = Map.of(
            InteropChecks.LAB_KDE4_TO_KWALLET5,
                    "KF5 refuses KDE4-era wallets: KDE4 and KF5 order Blowfish's words differently",
            InteropChecks.FIXTURE_TO_KWALLET5,
                    "real KDE4-era wallets refused by KF5 as the lab's kde4 ones are; KF5-era ones open",
            InteropChecks.LAB_ODD_TYPE_TO_KWALLET5,
                    "a backend bug: an entry of type Unknown (0) makes KF5's reader lose every entry after it");

    /** One row per direction: counts of each outcome, the open() codes of the refusals, and what it shows. */
    static Table interopFindings(Table interop) {
        List<Direction> directions = Summaries.distinct(interop, DIRECTION.name()).stream()
                .map(d -> Direction.of(d, Summaries.rowsOf(interop, DIRECTION.name(), d)))
                .toList();
        return TableOf.rows(directions)
                .text("direction", Direction::direction)
                .count("wallets", Direction::wallets)
                .count(InteropChecks.IDENTICAL, Direction::identical)
                .count(InteropChecks.DIFFERENT, Direction::different)
                .count(InteropChecks.REFUSED, Direction::refused)
                .text(
                        "open() codes",
                        d -> String.join(
                                ", ", d.codes().stream().map(String::valueOf).toList()))
                .text("finding", Direction::finding)
                .named("interop");
    }

    /** One direction's outcomes: how many wallets were identical, different or refused, and the refusals' codes. */
    private record Direction(
            String direction, int wallets, int identical, int different, int refused, TreeSet<Long> codes) {
        static Direction of(String direction, Table rows) {
            int same = 0;
            int diff = 0;
            int no = 0;
            TreeSet<Long> seen = new TreeSet<>();
            for (int i = 0; i < rows.rowCount(); i++) {
                String o = rows.stringColumn(OUTCOME.name()).get(i);
                if (o.equals(InteropChecks.IDENTICAL)) {
                    same++;
                } else if (o.equals(InteropChecks.REFUSED)) {
                    no++;
                } else {
                    diff++;
                }
                if (!rows.column(OPEN_CODE.name()).isMissing(i)) {
                    seen.add((long) rows.numberColumn(OPEN_CODE.name()).getDouble(i));
                }
            }
            return new Direction(direction, rows.rowCount(), same, diff, no, seen);
        }

        String finding() {
            if (identical == wallets) {
                return "all identical"
                        + (direction.equals(InteropChecks.KWALLET5_TO_LAB)
                                ? ": the lab reads every wallet the real backend writes"
                                : direction.equals(InteropChecks.LAB_KF5_TO_KWALLET5)
                                        ? ": the real backend opens every kf5 wallet the lab writes"
                                        : "");
            }
            String meaning = FINDINGS.get(direction);
            return meaning != null
                    ? meaning
                    : (different + refused) + " of " + wallets + " not identical (see the CSV's detail)";
        }
    }

    /** The fits table, a row per line. */
    private static final class Fits {
        private record Line(String machine, String variant, LinearFit fit) {}

        private final List<Line> lines = new ArrayList<>();

        void add(String machine, String variant, LinearFit fit) {
            lines.add(new Line(machine, variant, fit));
        }

        Table table() {
            return TableOf.rows(lines)
                    .text("machine", Line::machine)
                    .text("variant", Line::variant)
                    .number("ms per 1000 entries", l -> l.fit().per1000())
                    .number("intercept ms", l -> l.fit().intercept())
                    .number("R²", l -> l.fit().r2())
                    .number("entries at 16 ms", l -> l.fit().crossing(FRAME_MS))
                    .number("entries at 100 ms", l -> l.fit().crossing(NOTICEABLE_MS))
                    .named("fits");
        }
    }
}
