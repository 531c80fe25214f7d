package labbook.reports;

import java.util.Locale;

/** Seed-vs-measured ratios and the words the reproduction tables use for them. */
public final class Verdict {
    public static final String HOLDS = "holds";
    public static final String DOES_NOT_HOLD = "does not hold";
    public static final String NOT_MEASURED = "not measured";

    private Verdict() {
    }

    /** Measured over seed; NaN when either is missing or the seed is 0. */
    public static double ratio(double measured, double seed) {
        if (Double.isNaN(measured) || Double.isNaN(seed) || seed == 0) {
            return Double.NaN;
        }
        return measured / seed;
    }

    /**
     * For a time (less is better) compared to the seed's: within a factor of {@code tolerance} either
     * way is "same order as the seed", else "N x faster here" or "N x slower here".
     */
    public static String time(double ratio, double tolerance) {
        if (Double.isNaN(ratio)) {
            return NOT_MEASURED;
        }
        if (ratio < 1 / tolerance) {
            return String.format(Locale.ROOT, "%s x faster here", Format.sig(1 / ratio, 2));
        }
        if (ratio > tolerance) {
            return String.format(Locale.ROOT, "%s x slower here", Format.sig(ratio, 2));
        }
        return "same order as the seed";
    }

    /** For a figure that should match (a size, a normalised ratio): within tolerance is "reproduced". */
    public static String match(double ratio, double tolerance) {
        if (Double.isNaN(ratio)) {
            return NOT_MEASURED;
        }
        if (ratio >= 1 / tolerance && ratio <= tolerance) {
            return "reproduced (within " + Format.sig((tolerance - 1) * 100, 2) + " %)";
        }
        return ratio < 1 ? "lower here" : "higher here";
    }

    public static final String WITHIN_NOISE = "within the noise";

    /**
     * "a is less than b" judged on medians with their bootstrap intervals: holds when a's interval
     * lies wholly below b's, does not hold when wholly above, and is within the noise when they overlap.
     */
    public static String lessThan(Stats.Spread a, Stats.Spread b) {
        if (a.n() == 0 || b.n() == 0) {
            return NOT_MEASURED;
        }
        if (a.ciHigh() < b.ciLow()) {
            return HOLDS;
        }
        if (a.ciLow() > b.ciHigh()) {
            return DOES_NOT_HOLD;
        }
        return WITHIN_NOISE;
    }

    /** A claim that is true or false on this machine; NaN evidence means not measured. */
    public static String claim(boolean holds, double evidence) {
        if (Double.isNaN(evidence)) {
            return NOT_MEASURED;
        }
        return holds ? HOLDS : DOES_NOT_HOLD;
    }
}
