package labbook.reports.stats;

import java.util.Arrays;
import java.util.SplittableRandom;
import labbook.core.Summary;

/**
 * Medians with spread: quartiles, interquartile range and a bootstrap confidence interval of the median. The bootstrap
 * uses a fixed seed, so the site and the notebooks print the same interval.
 */
public final class Stats {
    /** Resamples drawn for a bootstrap interval. */
    public static final int BOOTSTRAP_RESAMPLES = 2000;

    private static final long BOOTSTRAP_SEED = 20091008L;

    private Stats() {}

    /** A median with its spread over n measurements. */
    public record Spread(
            int n, double median, double q1, double q3, double ciLow, double ciHigh, double min, double max) {
        public double iqr() {
            return q3 - q1;
        }

        /** The IQR as a fraction of the median: how noisy the repeats were. */
        public double relativeIqr() {
            return median == 0 ? Double.NaN : iqr() / Math.abs(median);
        }
    }

    /** Median, quartiles, 95 % bootstrap interval of the median, min and max; NaNs are dropped. */
    public static Spread spread(double... values) {
        double[] v = clean(values);
        if (v.length == 0) {
            return new Spread(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double[] ci = bootstrapMedianCi(v, 0.95);
        return new Spread(
                v.length, quantile(v, 0.5), quantile(v, 0.25), quantile(v, 0.75), ci[0], ci[1], v[0], v[v.length - 1]);
    }

    public static double median(double... values) {
        return quantile(clean(values), 0.5);
    }

    /** The p-quantile of sorted values: lab-core's one definition ({@link Summary#quantile}, type 7). */
    public static double quantile(double[] sorted, double p) {
        return Summary.quantile(sorted, p);
    }

    /** Percentile bootstrap interval of the median: resample with replacement, take the medians' quantiles. */
    public static double[] bootstrapMedianCi(double[] values, double level) {
        double[] v = clean(values);
        if (v.length == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        if (v.length == 1) {
            return new double[] {v[0], v[0]};
        }
        SplittableRandom random = new SplittableRandom(BOOTSTRAP_SEED);
        double[] medians = new double[BOOTSTRAP_RESAMPLES];
        double[] sample = new double[v.length];
        for (int b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
            for (int i = 0; i < v.length; i++) {
                sample[i] = v[random.nextInt(v.length)];
            }
            Arrays.sort(sample);
            medians[b] = quantile(sample, 0.5);
        }
        Arrays.sort(medians);
        double tail = (1 - level) / 2;
        return new double[] {quantile(medians, tail), quantile(medians, 1 - tail)};
    }

    /** A sorted copy without NaNs. */
    static double[] clean(double[] values) {
        return Arrays.stream(values).filter(d -> !Double.isNaN(d)).sorted().toArray();
    }
}
