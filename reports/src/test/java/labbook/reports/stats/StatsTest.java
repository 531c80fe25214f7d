package labbook.reports.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void medianOfOddAndEvenCounts() {
        assertThat(Stats.median(5, 1, 3)).isEqualTo(3);
        assertThat(Stats.median(4, 1, 3, 2)).isEqualTo(2.5);
        assertThat(Stats.median()).isNaN();
    }

    @Test
    void quartilesInterpolateLikeRAndNumpy() {
        Stats.Spread s = Stats.spread(1, 2, 3, 4);
        assertThat(s.q1()).isEqualTo(1.75);
        assertThat(s.q3()).isEqualTo(3.25);
        assertThat(s.iqr()).isEqualTo(1.5);
        assertThat(s.min()).isEqualTo(1);
        assertThat(s.max()).isEqualTo(4);
        assertThat(s.n()).isEqualTo(4);
    }

    @Test
    void nanValuesAreDropped() {
        Stats.Spread s = Stats.spread(Double.NaN, 10, 20, 30);
        assertThat(s.n()).isEqualTo(3);
        assertThat(s.median()).isEqualTo(20);
    }

    @Test
    void bootstrapIntervalBracketsTheMedianAndIsRepeatable() {
        double[] v = {10, 11, 9, 10.5, 9.5, 10.2, 30, 10.1, 9.9};
        Stats.Spread a = Stats.spread(v);
        Stats.Spread b = Stats.spread(v);
        assertThat(a.ciLow()).isLessThanOrEqualTo(a.median());
        assertThat(a.ciHigh()).isGreaterThanOrEqualTo(a.median());
        assertThat(a.ciHigh()).isLessThan(30); // the median's interval ignores the one outlier
        assertThat(a.ciLow()).isEqualTo(b.ciLow());
        assertThat(a.ciHigh()).isEqualTo(b.ciHigh());
    }

    @Test
    void identicalValuesGiveAPointInterval() {
        Stats.Spread s = Stats.spread(7, 7, 7, 7);
        assertThat(s.ciLow()).isEqualTo(7);
        assertThat(s.ciHigh()).isEqualTo(7);
        assertThat(s.relativeIqr()).isCloseTo(0, within(1e-12));
        assertThat(Stats.spread(3).ciLow()).isEqualTo(3);
    }

    @Test
    void theMedianBySelectionIsTheMedianBySorting() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        for (int n = 1; n < 60; n++) {
            double[] v = new double[n + 3];
            for (int i = 0; i < v.length; i++) {
                v[i] = random.nextInt(7) - 0.5 * random.nextInt(3); // ties on purpose
            }
            double[] firstN = java.util.Arrays.copyOf(v, n);
            assertThat(Stats.medianInPlace(v, n)).as("n=" + n).isEqualTo(Stats.median(firstN));
        }
        assertThat(Stats.medianInPlace(new double[] {4, 1, 3, 2}, 4)).isEqualTo(2.5);
        assertThat(Stats.medianInPlace(new double[0], 0)).isNaN();
    }
}
