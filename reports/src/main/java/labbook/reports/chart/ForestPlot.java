package labbook.reports.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A forest plot: one row per measurement, its ratio B / A as a point and its interval as a line, on a log axis around a
 * dashed line at 1 (no change). Rows of one group (an experiment's timing) share a colour and a legend entry.
 */
public final class ForestPlot {
    /** Pixels per row: every row gets its own tick label. */
    static final int ROW_HEIGHT = 18;

    private ForestPlot() {}

    /** One row: its label, its group, the ratio and its interval. */
    public record Row(String label, String group, double ratio, double low, double high) {}

    /** The plot of these rows, top to bottom; rows whose ratio or interval is not a positive number are left out. */
    public static XYChart of(String title, List<Row> rows) {
        List<Row> drawn = rows.stream()
                .filter(r -> r.ratio() > 0 && r.low() > 0 && r.high() > 0)
                .filter(r -> Double.isFinite(r.ratio()) && Double.isFinite(r.low()) && Double.isFinite(r.high()))
                .toList();
        XYChart chart = new XYChartBuilder()
                .width(ChartStyle.WIDTH)
                .height(120 + ROW_HEIGHT * Math.max(drawn.size(), 4))
                .title(title)
                .xAxisTitle("B / A (below 1: B faster)")
                .yAxisTitle("")
                .build();
        ChartStyle.style(chart.getStyler());
        chart.getStyler().setSeriesColors(ChartStyle.OURS);
        chart.getStyler().setYAxisMin(0.5);
        chart.getStyler().setYAxisMax(drawn.size() + 0.5);
        chart.getStyler().setYAxisTickMarkSpacingHint(ROW_HEIGHT - 2);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        // the top row is y = n, so the table's first row is the plot's first. XChart keeps a tick spacing only when
        // its labels are all distinct: "" between rows rules out half steps, and a label used twice gets its number
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < drawn.size(); i++) {
            String label = drawn.get(i).label();
            labels.add(labels.contains(label) ? label + " #" + (i + 1) : label);
        }
        // XChart sizes the axis from the labels of its two ends, which lie between rows, so those are blanks as wide
        // as the longest label; and every label off a row is made distinct by zero-width spaces
        int widest = labels.stream().mapToInt(String::length).max().orElse(1);
        chart.getStyler().setyAxisTickLabelsFormattingFunction(y -> {
            int row = drawn.size() - (int) Math.round(y);
            if (Math.abs(y - Math.round(y)) < 1e-6 && row >= 0 && row < drawn.size()) {
                return labels.get(row);
            }
            String distinct = "\u200b".repeat(Math.floorMod((int) Math.round(y * 4), 4096));
            return (y < 1 || y > drawn.size() ? " ".repeat(2 * widest) : "") + distinct;
        });
        double lowest = drawn.stream().mapToDouble(Row::low).min().orElse(1);
        double highest = drawn.stream().mapToDouble(Row::high).max().orElse(1);
        double margin = (Math.max(highest, 1) - Math.min(lowest, 1)) * 0.05;
        chart.getStyler().setXAxisMin(Math.min(lowest, 1) - margin);
        chart.getStyler().setXAxisMax(Math.max(highest, 1) + margin);
        ChartStyle.guide(
                        chart.addSeries("no change", new double[] {1, 1}, new double[] {0.5, drawn.size() + 0.5}),
                        ChartStyle.SEED_LIGHT)
                .setShowInLegend(false);
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < drawn.size(); i++) {
            groups.computeIfAbsent(drawn.get(i).group(), g -> new ArrayList<>()).add(i);
        }
        int colour = 0;
        for (Map.Entry<String, List<Integer>> g : groups.entrySet()) {
            Color c = ChartStyle.OURS[colour++ % ChartStyle.OURS.length];
            double[] x = new double[g.getValue().size()];
            double[] y = new double[x.length];
            for (int k = 0; k < x.length; k++) {
                int i = g.getValue().get(k);
                Row r = drawn.get(i);
                x[k] = r.ratio();
                y[k] = drawn.size() - i;
                XYSeries interval = chart.addSeries(
                        g.getKey() + " #" + i, new double[] {r.low(), r.high()}, new double[] {y[k], y[k]});
                interval.setMarker(SeriesMarkers.NONE);
                interval.setLineColor(c);
                interval.setLineStyle(new BasicStroke(2f));
                interval.setShowInLegend(false);
            }
            XYSeries points = chart.addSeries(g.getKey(), x, y);
            points.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
            points.setMarker(SeriesMarkers.DIAMOND);
            points.setMarkerColor(c);
        }
        return chart;
    }
}
