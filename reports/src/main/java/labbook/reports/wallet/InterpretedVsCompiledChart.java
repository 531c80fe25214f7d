package labbook.reports.wallet;

import static labbook.wallet.WalletSchemas.ENTRIES;
import static labbook.wallet.WalletSchemas.SYNC_MS;
import static labbook.wallet.WalletSchemas.VARIANT;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KDE4;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KDE4_C1;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KDE4_XINT;

import java.util.List;
import java.util.Optional;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.reports.stats.Summaries;
import labbook.wallet.experiments.syncsweep.SweepVariant;
import org.knowm.xchart.XYChart;
import tech.tablesaw.api.Table;

/**
 * Compiled (C1 + C2), compiled by C1 alone (compiled but unoptimised) and interpreted (-Xint), the 2009 format, beside
 * the seed's DebugFull and Release builds.
 */
public final class InterpretedVsCompiledChart {
    /** The chart's name: its anchor on the study's page, its file name and its key in {@code Explore.chart}. */
    public static final String NAME = "interpreted-vs-compiled";

    static Optional<XYChart> draw(Results results, List<Labelled<Table>> sweeps) {
        XYChart chart = ChartStyle.xy(
                "Unoptimised against compiled (seed: DebugFull against Release)",
                "entries",
                "sync time (ms, median, log scale)");
        // -Xint is two orders of magnitude above the compiled lines: a log axis keeps all of them readable
        chart.getStyler().setYAxisLogarithmic(true);
        boolean any = false;
        for (var sweep : sweeps) {
            Table medians = Summaries.medians(sweep.value(), SYNC_MS.name(), VARIANT.name(), ENTRIES.name());
            for (SweepVariant variant : List.of(KDE4, KDE4_C1, KDE4_XINT)) {
                Table v = Summaries.rowsOf(medians, VARIANT.name(), variant.label());
                if (!v.isEmpty()) {
                    String label = variant == KDE4
                            ? "compiled (JIT), " + KDE4.label()
                            : variant == KDE4_C1
                                    ? "C1 alone (" + KDE4_C1.jvmFlag() + "), " + KDE4.label()
                                    : "interpreted (" + KDE4_XINT.jvmFlag() + "), " + KDE4.label();
                    SyncTimeChart.line(chart, ChartStyle.name(label, results, sweep.root()), v);
                    any = true;
                }
            }
        }
        if (!any) {
            return Optional.empty();
        }
        SyncTimeChart.addSeed(chart);
        return Optional.of(chart);
    }
}
