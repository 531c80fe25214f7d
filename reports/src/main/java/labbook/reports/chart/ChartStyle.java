package labbook.reports.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsRoot;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.Series.DataType;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** One look for every chart of the site and the notebooks. */
public final class ChartStyle {
    public static final int WIDTH = 940;
    public static final int HEIGHT = 460;
    /** Seed figures are drawn in greys (as the crypto seed drew its charts); ours in colour. */
    public static final Color SEED = new Color(90, 90, 90);

    public static final Color SEED_LIGHT = new Color(170, 170, 170);

    @SuppressWarnings("MutablePublicArray") // the lab's own palette, which no caller writes
    public static final Color[] OURS = {
        new Color(31, 119, 180), new Color(214, 39, 40), new Color(44, 160, 44), new Color(148, 103, 189),
        new Color(255, 127, 14), new Color(23, 190, 207), new Color(140, 86, 75), new Color(227, 119, 194)
    };

    /** How the axes write numbers: thousands grouped, at most three decimals. */
    public static final String AXIS_DECIMALS = "#,##0.###";

    private ChartStyle() {}

    public static XYChart xy(String title, String xTitle, String yTitle) {
        return titled(new XYChart(WIDTH, HEIGHT), title, xTitle, yTitle);
    }

    public static CategoryChart bars(String title, String xTitle, String yTitle) {
        CategoryChart chart = titled(new CategoryChart(WIDTH, HEIGHT), title, xTitle, yTitle);
        chart.getStyler().setXAxisLabelRotation(0);
        return chart;
    }

    /** {@code chart} with its title, axis titles, the lab's style and our series colours. */
    private static <C extends Chart<?, ?>> C titled(C chart, String title, String xTitle, String yTitle) {
        chart.setTitle(title);
        chart.setXAxisTitle(xTitle);
        chart.setYAxisTitle(yTitle);
        style(chart.getStyler());
        chart.getStyler().setSeriesColors(OURS);
        return chart;
    }

    public static void style(Styler styler) {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setLegendLayout(Styler.LegendLayout.Vertical);
        styler.setLegendBorderColor(Color.WHITE);
        styler.setChartTitleBoxVisible(false);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        styler.setAntiAlias(true);
        if (styler instanceof XYStyler xy) {
            xy.setXAxisDecimalPattern(AXIS_DECIMALS);
            xy.setYAxisDecimalPattern(AXIS_DECIMALS);
        }
        if (styler instanceof AxesChartStyler axes) {
            axes.setPlotGridLinesColor(new Color(225, 225, 225));
            axes.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            axes.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        }
    }

    /**
     * Adds a series without the points a chart cannot draw: NaN or infinite values (a ratio over a CPU time below the
     * clock's 10 ms resolution), and values at or below 0 on a log axis. A series left with no point is not added (the
     * returned one is detached, so styling it is harmless).
     */
    public static XYSeries add(XYChart chart, String name, double[] x, double[] y) {
        boolean logX = chart.getStyler().isXAxisLogarithmic();
        boolean logY = chart.getStyler().isYAxisLogarithmic();
        int n = 0;
        double[] fx = new double[x.length];
        double[] fy = new double[y.length];
        for (int i = 0; i < x.length; i++) {
            if (Double.isFinite(x[i]) && Double.isFinite(y[i]) && (!logX || x[i] > 0) && (!logY || y[i] > 0)) {
                fx[n] = x[i];
                fy[n] = y[i];
                n++;
            }
        }
        if (n == 0) {
            return new XYSeries(name, new double[] {0}, new double[] {0}, null, DataType.Number);
        }
        return chart.addSeries(name, Arrays.copyOf(fx, n), Arrays.copyOf(fy, n));
    }

    /** Bar values a chart can draw: a missing or infinite value becomes 0 (the table beside it says n/a). */
    public static List<Double> bars(List<Double> values) {
        return values.stream()
                .map(v -> v == null || !Double.isFinite(v) ? 0.0 : v)
                .toList();
    }

