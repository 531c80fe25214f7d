package labbook.reports.wallet;

import static labbook.wallet.WalletSchemas.ENTRIES;
import static labbook.wallet.WalletSchemas.SYNC_MS;
import static labbook.wallet.WalletSchemas.VARIANT;
import static labbook.wallet.WalletSeeds.BUILD;

import java.awt.Color;
import java.util.List;
import java.util.Optional;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.reports.stats.Summaries;
import labbook.wallet.WalletSeeds;
import labbook.wallet.experiments.syncsweep.SweepVariant;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import tech.tablesaw.api.Table;

/**
 * Sync time against entries (medians of the repeats): KDE's real backend (kwallet5, the real code, drawn in black)
 * beside the seed's published points and the lab's Java variants, its alternatives. The unoptimised analogues (kde4-c1,
 * kde4-xint) have their own chart.
 */
public final class SyncTimeChart {
    /** The chart's name: its anchor on the study's page, its file name and its key in {@code Explore.chart}. */
    public static final String NAME = "sync-time";

    static Optional<XYChart> draw(Results results, List<Labelled<Table>> sweeps) {
        XYChart chart = ChartStyle.xy(
                "KWallet sync(): the real backend (kwallet5), the seed and the lab's Java variants",
                "entries",
                "sync time (ms, median)");
        double trendMax = 0;
        for (var sweep : sweeps) {
            Table medians = Summaries.medians(sweep.value(), SYNC_MS.name(), VARIANT.name(), ENTRIES.name());
            Table real = Summaries.rowsOf(medians, VARIANT.name(), SweepVariant.KWALLET5.label());
            if (real.rowCount() > ChartStyle.DENSE_POINTS) {
                trendMax = Math.max(
                        trendMax, trend(chart, ChartStyle.name(REAL_NAME, results, sweep.root()), real, Color.BLACK));
            } else if (!real.isEmpty()) {
                realBackend(line(chart, ChartStyle.name(REAL_NAME, results, sweep.root()), real));
            }
            for (String variant : Summaries.distinct(medians, VARIANT.name())) {
                if (!variant.equals(SweepVariant.KWALLET5.label()) && !WalletData.UNOPTIMISED.contains(variant)) {
                    Table rows = Summaries.rowsOf(medians, VARIANT.name(), variant);
                    String name = ChartStyle.name(variant, results, sweep.root());
                    if (rows.rowCount() > ChartStyle.DENSE_POINTS) {
                        trendMax = Math.max(trendMax, trend(chart, name, rows, colour(variant)));
                    } else {
                        line(chart, name, rows);
                    }
                }
            }
        }
        addSeed(chart);
        if (trendMax > 0) {
            // the trends set the axis; a spike above it is one of the crosses
            chart.setTitle("KWallet sync() at the seed's scale: running medians, each sync faint, x: outliers");
            chart.getStyler().setYAxisMax(trendMax * 1.15);
        }
        return Optional.of(chart);
    }

    /** A variant's colour in a dense sweep: its own, fixed by its place in {@link SweepVariant}'s order. */
    @SuppressWarnings("EnumOrdinal") // a variant's colour: by its place in the enum, as the legend lists them
    static Color colour(String variant) {
        return ChartStyle.OURS[SweepVariant.of(variant).ordinal() % ChartStyle.OURS.length];
    }

    /** A dense sweep's medians as its trend ({@link ChartStyle#denseSweep}). */
    static double trend(XYChart chart, String name, Table medians, Color color) {
        return ChartStyle.denseSweep(
                chart,
                name,
                medians.numberColumn(ENTRIES.name()).asDoubleArray(),
                medians.numberColumn(SYNC_MS.name()).asDoubleArray(),
                color);
    }

    /** The real backend's legend name. */
    public static final String REAL_NAME = SweepVariant.KWALLET5.label() + " (KDE's real backend)";

    /**
     * The real backend's look wherever a wallet chart draws it: black and thick, apart from the lab's Java variants.
     */
    static XYSeries realBackend(XYSeries s) {
        s.setLineColor(Color.BLACK);
        s.setMarkerColor(Color.BLACK);
        s.setLineWidth(3f);
        return s;
    }

    /** Medians of sync time against entries as one line. */
    static XYSeries line(XYChart chart, String name, Table medians) {
        return ChartStyle.line(ChartStyle.add(
                chart,
                name,
                medians.numberColumn(ENTRIES.name()).asDoubleArray(),
                medians.numberColumn(SYNC_MS.name()).asDoubleArray()));
    }

    /** The seed's Release and DebugFull points, in grey. */
    static void addSeed(XYChart chart) {
        Table seed = WalletData.KWALLET_SYNC.table();
        for (String build : new String[] {WalletSeeds.RELEASE, WalletSeeds.DEBUG_FULL}) {
            Table b = Summaries.rowsOf(seed, BUILD.name(), build);
            ChartStyle.seedPoints(
                    ChartStyle.add(
                            chart,
                            "seed 2009, " + build + " (Q6600)",
                            b.numberColumn(ENTRIES.name()).asDoubleArray(),
                            b.numberColumn(SYNC_MS.name()).asDoubleArray()),
                    build.equals(WalletSeeds.RELEASE));
        }
    }
}
