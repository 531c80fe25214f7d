package labbook.reports.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The sign-flip permutation test of paired differences (the log ratios B / A of interleaved rounds): under no change,
 * which side of a round is A and which is B is a coin toss, so each difference's sign is as likely flipped; the
 * two-sided p-value is the share of sign patterns whose |sum| is at least the observed one (Fisher's test of Darwin's
 * paired plants, 1935), counted by meeting in the middle. The statistic is the mean log ratio, the log of the geometric
 * mean ratio, so the test asks what {@link PairedRounds}' bootstrap interval shows. Up to {@link #EXACT_UP_TO}
 * differences every one of the 2^n patterns is counted (the identity among them); beyond, {@link #RANDOM_PATTERNS}
 * random patterns from a fixed seed, p = (1 + as extreme) / (1 + drawn), which never gives 0 (Phipson and Smyth, 2010).
 */
public final class SignFlipTest {
    /** Up to this many differences every sign pattern is counted: 2^20, about a million sums. */
    public static final int EXACT_UP_TO = 20;

    /** The sign patterns drawn beyond {@link #EXACT_UP_TO}: the p-value's standard error is at most 0.0016. */
    public static final int RANDOM_PATTERNS = 100_000;

    private static final long SEED = 20200420L;

    /**
     * Sums closer to the observed one than this share of the sum of |differences| count as equal to it: adding the same
     * numbers in another order may differ in the last bits, and a pattern that ties the observed sum is as extreme.
     */
    private static final double TIE = 1e-9;

    private SignFlipTest() {}

    /** The mean difference, the two-sided p-value, whether every pattern was counted, and how many patterns were. */
    public record Result(double mean, double p, boolean exact, long patterns) {}

    /** The test of {@code differences} (NaNs dropped) against a mean of 0; p = 1 with none. */
    public static Result test(double[] differences) {
        double[] d = Arrays.stream(differences).filter(x -> !Double.isNaN(x)).toArray();
        int n = d.length;
        if (n == 0) {
            return new Result(Double.NaN, 1, true, 1);
        }
        double observed = Math.abs(Arrays.stream(d).sum());
        double tolerance = TIE * Arrays.stream(d).map(Math::abs).sum();
        double mean = Arrays.stream(d).sum() / n;
        if (n <= EXACT_UP_TO) {
            long patterns = 1L << n;
            return new Result(mean, (double) extreme(d, observed - tolerance) / patterns, true, patterns);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        long extreme = 0;
        for (int r = 0; r < RANDOM_PATTERNS; r++) {
            double sum = 0;
            for (double x : d) {
                sum += random.nextBoolean() ? x : -x;
            }
            if (Math.abs(sum) >= observed - tolerance) {
                extreme++;
            }
        }
        return new Result(mean, (1.0 + extreme) / (1.0 + RANDOM_PATTERNS), false, RANDOM_PATTERNS);
    }

    /**
     * The smallest two-sided p-value the exact test can give for {@code n} differences, 2 / 2^n (all signs alike,
     * either way): below it nothing can be called, whatever the rounds show.
     */
    public static double smallestP(int n) {
        return 2 / Math.pow(2, n);
    }

    /**
     * How many of the 2^n sign patterns of {@code d} have |sum| at least {@code threshold}, counted by meeting in the
     * middle: the 2^(n/2) sums of each half, one half sorted and searched for each sum of the other, so a test costs
     * microseconds, not the million sums of a plain count at 20 rounds (the power study runs thousands of tests).
     */
    static long extreme(double[] d, double threshold) {
        int half = d.length / 2;
        if (threshold <= 0) {
            return 1L << d.length;
        }
        double[] left = sums(d, 0, half);
        double[] right = sums(d, half, d.length);
        Arrays.sort(right);
        long count = 0;
        for (double l : left) {
            // l + r >= threshold, or l + r <= -threshold: two ranges of the sorted right sums, apart since threshold >
            // 0
            count += right.length - firstFrom(right, threshold - l, true);
            count += firstFrom(right, -threshold - l, false);
        }
        return count;
    }

    /** Every signed sum of d[from..to): entry k flips the signs of the bits set in k. */
    private static double[] sums(double[] d, int from, int to) {
        double[] out = new double[1 << (to - from)];
        for (int i = from; i < to; i++) {
            out[0] += d[i];
        }
        for (int k = 1; k < out.length; k++) {
            int low = Integer.numberOfTrailingZeros(k);
            out[k] = out[k & (k - 1)] - 2 * d[from + low];
        }
        return out;
    }

    /**
     * The index of the first value of sorted {@code v} above {@code x} ({@code orEqual}: at least x), v.length when
     * none: how many values lie below it.
     */
    private static int firstFrom(double[] v, double x, boolean orEqual) {
        int lo = 0;
        int hi = v.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (v[mid] < x || (!orEqual && v[mid] == x)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
