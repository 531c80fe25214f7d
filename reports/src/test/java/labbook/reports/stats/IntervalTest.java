package labbook.reports.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class IntervalTest {
    @Test
    void theCentral95PercentByType7Quantiles() {
        // 1..100: h = 99 x 0.025 = 2.475, so 3 + 0.475 x (4 - 3); h = 99 x 0.975 = 96.525, so 97 + 0.525
        double[] replicates = IntStream.rangeClosed(1, 100).mapToDouble(i -> i).toArray();
        Interval ci = Interval.of(replicates);
        assertThat(ci.low()).isCloseTo(3.475, within(1e-12));
        assertThat(ci.high()).isCloseTo(97.525, within(1e-12));
    }

    @Test
    void nansAreDroppedAndInfinitiesKept() {
        assertThat(Interval.of(new double[] {Double.NaN, Double.NaN})).isEqualTo(Interval.NONE);
        double[] never = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        assertThat(Interval.of(never).low()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(Interval.of(new double[] {1, Double.NaN, 1}).high()).isEqualTo(1);
    }

    @Test
    void sidesOfAThreshold() {
        Interval ci = new Interval(0.97, 1.06);
        assertThat(ci.below(1)).isFalse();
        assertThat(ci.above(1)).isFalse();
        assertThat(ci.inside(0.5, 2)).isTrue();
        assertThat(ci.over(2)).isEqualTo(new Interval(0.485, 0.53));
        assertThat(Interval.NONE.orPoint(3)).isEqualTo(new Interval(3, 3));
    }
}
