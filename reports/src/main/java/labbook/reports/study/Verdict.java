package labbook.reports.study;

import java.util.Locale;
import labbook.reports.stats.Format;
import labbook.reports.stats.Stats;

/**
 * What a reproduction table says of one claim, or a targets table of one target: its words ("holds", "2.7 x faster
 * here", "met") and an {@link Outcome}, which picks the cell's colour. Outcomes are typed, never read back from the
 * words.
 */
public record Verdict(Outcome outcome, String text) {

    /** How a claim came out on this machine; {@link #css()} is the class of its table cell. */
    public enum Outcome {
        /** It holds, was reproduced, or is of the same order as the seed; a target is met. */
        AGREES("ok"),
        /** It does not hold; a target is missed. */
        FAILS("bad"),
        /** A figure that differs from the seed's (faster, slower, higher, lower, within the noise). */
        DIFFERS("diff"),
        NOT_MEASURED("none"),
        /** A measurement shown for what it is: no seed figure or goal to hold it to, so neither good nor bad. */
        MEASURED("measured");

        private final String css;

        Outcome(String css) {
            this.css = css;
        }

        public String css() {
            return css;
        }
    }

    public static final Verdict HOLDS = new Verdict(Outcome.AGREES, "holds");
    public static final Verdict DOES_NOT_HOLD = new Verdict(Outcome.FAILS, "does not hold");
    public static final Verdict NOT_MEASURED = new Verdict(Outcome.NOT_MEASURED, "not measured");
    public static final Verdict WITHIN_NOISE = new Verdict(Outcome.DIFFERS, "within the noise");
    /** A lab target reached on this machine. */
    public static final Verdict MET = new Verdict(Outcome.AGREES, "met");
    /** A lab target not reached on this machine. */
    public static final Verdict MISSED = new Verdict(Outcome.FAILS, "missed");
    /** A figure shown beside the targets with no goal of its own. */
    public static final Verdict NO_GOAL = new Verdict(Outcome.MEASURED, "a measurement, no goal");

    /** Measured over seed; NaN when either is missing or the seed is 0. */
    public static double ratio(double measured, double seed) {
        if (Double.isNaN(measured) || Double.isNaN(seed) || seed == 0) {
            return Double.NaN;
        }
        return measured / seed;
    }

    /**
     * For a time (less is better) compared to the seed's: within a factor of {@code tolerance} either way is "same
     * order as the seed", else "N x faster here" or "N x slower here".
     */
    public static Verdict time(double ratio, double tolerance) {
        if (Double.isNaN(ratio)) {
            return NOT_MEASURED;
        }
        if (ratio < 1 / tolerance) {
            return differs(String.format(Locale.ROOT, "%s x faster here", Format.sig(1 / ratio, 2)));
        }
        if (ratio > tolerance) {
            return differs(String.format(Locale.ROOT, "%s x slower here", Format.sig(ratio, 2)));
        }
        return new Verdict(Outcome.AGREES, "same order as the seed");
    }

    /** For a figure that should match (a size, a normalised ratio): within tolerance is "reproduced". */
    public static Verdict match(double ratio, double tolerance) {
        if (Double.isNaN(ratio)) {
            return NOT_MEASURED;
        }
        if (ratio >= 1 / tolerance && ratio <= tolerance) {
            return new Verdict(Outcome.AGREES, "reproduced (within " + Format.sig((tolerance - 1) * 100, 2) + " %)");
        }
        return differs(ratio < 1 ? "lower here" : "higher here");
    }

    /**
     * "a is less than b" judged on medians with their bootstrap intervals: holds when a's interval lies wholly below
     * b's, does not hold when wholly above, and is within the noise when they overlap.
     */
    public static Verdict lessThan(Stats.Spread a, Stats.Spread b) {
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
    public static Verdict claim(boolean holds, double evidence) {
        if (Double.isNaN(evidence)) {
            return NOT_MEASURED;
        }
        return holds ? HOLDS : DOES_NOT_HOLD;
    }

    /** A lab target that is met or missed on this machine; NaN evidence means not measured. */
    public static Verdict target(boolean met, double evidence) {
        if (Double.isNaN(evidence)) {
            return NOT_MEASURED;
        }
        return met ? MET : MISSED;
    }

    /** A figure that differs from the seed's, in the claim's own words. */
    public static Verdict differs(String text) {
        return new Verdict(Outcome.DIFFERS, text);
    }

    @Override
    public String toString() {
        return text;
    }
}
