package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The lab's one quantile, type 7, against values computed by hand (R's quantile(x, p, type = 7) agrees). */
class SummaryTest {
    @Test
    void typeSevenInterpolatesBetweenOrderStatistics() {
        double[] sorted = {1, 2, 3, 4};
        // h = (n - 1) p: 0.75 -> 1 + 0.75 x (2 - 1); 1.5 -> 2.5; 2.25 -> 3 + 0.25 x (4 - 3)
        assertThat(Summary.quantile(sorted, 0.25)).isCloseTo(1.75, within(1e-12));
        assertThat(Summary.quantile(sorted, 0.5)).isCloseTo(2.5, within(1e-12));
        assertThat(Summary.quantile(sorted, 0.75)).isCloseTo(3.25, within(1e-12));
        assertThat(Summary.quantile(sorted, 0)).isEqualTo(1);
        assertThat(Summary.quantile(sorted, 1)).isEqualTo(4);
        // a 95 % interval's tails on ten values: h = 0.225 and 8.775
        double[] ten = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertThat(Summary.quantile(ten, 0.025)).isCloseTo(1.225, within(1e-12));
        assertThat(Summary.quantile(ten, 0.975)).isCloseTo(9.775, within(1e-12));
    }

    @Test
    void noValuesIsNaNAndOneValueIsItself() {
        assertThat(Summary.quantile(new double[0], 0.5)).isNaN();
        assertThat(Summary.quantile(new double[] {7}, 0.9)).isEqualTo(7);
        Summary s = Summary.of(4, 1, 3, 2);
        assertThat(s.median()).isEqualTo(2.5);
        assertThat(s.iqr()).isCloseTo(1.5, within(1e-12));
        assertThat(s.min()).isEqualTo(1);
        assertThat(s.max()).isEqualTo(4);
        assertThat(s.format("%.1f")).isEqualTo("2.5 (IQR 1.8-3.3, n=4)");
        assertThat(Summary.of(new double[0]).format("%.3f")).isEqualTo("-");
    }
}
