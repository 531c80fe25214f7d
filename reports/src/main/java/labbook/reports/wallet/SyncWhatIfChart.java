package labbook.reports.wallet;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.IntStream;
import labbook.reports.chart.ChartStyle;
import labbook.reports.stats.Format;
import labbook.reports.stats.LinearFit;
import labbook.wallet.experiments.syncsweep.SweepVariant;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The wallet notebook's what-if chart: each variant's fitted sync-time line drawn out to a wallet size the reader
 * picks, against a budget line, in the site's look ({@link ChartStyle}). It is no chart of the site (the size is the
 * reader's), so it is no {@code StudyChart}. Its title is made from the sizes it plots, so the title and the axis
 * cannot disagree.
 */
public final class SyncWhatIfChart {
    /**
     * Intervals between the sizes drawn. The lines are straight, so a few points draw them exactly; and when a chart's
     * x values are evenly spaced XChart puts its ticks on them (every one, when their labels fit, as five intervals'
     * do), so the axis ends at a labelled tick: the size the reader asked for, as the title says.
     */
    static final int INTERVALS = 5;

    private SyncWhatIfChart() {}

    /** Each fit from 0 to {@code entries} entries, and the budget across the same range. */
    public static XYChart draw(Map<String, LinearFit> fits, double entries, double budgetMs) {
        if (!(entries > 0) || Double.isInfinite(entries)) {
            throw new IllegalArgumentException("entries must be a wallet size above 0, not " + entries);
        }
        double[] sizes = IntStream.rangeClosed(0, INTERVALS)
                .mapToDouble(i -> entries * i / INTERVALS)
                .toArray();
        XYChart chart = ChartStyle.xy("", "entries", "sync time (ms, fitted line)");
        chart.setTitle(title(chart, sizes, budgetMs));
        fits.forEach((variant, fit) -> {
            boolean real = variant.equals(SweepVariant.KWALLET5.label());
            XYSeries s = ChartStyle.add(
                    chart,
                    real ? SyncTimeChart.REAL_NAME : variant,
                    sizes,
                    Arrays.stream(sizes).map(fit::at).toArray());
            s.setMarker(SeriesMarkers.NONE); // a fitted line has no measured points to mark
            if (real) {
                SyncTimeChart.realBackend(s);
            }
        });
        ChartStyle.guide(
                ChartStyle.add(
                        chart,
                        "budget " + Format.num(budgetMs) + " ms",
                        new double[] {sizes[0], sizes[sizes.length - 1]},
                        new double[] {budgetMs, budgetMs}),
                ChartStyle.SEED);
        return chart;
    }

    /** The range drawn, first size to last, written as the x axis writes them, and the budget. */
    static String title(XYChart chart, double[] sizes, double budgetMs) {
        return "Fitted sync time per variant, " + ChartStyle.xAxisNumber(chart, sizes[0]) + " to "
                + ChartStyle.xAxisNumber(chart, sizes[sizes.length - 1]) + " entries, against a " + Format.num(budgetMs)
                + " ms budget";
    }
}
