package labbook.reports.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The smallest change a test could have detected (the minimum detectable effect): the change in the median that a
 * two-sided test at level alpha finds with probability {@link #POWER}, from the spread these very samples show. A
 * closed form on the log scale, where a timing's noise is a share of it and a change is a ratio:
 *
 * <pre>
 *   d   = (t(1 - alpha/2, df) + t(power, df)) * s * sqrt(1/n_A + 1/n_B) / sqrt(efficiency)
 *   MDE = exp(d) - 1
 * </pre>
 *
 * s is the pooled standard deviation of the logs of both samples (df = n_A + n_B - 2), or of the log ratios of paired
 * rounds (sqrt(1/n), df = n - 1). It is the t-test's power approximation (central t quantiles in place of the
 * non-central t), divided by the square root of the rank test's asymptotic efficiency against the t-test for normal
 * data, 3/π (Hodges and Lehmann, 1956): a rank test needs π/3 times the repeats a t-test needs. Student's t rather than
 * the normal's z, because at benchmark sample sizes the z form promises too much: simulated at 8 and 11 repeats a side
 * with normal log-times, the exact U-test finds the t form's MDE in 79-80 % of trials, the z form's in 74-76 % (scipy,
 * 3000 trials each; {@code DetectableChangeTest} checks the t form). The standard deviation gives every outlier its
 * full weight, so on samples with outliers, which a rank test shrugs off, the figure is conservative (larger than the
 * U-test's real MDE).
 */
public final class DetectableChange {
    /** The power at which the detectable change is given: the chance of finding a change that large. */
    public static final double POWER = 0.8;

    /** A rank test's asymptotic efficiency against the t-test on normal data (Mann-Whitney and signed-rank alike). */
    public static final double RANK_EFFICIENCY = 3 / Math.PI;

    /** A test of the mean log ratio (the sign-flip permutation test): as efficient as the t-test, asymptotically. */
    public static final double MEAN_EFFICIENCY = 1;

    private DetectableChange() {}

    /**
     * The MDE of a two-sample rank test (two runs' repeats of one timing), as a fraction (0.079 for a 7.9 % change):
     * NaN when a value is not positive (no log) or there are fewer than three values in all (no spread to pool).
     */
    public static double twoSamples(double[] a, double[] b, double alpha, double power) {
        double[] x = logs(a);
        double[] y = logs(b);
        if (x == null || y == null || x.length == 0 || y.length == 0 || x.length + y.length < 3) {
            return Double.NaN;
        }
        int df = x.length + y.length - 2;
        double pooledVariance = (squares(x) + squares(y)) / df;
        return ofLogScale(
                Math.sqrt(pooledVariance) * Math.sqrt(1.0 / x.length + 1.0 / y.length),
                df,
                alpha,
                power,
                RANK_EFFICIENCY);
    }

    /**
     * The MDE of a paired test on {@code logRatios} (one per round, log of B / A) with the given efficiency
     * ({@link #RANK_EFFICIENCY} for the signed-rank test, {@link #MEAN_EFFICIENCY} for the sign-flip test): NaN for
     * fewer than two rounds.
     */
    public static double paired(double[] logRatios, double alpha, double power, double efficiency) {
        double[] d = Stats.clean(logRatios);
        if (d.length < 2) {
            return Double.NaN;
        }
        double sd = Math.sqrt(StatUtils.variance(d));
        return ofLogScale(sd / Math.sqrt(d.length), d.length - 1, alpha, power, efficiency);
    }

    /**
     * The MDE of a t-test of a mean log ratio with this standard error and {@code df} degrees of freedom: compare's
     * test between runs (one run a side against a calibrated spread s, SE sqrt(2) s; several runs a side, the pooled
     * SE).
     */
    public static double ofStandardError(double standardError, int df, double alpha, double power) {
        if (df < 1 || !(standardError >= 0)) {
            return Double.NaN;
        }
        return ofLogScale(standardError, df, alpha, power, MEAN_EFFICIENCY);
    }

    /** exp((t(1 - alpha/2) + t(power)) * standardError / sqrt(efficiency)) - 1, both t at {@code df}. */
    static double ofLogScale(double standardError, int df, double alpha, double power, double efficiency) {
        TDistribution t = new TDistribution(null, df);
        double d = (t.inverseCumulativeProbability(1 - alpha / 2) + t.inverseCumulativeProbability(power))
                * standardError
                / Math.sqrt(efficiency);
        return Math.expm1(d);
    }

    /** The sum of squared deviations from the mean. */
    private static double squares(double[] logs) {
        return logs.length < 2 ? 0 : StatUtils.variance(logs) * (logs.length - 1);
    }

    /** The logs of the values (NaNs dropped); null when one is not positive. */
    private static double[] logs(double[] values) {
        double[] v = Stats.clean(values);
        if (Arrays.stream(v).anyMatch(x -> !(x > 0) || Double.isInfinite(x))) {
            return null;
        }
        return Arrays.stream(v).map(Math::log).toArray();
    }
}
