package labbook.reports.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Wilcoxon's signed-rank test of paired differences (the log ratios B / A of interleaved rounds) against no change,
 * two-sided. Differences of exactly 0 are dropped before ranking (Wilcoxon's own rule, and R's {@code wilcox.test}): a
 * round that saw no difference says nothing about its direction. Tied |differences| get their mid-rank. Up to
 * {@link #EXACT_UP_TO} differences the p-value is exact: from the distribution of the sum of the positive ranks over
 * all 2^n sign patterns, given the ties (so with ties it is still exact, where R switches to its normal approximation).
 * Beyond, the normal approximation with R's tie and continuity corrections. commons-math3's
 * {@code WilcoxonSignedRankTest} is not used: its exact p-value ignores ties, and it ranks zero differences and counts
 * them as negative.
 */
public final class SignedRankTest {
    /** Up to this many non-zero differences the p-value is exact. */
    public static final int EXACT_UP_TO = 50;

    private SignedRankTest() {}

    /**
     * V, R's statistic: the sum of the ranks of the positive differences (a half-rank where ties share one); n, the
     * non-zero differences it ranked; the two-sided p-value (1 when no difference is non-zero); whether it is exact.
     */
    public record Result(double v, int n, double p, boolean exact) {}

    /** The test of {@code differences} (NaNs and zeros dropped) against a median of 0. */
    public static Result test(double[] differences) {
        double[] d = Arrays.stream(differences)
                .filter(x -> !Double.isNaN(x) && x != 0)
                .toArray();
        int n = d.length;
        if (n == 0) {
            return new Result(0, 0, 1, true);
        }
        double[] magnitudes = Arrays.stream(d).map(Math::abs).sorted().toArray();
        TieGroups ties = TieGroups.of(magnitudes);
        int observed = 0; // twice V
        for (double x : d) {
            if (x > 0) {
                observed += ties.doubledRankOf(x);
            }
        }
        if (n <= EXACT_UP_TO) {
            return new Result(observed / 2.0, n, exactP(ties, n, observed), true);
        }
        double tieCorrection = 0;
        for (int g = 0; g < ties.count(); g++) {
            double t = ties.size(g);
            tieCorrection += t * t * t - t;
        }
        double v = observed / 2.0;
        double mean = n * (n + 1) / 4.0;
        double sd = Math.sqrt(n * (n + 1) * (2.0 * n + 1) / 24 - tieCorrection / 48);
        double z = (v - mean - Math.signum(v - mean) * 0.5) / sd;
        double p = 2 * new NormalDistribution().cumulativeProbability(-Math.abs(z));
        return new Result(v, n, Math.min(1, p), false);
    }

    /**
     * The exact two-sided p-value: the distribution of twice V when each difference's sign is + or - with probability
     * 1/2, built rank group by rank group (a group of k tied differences has C(k, j) ways to have j positive); p =
     * min(1, 2 min(P(2V <= observed), P(2V >= observed))), as R takes it.
     */
    private static double exactP(TieGroups ties, int n, int observed) {
        int maxSum = n * (n + 1);
        double[] chance = new double[maxSum + 1];
        chance[0] = 1;
        for (int g = 0; g < ties.count(); g++) {
            double[] next = new double[maxSum + 1];
            double[] positives = binomialHalf(ties.size(g));
            for (int w = 0; w <= maxSum; w++) {
                if (chance[w] == 0) {
                    continue;
                }
                for (int j = 0; j <= ties.size(g); j++) {
                    next[w + j * ties.doubledRank(g)] += chance[w] * positives[j];
                }
            }
            chance = next;
        }
        double atMost = 0;
        double atLeast = 0;
        for (int w = 0; w <= maxSum; w++) {
            if (w <= observed) {
                atMost += chance[w];
            }
            if (w >= observed) {
                atLeast += chance[w];
            }
        }
        return Math.min(1, 2 * Math.min(atMost, atLeast));
    }

    /** P(j of k fair coins come up heads), j = 0..k. */
    private static double[] binomialHalf(int k) {
        double[] p = new double[k + 1];
        p[0] = Math.pow(0.5, k);
        for (int j = 1; j <= k; j++) {
            p[j] = p[j - 1] * (k - j + 1) / j;
        }
        return p;
    }
}
