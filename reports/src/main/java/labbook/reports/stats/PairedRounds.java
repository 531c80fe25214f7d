package labbook.reports.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Interleaved A/B rounds analysed as pairs: each round ran A and B in fresh processes close in time, so whatever drifts
 * between rounds (the machine's load, its clock, its neighbours) touches both, and the round's ratio B / A cancels it.
 * The analysis of one timing over n rounds: the ratios, their geometric mean with a percentile bootstrap interval (the
 * rounds resampled, fixed seed), their median, Wilcoxon's signed-rank test ({@link SignedRankTest}) and the sign-flip
 * permutation test ({@link SignFlipTest}) of the log ratios against no change, and the change each test could have
 * detected at {@link DetectableChange#POWER} power ({@link DetectableChange#paired}).
 */
public final class PairedRounds {
    /** Resamples of the rounds drawn for the interval of the geometric mean ratio. */
    public static final int BOOTSTRAP_RESAMPLES = 10_000;

    private static final long BOOTSTRAP_SEED = 20200420L;

    private PairedRounds() {}

    /**
     * One timing's rounds: their number, the geometric mean and the median of the ratios B / A (for an even count, the
     * geometric mean of the middle two), the geometric mean's percentile bootstrap interval at {@link Interval#LEVEL},
     * both tests, and each test's detectable change at level alpha as a fraction (0.05 for 5 %).
     */
    public record Analysis(
            int rounds,
            double geomeanRatio,
            double medianRatio,
            Interval geomeanInterval,
            SignedRankTest.Result signedRank,
            SignFlipTest.Result signFlip,
            double detectableBySignedRank,
            double detectableBySignFlip) {}

    /**
     * The analysis of rounds whose A took {@code a[i]} and B {@code b[i]}; every value positive and finite, both arrays
     * as long. {@code alpha} is the level at which the detectable changes are given.
     */
    public static Analysis of(double[] a, double[] b, double alpha) {
        if (a.length != b.length) {
            throw new IllegalArgumentException(
                    "paired rounds need as many A values as B values, not " + a.length + " and " + b.length);
        }
        double[] logRatios = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] > 0 && b[i] > 0 && Double.isFinite(a[i]) && Double.isFinite(b[i]))) {
                throw new IllegalArgumentException(
                        "round " + (i + 1) + ": A " + a[i] + ", B " + b[i] + ": a ratio needs two positive timings");
            }
            logRatios[i] = Math.log(b[i] / a[i]);
        }
        return new Analysis(
                a.length,
                Math.exp(Arrays.stream(logRatios).average().orElse(Double.NaN)),
                Math.exp(Stats.median(logRatios)),
                geomeanInterval(logRatios),
                SignedRankTest.test(logRatios),
                SignFlipTest.test(logRatios),
                DetectableChange.paired(logRatios, alpha, DetectableChange.POWER, DetectableChange.RANK_EFFICIENCY),
                DetectableChange.paired(logRatios, alpha, DetectableChange.POWER, DetectableChange.MEAN_EFFICIENCY));
    }

    /**
     * The percentile bootstrap interval of the geometric mean ratio: the rounds (their log ratios) drawn again with
     * replacement {@link #BOOTSTRAP_RESAMPLES} times, fixed seed; {@link Interval#NONE} with no round.
     */
    public static Interval geomeanInterval(double[] logRatios) {
        double[] d = Stats.clean(logRatios);
        if (d.length == 0) {
            return Interval.NONE;
        }
        SplittableRandom random = new SplittableRandom(BOOTSTRAP_SEED);
        double[] replicates = new double[BOOTSTRAP_RESAMPLES];
        for (int r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
            double sum = 0;
            for (int i = 0; i < d.length; i++) {
                sum += d[random.nextInt(d.length)];
            }
            replicates[r] = Math.exp(sum / d.length);
        }
        return Interval.of(replicates);
    }
}
