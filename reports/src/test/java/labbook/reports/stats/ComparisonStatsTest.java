package labbook.reports.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The statistics behind {@code reports compare}, against figures known independently: R's {@code wilcox.test}
 * documentation, a brute-force enumeration of every rank arrangement, binomial order statistics, and a bootstrap whose
 * distribution can be worked out by hand.
 */
class ComparisonStatsTest {

    /**
     * R's {@code ?wilcox.test}, "Two-sample test" (Hollander and Wolfe, p. 69): {@code wilcox.test(x, y, alternative =
     * "g")} gives W = 35, p-value = 0.1272, exact (no ties); two-sided is twice that.
     */
    @Test
    void theUTestGivesRsFiguresForItsDocumentationExample() {
        double[] x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
        double[] y = {1.15, 0.88, 0.90, 0.74, 1.21};
        RankTest.Result r = RankTest.test(x, y);
        assertThat(r.u()).isEqualTo(35); // commons-math3's U: the larger of U_x = 35 and U_y = 15
        assertThat(r.exact()).isTrue();
        assertThat(r.p()).isCloseTo(0.2544, within(0.0001));
        assertThat(RankTest.test(y, x).p()).isCloseTo(0.2544, within(0.0001));
    }

    @Test
    void theExactPValueIsWhatEnumeratingEveryArrangementGivesWithTies() {
        double[][][] cases = {
            {{1, 2, 2, 3}, {2, 3, 3, 4, 5}},
            {{10, 10, 10}, {10, 11, 12}},
            {{1, 1, 1, 1}, {1, 1, 1, 1}},
            {{3.2, 1.1, 5.0, 2.2, 2.2, 4.1}, {6.0, 5.0, 7.5, 2.2, 8.0}},
        };
        for (double[][] c : cases) {
            assertThat(RankTest.exactP(c[0], c[1]))
                    .as(Arrays.deepToString(c))
                    .isCloseTo(enumeratedP(c[0], c[1]), within(1e-12));
        }
    }

    @Test
    void theSmallestPValueSaysWhenNoDifferenceCanBeSignificant() {
        assertThat(RankTest.smallestP(3, 3)).isCloseTo(0.1, within(1e-12)); // 2 / C(6, 3)
        assertThat(RankTest.smallestP(3, 4)).isCloseTo(2.0 / 35, within(1e-12));
        assertThat(RankTest.smallestP(4, 4)).isCloseTo(2.0 / 70, within(1e-12));
        // and the exact test reaches it when the samples do not overlap
        assertThat(RankTest.test(new double[] {1, 2, 3}, new double[] {4, 5, 6}).p())
                .isCloseTo(0.1, within(1e-12));
    }

    @Test
    void beyondTheExactRangeThePValueIsCommonsMathsNormalApproximation() {
        double[] x = new double[40];
        double[] y = new double[40];
        for (int i = 0; i < 40; i++) {
            x[i] = i;
            y[i] = i + 5.5;
        }
        RankTest.Result r = RankTest.test(x, y);
        assertThat(r.exact()).isFalse();
        // U_min = 1600 - sum over y of #x below it ..., z = (U_min - 800) / sqrt(1600 * 81 / 12)
        double uMin = 1600 - r.u();
        double z = (uMin - 800) / Math.sqrt(1600.0 * 81 / 12);
        double expected = 2 * new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability(z);
        assertThat(r.p()).isCloseTo(expected, within(1e-12));
    }

    /**
     * The median's order-statistic interval: n = 11 gives the 2nd and 10th values (P(B <= 1) = 12 / 2048 <= 0.025 < P(B
     * <= 2) = 67 / 2048 for B ~ Binomial(11, 1/2)); n = 6 the extremes (1 / 64); n = 5 none.
     */
    @Test
    void theMedianIntervalComesFromBinomialOrderStatistics() {
        double[] eleven = {11, 1, 10, 2, 9, 3, 8, 4, 7, 5, 6};
        assertThat(Stats.orderStatisticMedianCi(eleven, 0.95)).containsExactly(2, 10);
        assertThat(Stats.orderStatisticMedianCi(new double[] {6, 5, 4, 3, 2, 1}, 0.95))
                .containsExactly(1, 6);
        assertThat(Stats.orderStatisticMedianCi(new double[] {5, 4, 3, 2, 1}, 0.95))
                .containsOnly(Double.NaN);
    }

    /**
     * A = {1, 2, 3}, B = {2, 4, 6}: a resample's median of A is 1 or 3 with probability 7/27 each (two or three draws
     * of that value), 2 with 13/27; B's is twice that. The smallest ratio, 2 / 3, has probability (7/27)^2 = 6.7 % and
     * the largest, 6 / 1, as much: both beyond 2.5 %, so the 95 % percentile interval is exactly [2/3, 6]. A = {1, 2},
     * B = {3}: A's resampled medians are 1, 1.5, 2 (1/4, 1/2, 1/4), so the ratio is 3, 2 or 1.5: [1.5, 3].
     */
    @Test
    void theRatioIntervalIsTheBootstrapDistributionWorkedOutByHand() {
        assertThat(Stats.bootstrapRatioOfMediansCi(new double[] {1, 2, 3}, new double[] {2, 4, 6}, 0.95))
                .containsExactly(new double[] {2.0 / 3, 6}, within(1e-12));
        assertThat(Stats.bootstrapRatioOfMediansCi(new double[] {1, 2}, new double[] {3}, 0.95))
                .containsExactly(new double[] {1.5, 3}, within(1e-12));
        // fixed seed: the same interval every time
        double[] a = {10.1, 9.8, 10.4, 10.0, 9.9, 10.2};
        double[] b = {11.0, 11.3, 10.8, 11.1, 11.2, 10.9};
        assertThat(Stats.bootstrapRatioOfMediansCi(a, b, 0.95))
                .containsExactly(Stats.bootstrapRatioOfMediansCi(a, b, 0.95));
    }

    /** Two-sided p over every choice of which pooled values are x's (mid-ranks for ties), counted one by one. */
    private static double enumeratedP(double[] x, double[] y) {
        double[] pooled = new double[x.length + y.length];
        System.arraycopy(x, 0, pooled, 0, x.length);
        System.arraycopy(y, 0, pooled, x.length, y.length);
        double[] ranks = new double[pooled.length];
        for (int i = 0; i < pooled.length; i++) {
            double below = 0;
            double equal = 0;
            for (double v : pooled) {
                below += v < pooled[i] ? 1 : 0;
                equal += v == pooled[i] ? 1 : 0;
            }
            ranks[i] = below + (equal + 1) / 2;
        }
        double observed = 0;
        for (int i = 0; i < x.length; i++) {
            observed += ranks[i];
        }
        List<Double> sums = new ArrayList<>();
        choose(ranks, x.length, 0, 0, sums);
        double atMost = 0;
        double atLeast = 0;
        for (double s : sums) {
            atMost += s <= observed + 1e-9 ? 1 : 0;
            atLeast += s >= observed - 1e-9 ? 1 : 0;
        }
        return Math.min(1, 2 * Math.min(atMost, atLeast) / sums.size());
    }

    private static void choose(double[] ranks, int left, int from, double sum, List<Double> sums) {
        if (left == 0) {
            sums.add(sum);
            return;
        }
        for (int i = from; i <= ranks.length - left; i++) {
            choose(ranks, left - 1, i + 1, sum + ranks[i], sums);
        }
    }
}