    /** Our measured medians: markers while they can be told apart, a plain line for a dense sweep. */
    public static XYSeries line(XYSeries s) {
        s.setMarker(s.getXData().length > 40 ? SeriesMarkers.NONE : SeriesMarkers.CIRCLE);
        return s;
    }

    /**
     * A sweep with more points than this ({@value}) is drawn as its trend: at the seeds' scale (a sync every 100
     * entries to 100,000) single-sample spikes would otherwise set the axis and merge the lines.
     */
    public static final int DENSE_POINTS = 200;

    /** The trend's window: the running median of this many neighbouring points. */
    public static final int TREND_WINDOW = 9;

    /** A point this many times its running median or more is drawn as an outlier. */
    public static final double OUTLIER_FACTOR = 3;

    /**
     * A dense sweep ({@link #DENSE_POINTS}) as a reader can follow it: the running median of {@link #TREND_WINDOW}
     * points as a line named {@code name}, each point faint behind it, and the points {@link #OUTLIER_FACTOR} times
     * their running median or more as crosses; all in {@code color}, only the line in the legend. Returns the trend's
     * largest value, for an axis the outliers do not set.
     */
    public static double denseSweep(XYChart chart, String name, double[] x, double[] y, Color color) {
        double[] trend = runningMedian(y, TREND_WINDOW);
        List<Integer> outliers = new ArrayList<>();
        for (int i = 0; i < y.length; i++) {
            if (y[i] >= OUTLIER_FACTOR * trend[i]) {
                outliers.add(i);
            }
        }
        XYSeries each = add(chart, name + ": each point", x, y);
        each.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
        each.setMarker(SeriesMarkers.CIRCLE);
        each.setMarkerColor(new Color(color.getRed(), color.getGreen(), color.getBlue(), 50));
        each.setShowInLegend(false);
        if (!outliers.isEmpty()) {
            XYSeries out = add(
                    chart,
                    name + ": outliers",
                    outliers.stream().mapToDouble(i -> x[i]).toArray(),
                    outliers.stream().mapToDouble(i -> y[i]).toArray());
            out.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
            out.setMarker(SeriesMarkers.CROSS);
            out.setMarkerColor(color);
            out.setShowInLegend(false);
        }
        XYSeries line = add(chart, name, x, trend);
        line.setMarker(SeriesMarkers.NONE);
        line.setLineColor(color);
        line.setLineWidth(2.5f);
        return Arrays.stream(trend).filter(Double::isFinite).max().orElse(0);
    }

    /** The median of each point's window of {@code window} points, centred, shorter at the ends. */
    static double[] runningMedian(double[] y, int window) {
        double[] out = new double[y.length];
        int half = window / 2;
        for (int i = 0; i < y.length; i++) {
            double[] w = Arrays.copyOfRange(y, Math.max(0, i - half), Math.min(y.length, i + half + 1));
            Arrays.sort(w);
            out[i] = w.length % 2 == 1 ? w[w.length / 2] : (w[w.length / 2 - 1] + w[w.length / 2]) / 2;
        }
        return out;
    }

    /** A seed figure: grey markers with no line, so it reads as "published points". */
    public static XYSeries seedPoints(XYSeries s, boolean dark) {
        s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
        s.setMarker(dark ? SeriesMarkers.DIAMOND : SeriesMarkers.SQUARE);
        s.setMarkerColor(dark ? SEED : SEED_LIGHT);
        return s;
    }

    /** A dashed guide line (ideal scaling, a budget). */
    public static XYSeries guide(XYSeries s, Color color) {
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(color);
        s.setLineStyle(
                new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        return s;
    }

    /**
     * A value of the chart's x axis written as its tick labels write it (its pattern and locale), for a title that
     * names it.
     */
    public static String xAxisNumber(XYChart chart, double value) {
        return new DecimalFormat(
                        chart.getStyler().getXAxisDecimalPattern(),
                        DecimalFormatSymbols.getInstance(chart.getStyler().getLocale()))
                .format(value);
    }

    /** A legend name: with several results roots, each series says which machine it came from. */
    public static String name(String series, Results results, ResultsRoot root) {
        return results.roots().size() > 1 ? series + " [" + root.label() + "]" : series;
    }
}
