package labbook.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** A dense sweep is drawn as its trend: the running median by hand, the spike an outlier, the axis set by the trend. */
class DenseSweepTest {
    @Test
    void theRunningMedianOfAHandComputedSeries() {
        // windows of 3, shorter at the ends: (1,9)->5, (1,9,2)->2, (9,2,3)->3, (2,3,4)->3, (3,4)->3.5
        assertThat(ChartStyle.runningMedian(new double[] {1, 9, 2, 3, 4}, 3)).containsExactly(5, 2, 3, 3, 3.5);
    }

    @Test
    void aSpikeIsAnOutlierAndTheTrendSetsTheAxis() {
        int n = 300;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 100.0 * (i + 1);
            y[i] = 1 + i / 100.0; // 1 to 3.99 ms, growing
        }
        y[150] = 40; // one spike, ten times its neighbours
        XYChart chart = ChartStyle.xy("t", "entries", "ms");
        double max = ChartStyle.denseSweep(chart, "kde4", x, y, Color.RED);
        assertThat(max).isLessThan(4.1).isGreaterThan(3.9);
        XYSeries outliers = chart.getSeriesMap().get("kde4: outliers");
        assertThat(outliers.getYData()).containsExactly(40.0);
        assertThat(chart.getSeriesMap().get("kde4: each point").isShowInLegend())
                .isFalse();
        assertThat(outliers.isShowInLegend()).isFalse();
        XYSeries line = chart.getSeriesMap().get("kde4");
        assertThat(line.isShowInLegend()).isTrue();
        assertThat(line.getYData()[150]).as("the spike does not move the trend").isLessThan(3);
    }
}
