package labbook.reports.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.apache.commons.math3.stat.inference.WilcoxonSignedRankTest;
import org.junit.jupiter.api.Test;

/**
 * The paired analysis of interleaved rounds against published examples (R's {@code wilcox.test} documentation, Fisher's
 * permutation test of Darwin's plants), a brute-force enumeration of every sign pattern with ties, R's normal
 * approximation worked out with scipy, and a bootstrap whose distribution can be worked out by hand.
 */
class PairedRoundsTest {
    /**
     * R's {@code ?wilcox.test}, "One-sample test" (Hollander and Wolfe, p. 29, depression scale before and after):
     * {@code wilcox.test(x, y, paired = TRUE, alternative = "greater")} gives V = 40, p-value = 0.01953 (exact, no
     * ties: 10 of the 512 sign patterns reach V >= 40); two-sided twice that, 0.0390625 (scipy 1.17.1's
     * {@code stats.wilcoxon(x, y, method="exact")} agrees).
     */
    @Test
    void theSignedRankTestGivesRsFiguresForItsDocumentationExample() {
        double[] x = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
        double[] y = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
        double[] d = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            d[i] = x[i] - y[i];
        }
        SignedRankTest.Result r = SignedRankTest.test(d);
        assertThat(r.v()).isEqualTo(40);
        assertThat(r.n()).isEqualTo(9);
        assertThat(r.exact()).isTrue();
        assertThat(r.p()).isCloseTo(0.0390625, within(1e-12));
        // commons-math3 gives the same statistic (its W is the larger of W+ and W-)
        assertThat(new WilcoxonSignedRankTest().wilcoxonSignedRank(x, y)).isEqualTo(40);
    }

    /**
     * Darwin's 15 pairs of cross- and self-fertilised Zea mays, height differences in eighths of an inch (Fisher, The
     * Design of Experiments, 1935, section 21): the signed ranks give V = 96, exact two-sided p = 0.04126 (scipy
     * 1.17.1, {@code stats.wilcoxon(d, method="exact")}: 1352 of the 32768 sign patterns as extreme).
     */
    @Test
    void theSignedRankTestOfDarwinsPlants() {
        SignedRankTest.Result r = SignedRankTest.test(DARWIN);
        assertThat(r.v()).isEqualTo(96);
        assertThat(r.p()).isCloseTo(0.041259765625, within(1e-12));
    }

    /** Zeros dropped, ties at their mid-rank, and still exact: every sign pattern counted one by one agrees. */
    @Test
    void withTiesAndZerosTheExactPValueIsWhatEnumeratingEverySignPatternGives() {
        double[][] cases = {
            {0, 2, -2, 3, 3, 3, -1, 4, 0, 5},
            {1, 1, 1, 1},
            {-1, 1, -1, 1, 2},
            {0.5, -0.25, 0.5, 0.75, -0.5, 1, 1, 0.25, 0.75, 2, -2, 1.5},
        };
        for (double[] d : cases) {
            SignedRankTest.Result r = SignedRankTest.test(d);
            assertThat(r.exact()).isTrue();
            assertThat(r.p()).as(Arrays.toString(d)).isCloseTo(enumeratedSignedRankP(d), within(1e-12));
        }
        // one non-zero difference: either sign is as likely, p = 1
        assertThat(SignedRankTest.test(new double[] {0, 0, 3}).p()).isEqualTo(1);
        assertThat(SignedRankTest.test(new double[] {0, 0}).n()).isZero();
        assertThat(SignedRankTest.test(new double[] {0, 0}).p()).isEqualTo(1);
    }

    /**
     * 56 whole-number differences, 5 of them 0 and the rest heavily tied: beyond 50 the normal approximation with R's
     * tie and continuity corrections, V = 1052.5, p = 0.00024563 (scipy 1.17.1, {@code stats.wilcoxon(d,
     * zero_method="wilcox", correction=True, method="approx")}, and R's formula worked out in numpy alike).
     */
    @Test
    void beyondFiftyTheNormalApproximationHasRsCorrections() {
        double[] d = {
            0, 0, 3, -1, 2, 5, -2, 4, 1, 3, -3, 6, 2, -1, 0, 4, 7, -2, 1, 2, 3, -4, 5, 1, 2, -1, 3, 2, 6, -2, 4, 0, 1,
            -3, 2, 5, 3, -1, 2, 4, 1, -2, 3, 0, 2, 6, -1, 4, 2, -5, 3, 1, 2, -2, 4, 3
        };
        SignedRankTest.Result r = SignedRankTest.test(d);
        assertThat(r.exact()).isFalse();
        assertThat(r.n()).isEqualTo(51);
        assertThat(r.v()).isEqualTo(1052.5);
        assertThat(r.p()).isCloseTo(0.00024563015959920553, within(1e-12));
    }

    /**
     * Fisher's own test of Darwin's plants: the observed sum 314 is reached or passed by 863 of the 2^15 sign patterns
     * on each side (Fisher, 1935: "863 cases out of 32,768"), two-sided 1726 / 32768 = 0.052673.
     */
    @Test
    void theSignFlipTestCountsWhatFisherCountedForDarwinsPlants() {
        SignFlipTest.Result r = SignFlipTest.test(DARWIN);
        assertThat(r.exact()).isTrue();
        assertThat(r.patterns()).isEqualTo(32768);
        assertThat(r.p()).isEqualTo(1726.0 / 32768);
        assertThat(r.mean()).isCloseTo(314.0 / 15, within(1e-12));
    }

    /**
     * {1, 2, 3, 4}: of the 16 patterns only all + and all - reach |sum| 10, p = 2 / 16; {1, 1, 1}: every pattern's
     * |sum| is 1 or 3, and only the two uniform ones reach 3, p = 2 / 8; a sum of 0 is matched by every pattern, p = 1.
     */
    @Test
    void theSignFlipTestOnSmallCasesCountedByHand() {
        assertThat(SignFlipTest.test(new double[] {1, 2, 3, 4}).p()).isEqualTo(0.125);
        assertThat(SignFlipTest.test(new double[] {1, 1, 1}).p()).isEqualTo(0.25);
        assertThat(SignFlipTest.test(new double[] {1, -1, 2, -2}).p()).isEqualTo(1);
        // log ratios of 0.1, 0.2, 0.3 added in another order must still tie the observed sum
        assertThat(SignFlipTest.test(new double[] {0.1, 0.2, 0.3}).p()).isEqualTo(0.25);
    }

    /**
     * The exact count meets in the middle: for integer differences (whose sums are exact) it is the plain count of
     * every pattern, odd and even lengths, up to 20.
     */
    @Test
    void theExactCountIsThePlainCountOfEveryPattern() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        for (int n : new int[] {1, 2, 5, 8, 13, 20}) {
            for (int trial = 0; trial < 3; trial++) {
                double[] d = new double[n];
                for (int i = 0; i < n; i++) {
                    d[i] = random.nextInt(-9, 30);
                }
                assertThat(SignFlipTest.test(d).p())
                        .as("n %d: %s", n, Arrays.toString(d))
                        .isEqualTo(enumeratedSignFlipP(d));
            }
        }
    }

    /**
     * Beyond 20 differences the patterns are drawn at random: 21 differences whose exact p-value is known by counting
     * (the 20 smallest of 1..21 with their signs, plus the largest): within four standard errors of Monte Carlo.
     */
    @Test
    void beyondTwentyTheSignFlipTestDrawsPatternsFromAFixedSeed() {
        double[] d = new double[21];
        for (int i = 0; i < 21; i++) {
            d[i] = (i % 4 == 3 ? -1 : 1) * (i + 1);
        }
        SignFlipTest.Result r = SignFlipTest.test(d);
        assertThat(r.exact()).isFalse();
        assertThat(r.patterns()).isEqualTo(SignFlipTest.RANDOM_PATTERNS);
        double exact = enumeratedSignFlipP(d);
        double se = Math.sqrt(exact * (1 - exact) / SignFlipTest.RANDOM_PATTERNS);
        assertThat(r.p()).isCloseTo(exact, within(4 * se));
        assertThat(SignFlipTest.test(d)).isEqualTo(r);
    }

    /**
     * Two rounds with ratios 1 and 4 (log ratios 0 and ln 4): a resample of two rounds has geometric mean 1, 2 or 4
     * with chances 1/4, 1/2, 1/4, so the 2.5 % and 97.5 % percentiles of 10,000 replicates are 1 and 4. Three rounds 1,
     * 1, 8: the geometric mean of a resample is 1 (all three draws a 1: 8/27), 2, 4 or 8 (1/27), so the interval is [1,
     * 8] (3.7 % beyond each end).
     */
    @Test
    void theGeometricMeanIntervalIsTheBootstrapDistributionWorkedOutByHand() {
        assertThat(PairedRounds.geomeanInterval(new double[] {0, Math.log(4)})).isEqualTo(new Interval(1, 4));
        Interval three = PairedRounds.geomeanInterval(new double[] {0, 0, Math.log(8)});
        assertThat(three.low()).isCloseTo(1, within(1e-12));
        assertThat(three.high()).isCloseTo(8, within(1e-12));
        assertThat(PairedRounds.geomeanInterval(new double[0])).isEqualTo(Interval.NONE);
    }

    @Test
    void roundsAreAnalysedAsRatiosBOverA() {
        double[] a = {10, 20, 10, 40, 10, 10, 10, 10};
        double[] b = {10.2, 19.8, 10.5, 40.4, 9.8, 10.3, 10, 10.4};
        PairedRounds.Analysis r = PairedRounds.of(a, b, 0.05);
        double[] logRatios = {
            Math.log(1.02),
            Math.log(0.99),
            Math.log(1.05),
            Math.log(1.01),
            Math.log(0.98),
            Math.log(1.03),
            0,
            Math.log(1.04)
        };
        assertThat(r.rounds()).isEqualTo(8);
        assertThat(r.geomeanRatio())
                .isCloseTo(Math.exp(Arrays.stream(logRatios).average().orElseThrow()), within(1e-12));
        // the ratios sorted: 0.98 0.99 1.00 1.01 1.02 1.03 1.04 1.05, the two middle 1.01 and 1.02
        assertThat(r.medianRatio()).isCloseTo(Math.sqrt(1.01 * 1.02), within(1e-12));
        // one round unchanged: the signed-rank test drops it, the sign-flip test keeps it
        assertThat(r.signedRank().n()).isEqualTo(7);
        assertThat(r.signFlip().patterns()).isEqualTo(256);
        assertThat(r.signedRank().p()).isEqualTo(SignedRankTest.test(logRatios).p());
        // the same rounds as in DetectableChangeTest, so the same detectable changes
        assertThat(r.detectableBySignFlip()).isCloseTo(0.0282213, within(1e-6));
        assertThat(r.detectableBySignedRank()).isCloseTo(0.0288891, within(1e-6));
        assertThat(r.geomeanInterval().low()).isLessThan(r.geomeanRatio());
        assertThat(r.geomeanInterval().high()).isGreaterThan(r.geomeanRatio());
    }

    @Test
    void roundsThatAreNoPairsAreRefusedNamingTheRound() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PairedRounds.of(new double[] {1, 2}, new double[] {1}, 0.05))
                .withMessage("paired rounds need as many A values as B values, not 2 and 1");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PairedRounds.of(new double[] {1, 0}, new double[] {1, 1}, 0.05))
                .withMessage("round 2: A 0.0, B 1.0: a ratio needs two positive timings");
    }

    static final double[] DARWIN = {49, -67, 8, 16, 6, 23, 28, 41, 14, 29, 56, 24, 75, 60, -48};

    /**
     * Two-sided p over every sign pattern of the non-zero differences, mid-ranks of |d| for ties, counted one by one.
     */
    private static double enumeratedSignedRankP(double[] differences) {
        double[] d = Arrays.stream(differences).filter(x -> x != 0).toArray();
        int n = d.length;
        double[] ranks = new double[n];
        for (int i = 0; i < n; i++) {
            double below = 0;
            double equal = 0;
            for (double x : d) {
                below += Math.abs(x) < Math.abs(d[i]) ? 1 : 0;
                equal += Math.abs(x) == Math.abs(d[i]) ? 1 : 0;
            }
            ranks[i] = below + (equal + 1) / 2;
        }
        double observed = 0;
        for (int i = 0; i < n; i++) {
            observed += d[i] > 0 ? ranks[i] : 0;
        }
        double atMost = 0;
        double atLeast = 0;
        for (int pattern = 0; pattern < 1 << n; pattern++) {
            double v = 0;
            for (int i = 0; i < n; i++) {
                v += (pattern >> i & 1) == 1 ? ranks[i] : 0;
            }
            atMost += v <= observed + 1e-9 ? 1 : 0;
            atLeast += v >= observed - 1e-9 ? 1 : 0;
        }
        return Math.min(1, 2 * Math.min(atMost, atLeast) / (1 << n));
    }

    /** Every one of the 2^n sign patterns of whole-number differences, |sum| against the observed one. */
    private static double enumeratedSignFlipP(double[] d) {
        long observed = Math.abs(Math.round(Arrays.stream(d).sum()));
        long extreme = 0;
        for (long pattern = 0; pattern < 1L << d.length; pattern++) {
            long sum = 0;
            for (int i = 0; i < d.length; i++) {
                sum += (pattern >> i & 1) == 1 ? -Math.round(d[i]) : Math.round(d[i]);
            }
            extreme += Math.abs(sum) >= observed ? 1 : 0;
        }
        return (double) extreme / (1L << d.length);
    }
}
