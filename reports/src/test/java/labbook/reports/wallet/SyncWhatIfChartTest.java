package labbook.reports.wallet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import labbook.reports.Explore;
import labbook.reports.Fixtures;
import labbook.reports.chart.ChartStyle;
import labbook.reports.stats.LinearFit;
import labbook.wallet.experiments.syncsweep.SweepVariant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Axis;
import org.knowm.xchart.internal.chartpart.AxisPair;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;

/**
 * The wallet notebook's what-if chart, on the fixture's fits: its title names the range it plots (read back from the
 * chart's own series), its x axis ends at a labelled tick that is that range's end, and it has the site's look, its
 * legend beside the plot rather than over it.
 */
class SyncWhatIfChartTest {
    static final Map<String, LinearFit> FITS = WalletData.syncFits(Explore.table(Fixtures.a(), "wallet", "sync-sweep"));

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @ParameterizedTest
    @ValueSource(doubles = {3, 5_000, 12_345, 100_000, 1_000_000})
    void theTitleNamesTheRangeItsSeriesPlot(double entries) {
        XYChart chart = SyncWhatIfChart.draw(FITS, entries, WalletData.NOTICEABLE_MS);
        double first = chart.getSeriesMap().values().stream()
                .mapToDouble(s -> min(s.getXData()))
                .min()
                .orElseThrow();
        double last = chart.getSeriesMap().values().stream()
                .mapToDouble(s -> max(s.getXData()))
                .max()
                .orElseThrow();
        assertThat(last).as("the reader's size is drawn").isEqualTo(entries);
        assertThat(chart.getTitle())
                .contains(ChartStyle.xAxisNumber(chart, first) + " to " + ChartStyle.xAxisNumber(chart, last)
                        + " entries");
        assertThat(chart.getTitle()).contains("100 ms budget");
    }

    @ParameterizedTest
    @ValueSource(doubles = {3, 5_000, 12_345, 100_000, 1_000_000})
    void theAxisEndsAtALabelledTickTheTitleNames(double entries) throws ReflectiveOperationException {
        XYChart chart = SyncWhatIfChart.draw(FITS, entries, WalletData.NOTICEABLE_MS);
        List<String> ticks = xTickLabels(chart);
        String end = ChartStyle.xAxisNumber(chart, entries);
        assertThat(ticks).as("x tick labels").first().isEqualTo(ChartStyle.xAxisNumber(chart, 0));
        assertThat(ticks).as("x tick labels").last().isEqualTo(end);
        assertThat(chart.getTitle()).contains("to " + end + " entries");
    }

    @Test
    void everyFitAndTheBudgetAcrossTheWholeRange() {
        XYChart chart = SyncWhatIfChart.draw(FITS, 5_000, WalletData.FRAME_MS);
        assertThat(chart.getSeriesMap()).hasSize(FITS.size() + 1);
        assertThat(chart.getSeriesMap()).containsKey(SyncTimeChart.REAL_NAME).containsKey(SweepVariant.KDE4.label());
        XYSeries budget = chart.getSeriesMap().get("budget 16 ms");
        assertThat(budget.getXData()).containsExactly(0, 5_000);
        assertThat(budget.getYData()).containsExactly(WalletData.FRAME_MS, WalletData.FRAME_MS);
        LinearFit kde4 = FITS.get(SweepVariant.KDE4.label());
        XYSeries line = chart.getSeriesMap().get(SweepVariant.KDE4.label());
        assertThat(line.getYData()[line.getYData().length - 1]).isEqualTo(kde4.at(5_000));
    }

    @Test
    void itHasTheSiteLookWithTheLegendBesideThePlot() {
        XYChart chart = SyncWhatIfChart.draw(FITS, 5_000, WalletData.NOTICEABLE_MS);
        XYChart site = ChartStyle.xy("a site chart", "x", "y");
        XYStyler mine = chart.getStyler();
        XYStyler theirs = site.getStyler();
        assertThat(chart.getWidth()).isEqualTo(site.getWidth());
        assertThat(chart.getHeight()).isEqualTo(site.getHeight());
        assertThat(mine.getLegendPosition())
                .isEqualTo(theirs.getLegendPosition())
                .isIn(Styler.LegendPosition.OutsideE, Styler.LegendPosition.OutsideS);
        assertThat(mine.getSeriesColors()).isEqualTo(theirs.getSeriesColors());
        assertThat(mine.getChartTitleFont()).isEqualTo(theirs.getChartTitleFont());
        assertThat(mine.getLegendFont()).isEqualTo(theirs.getLegendFont());
        assertThat(mine.getPlotBackgroundColor()).isEqualTo(theirs.getPlotBackgroundColor());
        assertThat(mine.getXAxisDecimalPattern()).isEqualTo(theirs.getXAxisDecimalPattern());
    }

    @Test
    void aSizeThatIsNoWalletSizeIsRefused() {
        for (double bad : new double[] {0, -5, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> SyncWhatIfChart.draw(FITS, bad, WalletData.NOTICEABLE_MS))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("above 0");
        }
    }

    /**
     * The x axis's tick labels as XChart drew them. XChart keeps them internal (the chart's axis pair, filled in while
     * painting), so the chart is painted and they are read by reflection: the only way to see the axis a reader sees
     * without reading pixels.
     */
    private static List<String> xTickLabels(XYChart chart) throws ReflectiveOperationException {
        BitmapEncoder.getBufferedImage(chart);
        Field pair = Chart.class.getDeclaredField("axisPair");
        pair.setAccessible(true);
        Method xAxis = AxisPair.class.getDeclaredMethod("getXAxis");
        xAxis.setAccessible(true);
        return ((Axis<?, ?>) xAxis.invoke(pair.get(chart)))
                .getAxisTickCalculator()
                .getTickLabels();
    }

    private static double min(double[] xs) {
        return Arrays.stream(xs).min().orElseThrow();
    }

    private static double max(double[] xs) {
        return Arrays.stream(xs).max().orElseThrow();
    }
}
