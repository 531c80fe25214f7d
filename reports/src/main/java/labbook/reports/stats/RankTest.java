package labbook.reports.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.apache.commons.math3.util.CombinatoricsUtils;

/**
 * The Mann-Whitney U test of two independent samples (two runs' repeats of one measurement): U from commons-math3, and
 * a two-sided p-value. commons-math3's p-value is its normal approximation, with neither a continuity nor a tie
 * correction, which is far off at the handful of repeats a benchmark has; so up to {@link #EXACT_UP_TO} values in all
 * the p-value is the exact one, from the permutation distribution of the rank sum given the ties (what R's
 * {@code wilcox.test} computes exactly when there are no ties), and beyond that commons-math3's.
 */
public final class RankTest {
    /** Samples of up to this many values in all get the exact p-value. */
    public static final int EXACT_UP_TO = 60;

    private RankTest() {}

    /** U (commons-math3's: the larger of U_a and U_b), the two-sided p-value, and whether it is exact; NaNs dropped. */
    public record Result(double u, double p, boolean exact) {}

    public static Result test(double[] a, double[] b) {
        double[] x = Stats.clean(a);
        double[] y = Stats.clean(b);
        if (x.length == 0 || y.length == 0) {
            return new Result(Double.NaN, Double.NaN, false);
        }
        MannWhitneyUTest commons = new MannWhitneyUTest();
        double u = commons.mannWhitneyU(x, y);
        if (x.length + y.length <= EXACT_UP_TO) {
            return new Result(u, exactP(x, y), true);
        }
        return new Result(u, commons.mannWhitneyUTest(x, y), false);
    }

    /**
     * The smallest two-sided p-value samples of n and m values can reach (no ties, every value of one sample below
     * every value of the other): 2 / C(n + m, n). Above 0.05 (3 against 3 gives 0.1) no difference can be significant.
     */
    public static double smallestP(int n, int m) {
        if (n == 0 || m == 0) {
            return 1;
        }
        return Math.min(1, 2 / CombinatoricsUtils.binomialCoefficientDouble(n + m, n));
    }

    /**
     * The exact two-sided p-value: the rank sum of {@code x} (mid-ranks for ties, doubled so they are whole) against
     * its distribution over every way of choosing which |x| of the pooled values are x's, counted tie group by tie
     * group; p = min(1, 2 min(P(W <= w), P(W >= w))), as R takes it.
     */
    static double exactP(double[] x, double[] y) {
        int n = x.length;
        int total = n + y.length;
        double[] pooled = new double[total];
        System.arraycopy(x, 0, pooled, 0, n);
        System.arraycopy(y, 0, pooled, n, y.length);
        Arrays.sort(pooled);
        TieGroups ties = TieGroups.of(pooled);
        int observed = 0;
        for (double v : x) {
            observed += ties.doubledRankOf(v);
        }
        int maxSum = total * (total + 1);
        // ways[k][w]: ways to pick k of the values seen so far for x with doubled rank sum w
        double[][] ways = new double[n + 1][maxSum + 1];
        ways[0][0] = 1;
        for (int g = 0; g < ties.count(); g++) {
            double[][] next = new double[n + 1][maxSum + 1];
            for (int k = 0; k <= n; k++) {
                for (int w = 0; w <= maxSum; w++) {
                    if (ways[k][w] == 0) {
                        continue;
                    }
                    for (int take = 0; take <= ties.size(g) && k + take <= n; take++) {
                        next[k + take][w + take * ties.doubledRank(g)] +=
                                ways[k][w] * CombinatoricsUtils.binomialCoefficientDouble(ties.size(g), take);
                    }
                }
            }
            ways = next;
        }
        double all = 0;
        double atMost = 0;
        double atLeast = 0;
        for (int w = 0; w <= maxSum; w++) {
            all += ways[n][w];
            if (w <= observed) {
                atMost += ways[n][w];
            }
            if (w >= observed) {
                atLeast += ways[n][w];
            }
        }
        return Math.min(1, 2 * Math.min(atMost, atLeast) / all);
    }
}
