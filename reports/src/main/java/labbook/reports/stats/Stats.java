package labbook.reports.stats;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.DoubleBinaryOperator;
import labbook.core.Summary;
import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * Medians with spread: quartiles, interquartile range and a bootstrap confidence interval of the median. The bootstrap
 * uses a fixed seed, so the site and the notebooks print the same interval.
 */
public final class Stats {
    /** Resamples drawn for a bootstrap interval. */
    public static final int BOOTSTRAP_RESAMPLES = 2000;

    private static final long BOOTSTRAP_SEED = 20091008L;

    private Stats() {}

    /**
     * A median with its spread over n measurements. The bootstrap interval of the median is drawn when first asked for,
     * not before: a claim's own bootstrap computes thousands of spreads whose intervals nobody reads.
     */
    public static final class Spread {
        private final double[] sorted;
        private double[] ci;

        private Spread(double[] sorted) {
            this.sorted = sorted;
        }

        public int n() {
            return sorted.length;
        }

        public double median() {
            return quantile(sorted, 0.5);
        }

        public double q1() {
            return quantile(sorted, 0.25);
        }

        public double q3() {
            return quantile(sorted, 0.75);
        }

        public double min() {
            return sorted.length == 0 ? Double.NaN : sorted[0];
        }

        public double max() {
            return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
        }

        /** The lower bound of the 95 % bootstrap interval of the median. */
        public double ciLow() {
            return ci()[0];
        }

        /** The upper bound of the 95 % bootstrap interval of the median. */
        public double ciHigh() {
            return ci()[1];
        }

        private synchronized double[] ci() {
            if (ci == null) {
                ci = bootstrapMedianCi(sorted, 0.95);
            }
            return ci;
        }

        public double iqr() {
            return q3() - q1();
        }

        /** The IQR as a fraction of the median: how noisy the repeats were. */
        public double relativeIqr() {
            double m = median();
            return m == 0 ? Double.NaN : iqr() / Math.abs(m);
        }
    }

    /** Median, quartiles, 95 % bootstrap interval of the median, min and max; NaNs are dropped. */
    public static Spread spread(double... values) {
        return new Spread(clean(values));
    }

    public static double median(double... values) {
        return quantile(clean(values), 0.5);
    }

    /**
     * The median of the first {@code length} values of {@code values}, which it reorders: by selection, not a sort, in
     * linear time on average (a Theil-Sen fit takes the median of n(n-1)/2 slopes, again on every bootstrap resample).
     * The same value as {@link #median} for values without NaN: the middle one, or the mean of the two middle ones.
     */
    public static double medianInPlace(double[] values, int length) {
        if (length == 0) {
            return Double.NaN;
        }
        int upper = length / 2;
        double high = select(values, length, upper);
        if (length % 2 == 1) {
            return high;
        }
        // after selecting the upper middle, every value left of it is no greater: the lower middle is their largest
        double low = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < upper; i++) {
            low = Math.max(low, values[i]);
        }
        return low + (high - low) / 2;
    }

    /** The k-th smallest (0-based) of the first {@code length} values, moved to index k (Hoare's quickselect). */
    private static double select(double[] a, int length, int k) {
        int left = 0;
        int right = length - 1;
        while (left < right) {
            double pivot = a[(left + right) >>> 1];
            int i = left;
            int j = right;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    double t = a[i];
                    a[i] = a[j];
                    a[j] = t;
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                right = j;
            } else if (k >= i) {
                left = i;
            } else {
                return a[k];
            }
        }
        return a[k];
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
            medians[b] = resampledMedian(v, sample, random);
        }
        return percentiles(medians, level);
    }

    /**
     * Percentile bootstrap interval of median(b) / median(a): each resample draws both samples anew, with replacement
     * and independently (two runs share no pairing). Fixed seed, so a comparison prints the same interval every time;
     * NaN bounds when either sample is empty or a resampled median of {@code a} is 0.
     */
    public static double[] bootstrapRatioOfMediansCi(double[] a, double[] b, double level) {
        double[] ratios =
                bootstrapTwoSamples(a, b, (medianA, medianB) -> medianA == 0 ? Double.NaN : medianB / medianA);
        if (ratios.length == 0 || Arrays.stream(ratios).anyMatch(Double::isNaN)) {
            return new double[] {Double.NaN, Double.NaN};
        }
        return percentiles(ratios, level);
    }

    /**
     * {@value #BOOTSTRAP_RESAMPLES} bootstrap replicates of {@code ofMedians(median(a), median(b))}: each resample
     * draws both samples anew, with replacement and independently. Fixed seed; empty when either sample is.
     */
    public static double[] bootstrapTwoSamples(double[] a, double[] b, DoubleBinaryOperator ofMedians) {
        double[] x = clean(a);
        double[] y = clean(b);
        if (x.length == 0 || y.length == 0) {
            return new double[0];
        }
        SplittableRandom random = new SplittableRandom(BOOTSTRAP_SEED);
        double[] replicates = new double[BOOTSTRAP_RESAMPLES];
        double[] sampleX = new double[x.length];
        double[] sampleY = new double[y.length];
        for (int r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
            double medianA = resampledMedian(x, sampleX, random);
            double medianB = resampledMedian(y, sampleY, random);
            replicates[r] = ofMedians.applyAsDouble(medianA, medianB);
        }
        return replicates;
    }

    /**
     * The distribution-free interval of the median from order statistics: the k-th smallest and k-th largest values, k
     * the largest rank with P(Binomial(n, 1/2) < k) at most (1 - level) / 2 on each side, so it covers the true median
     * with probability at least {@code level} whatever the distribution. NaN bounds when n is too small for any such k
     * (n < 6 at 95 %): no pair of values reaches that level.
     */
    public static double[] orderStatisticMedianCi(double[] values, double level) {
        double[] v = clean(values);
        if (v.length == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        BinomialDistribution ranks = new BinomialDistribution(null, v.length, 0.5);
        double tail = (1 - level) / 2;
        int k = 0;
        while (k + 1 <= (v.length + 1) / 2 && ranks.cumulativeProbability(k) <= tail) {
            k++;
        }
        if (k == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        return new double[] {v[k - 1], v[v.length - k]};
    }

    /** The median of one resample of sorted {@code v}, drawn into {@code scratch}. */
    private static double resampledMedian(double[] v, double[] scratch, SplittableRandom random) {
        for (int i = 0; i < v.length; i++) {
            scratch[i] = v[random.nextInt(v.length)];
        }
        Arrays.sort(scratch);
        return quantile(scratch, 0.5);
    }

    /** The central {@code level} interval of bootstrap replicates (sorted in place). */
    private static double[] percentiles(double[] replicates, double level) {
        Arrays.sort(replicates);
        double tail = (1 - level) / 2;
        return new double[] {quantile(replicates, tail), quantile(replicates, 1 - tail)};
    }

    /** A sorted copy without NaNs. */
    public static double[] clean(double[] values) {
        return Arrays.stream(values).filter(d -> !Double.isNaN(d)).sorted().toArray();
    }
}
