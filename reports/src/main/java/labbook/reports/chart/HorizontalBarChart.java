package labbook.reports.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import labbook.reports.stats.Format;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.Series.DataType;
import org.knowm.xchart.style.CategoryStyler;

/**
 * Stacked horizontal bars, one bar per category, drawn with Java2D (XChart has no horizontal bar chart). It is an
 * XChart {@link Chart}, so XChart's PNG and SVG encoders and the notebooks draw it like any other chart; its series are
 * {@link CategorySeries} (category names as x data).
 */
public final class HorizontalBarChart extends Chart<CategoryStyler, CategorySeries> {
    private static final int PAD = 12;
    private static final int LEGEND_SWATCH = 12;
    private final String valueTitle;

    public HorizontalBarChart(int width, int height, String title, String valueTitle) {
        super(width, height, new CategoryStyler());
        setTitle(title);
        this.valueTitle = valueTitle;
        ChartStyle.style(styler);
        styler.setSeriesColors(ChartStyle.OURS);
        styler.setStacked(true);
    }

    /** One stacked part of every bar: a value per category (missing or infinite values draw as 0). */
    public CategorySeries addSeries(String name, List<String> categories, List<Double> values) {
        CategorySeries s = new CategorySeries(name, categories, ChartStyle.bars(values), null, DataType.String);
        s.setFillColor(ChartStyle.OURS[seriesMap.size() % ChartStyle.OURS.length]);
        seriesMap.put(name, s);
        return s;
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        setWidth(width);
        setHeight(height);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        List<String> categories = categories();
        double[] totals = totals(categories);
        Font labelFont = styler.getAxisTickLabelsFont();
        FontMetrics labels = g.getFontMetrics(labelFont);
        FontMetrics titleMetrics = g.getFontMetrics(styler.getChartTitleFont());
        FontMetrics legendMetrics = g.getFontMetrics(styler.getLegendFont());
        int legendWidth = seriesMap.keySet().stream()
                        .mapToInt(legendMetrics::stringWidth)
                        .max()
                        .orElse(0)
                + LEGEND_SWATCH
                + 3 * PAD;
        int labelWidth = categories.stream().mapToInt(labels::stringWidth).max().orElse(0);
        int left = PAD + labelWidth + PAD;
        int top = PAD + titleMetrics.getHeight() + PAD;
        int right = width - legendWidth;
        int bottom = height - PAD - 2 * labels.getHeight() - PAD;
        g.setColor(Color.BLACK);
        drawText(g, styler.getChartTitleFont(), getTitle(), width / 2.0, PAD + titleMetrics.getAscent(), 0.5);
        double max = 0;
        for (double t : totals) {
            max = Math.max(max, t);
        }
        double step = niceStep(max > 0 ? max : 1);
        double axisMax = Math.ceil((max > 0 ? max : 1) / step) * step;
        drawAxis(g, labels, left, right, top, bottom, step, axisMax);
        drawBars(g, labels, categories, left, right, top, bottom, axisMax);
        drawLegend(g, legendMetrics, right + PAD, top);
    }

    private void drawAxis(
            Graphics2D g, FontMetrics labels, int left, int right, int top, int bottom, double step, double axisMax) {
        for (double v = 0; v <= axisMax + step / 2; v += step) {
            double x = left + (right - left) * v / axisMax;
            g.setColor(new Color(225, 225, 225));
            g.setStroke(new BasicStroke(1f));
            g.draw(new Line2D.Double(x, top, x, bottom));
            g.setColor(Color.DARK_GRAY);
            drawText(g, labels.getFont(), Format.num(v), x, bottom + PAD / 2.0 + labels.getAscent(), 0.5);
        }
        g.setColor(Color.DARK_GRAY);
        g.drawRect(left, top, right - left, bottom - top);
        drawText(
                g,
                styler.getAxisTitleFont(),
                valueTitle,
                (left + right) / 2.0,
                bottom + PAD / 2.0 + labels.getHeight() + labels.getAscent() + 2,
                0.5);
    }

    private void drawBars(
            Graphics2D g,
            FontMetrics labels,
            List<String> categories,
            int left,
            int right,
            int top,
            int bottom,
            double axisMax) {
        double band = (bottom - top) / (double) Math.max(1, categories.size());
        double bar = band * 0.7;
        for (int i = 0; i < categories.size(); i++) {
            double y = top + i * band + (band - bar) / 2;
            double x = left;
            for (CategorySeries s : seriesMap.values()) {
                double v = valueOf(s, categories.get(i));
                double w = (right - left) * v / axisMax;
                g.setColor(s.getFillColor());
                g.fill(new Rectangle2D.Double(x, y, w, bar));
                x += w;
            }
            g.setColor(Color.DARK_GRAY);
            drawText(
                    g,
                    labels.getFont(),
                    categories.get(i),
                    left - PAD / 2.0,
                    y + bar / 2 + labels.getAscent() / 2.0 - 1,
                    1);
        }
    }

    private void drawLegend(Graphics2D g, FontMetrics legend, int x, int top) {
        int y = top;
        for (CategorySeries s : seriesMap.values()) {
            g.setColor(s.getFillColor());
            g.fillRect(x, y, LEGEND_SWATCH, LEGEND_SWATCH);
            g.setColor(Color.DARK_GRAY);
            drawText(g, legend.getFont(), s.getName(), x + LEGEND_SWATCH + PAD / 2.0, y + LEGEND_SWATCH - 1, 0);
            y += LEGEND_SWATCH + PAD;
        }
    }

    /** Text at (x, baseline), anchored left (0), centre (0.5) or right (1). */
    private static void drawText(Graphics2D g, Font font, String text, double x, double baseline, double anchor) {
        g.setFont(font);
        g.drawString(text, (float) (x - anchor * g.getFontMetrics().stringWidth(text)), (float) baseline);
    }

    /** Every category of every series, in first-seen order. */
    public List<String> categories() {
        List<String> out = new ArrayList<>();
        for (CategorySeries s : seriesMap.values()) {
            for (Object c : s.getXData()) {
                if (!out.contains(c.toString())) {
                    out.add(c.toString());
                }
            }
        }
        return out;
    }

    private double[] totals(List<String> categories) {
        double[] totals = new double[categories.size()];
        for (int i = 0; i < totals.length; i++) {
            for (CategorySeries s : seriesMap.values()) {
                totals[i] += valueOf(s, categories.get(i));
            }
        }
        return totals;
    }

    private static double valueOf(CategorySeries s, String category) {
        List<?> xs = new ArrayList<>(s.getXData());
        List<? extends Number> ys = new ArrayList<>(s.getYData());
        int i = xs.stream().map(Object::toString).toList().indexOf(category);
        return i < 0 ? 0 : ys.get(i).doubleValue();
    }

    /** A step of 1, 2 or 5 times a power of ten giving about five ticks up to {@code max}. */
    static double niceStep(double max) {
        double raw = max / 5;
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5}) {
            if (m * power >= raw) {
                return m * power;
            }
        }
        return 10 * power;
    }
}
