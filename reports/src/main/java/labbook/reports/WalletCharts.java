package labbook.reports;

import java.util.Optional;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.Table;

/** The wallet study's charts, one method per chart; each is empty when its experiment did not run. */
public final class WalletCharts {
    private WalletCharts() {
    }

    /** Sync time against entries per variant (medians of the repeats), the seed's points overlaid. */
    public static Optional<XYChart> syncTime(Results results) {
        var sweeps = results.tables(WalletStudy.STUDY, "sync-sweep");
        if (sweeps.isEmpty()) {
            return Optional.empty();
        }
        XYChart chart = ChartStyle.xy("KWallet sync(): time against entries (compiled variants; -Xint has its own chart)",
                "entries", "sync time (ms, median)");
        for (var sweep : sweeps) {
            Table medians = Summaries.medians(sweep.value(), "sync_ms", "variant", "entries");
            for (String variant : Summaries.distinct(medians, "variant")) {
                if (variant.equals(WalletStudy.INTERPRETED_VARIANT)) {
                    continue;
                }
                Table v = WalletStudy.rowsOf(medians, "variant", variant);
                ChartStyle.line(ChartStyle.add(chart, ChartStyle.name(variant, results, sweep.root()),
                        v.numberColumn("entries").asDoubleArray(), v.numberColumn("sync_ms").asDoubleArray()));
            }
        }
        addSeed(chart);
        return Optional.of(chart);
    }

    /** Interpreted (-Xint) against compiled, the 2009 format, beside the seed's DebugFull and Release builds. */
    public static Optional<XYChart> interpretedVsCompiled(Results results) {
        var sweeps = results.tables(WalletStudy.STUDY, "sync-sweep");
        XYChart chart = ChartStyle.xy("Interpreted against compiled (seed: DebugFull against Release)",
                "entries", "sync time (ms, median)");
        boolean any = false;
        for (var sweep : sweeps) {
            Table medians = Summaries.medians(sweep.value(), "sync_ms", "variant", "entries");
            for (String variant : new String[] {WalletStudy.SEED_VARIANT, WalletStudy.INTERPRETED_VARIANT}) {
                Table v = WalletStudy.rowsOf(medians, "variant", variant);
                if (!v.isEmpty()) {
                    String label = variant.equals(WalletStudy.SEED_VARIANT) ? "compiled (JIT), kde4" : "interpreted (-Xint), kde4";
                    ChartStyle.line(ChartStyle.add(chart, ChartStyle.name(label, results, sweep.root()),
                            v.numberColumn("entries").asDoubleArray(), v.numberColumn("sync_ms").asDoubleArray()));
                    any = true;
                }
            }
        }
        if (!any) {
            return Optional.empty();
        }
        addSeed(chart);
        return Optional.of(chart);
    }

    /** The cost of making one new entry durable, per save strategy, against wallet size. */
    public static Optional<XYChart> saveStrategies(Results results) {
        var saves = results.tables(WalletStudy.STUDY, "save-strategies");
        if (saves.isEmpty()) {
            return Optional.empty();
        }
        XYChart chart = ChartStyle.xy("Making one new entry durable: cost per save strategy",
                "entries already in the wallet", "save time (ms, median)");
        for (var save : saves) {
            Table medians = Summaries.medians(WalletStudy.bySize(save.value()), "save_ms", "strategy", "entries");
            for (String strategy : Summaries.distinct(medians, "strategy")) {
                Table v = WalletStudy.rowsOf(medians, "strategy", strategy);
                ChartStyle.line(ChartStyle.add(chart, ChartStyle.name(strategy, results, save.root()),
                        v.numberColumn("entries").asDoubleArray(), v.numberColumn("save_ms").asDoubleArray()));
            }
        }
        double maxX = saves.stream().mapToDouble(s -> s.value().numberColumn("entries").max()).max().orElse(1);
        ChartStyle.guide(ChartStyle.add(chart, "16 ms (one frame)", new double[] {0, maxX},
                new double[] {WalletStudy.FRAME_MS, WalletStudy.FRAME_MS}), ChartStyle.SEED_LIGHT);
        return Optional.of(chart);
    }

    private static void addSeed(XYChart chart) {
        Table seed = Seeds.table(Seeds.KWALLET_SYNC);
        for (String build : new String[] {"Release", "DebugFull"}) {
            Table b = WalletStudy.rowsOf(seed, "build", build);
            ChartStyle.seedPoints(ChartStyle.add(chart, "seed 2009, " + build + " (Q6600)",
                    b.numberColumn("entries").asDoubleArray(), b.numberColumn("sync_ms").asDoubleArray()),
                    build.equals("Release"));
        }
    }
}
