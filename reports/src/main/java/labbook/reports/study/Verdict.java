package labbook.reports.study;

/**
 * What a reproduction table says of one claim, or a targets table of one target: its words ("holds", "2.7 x faster
 * here", "met") and an {@link Outcome}, which picks the cell's colour. Outcomes are typed, never read back from the
 * words.
 */
public record Verdict(Outcome outcome, String text, String category) {

    /** A verdict whose category is its words ("holds", "met"). */
    public Verdict(Outcome outcome, String text) {
        this(outcome, text, text);
    }

    /** How a claim came out on this machine; {@link #css()} is the class of its table cell. */
    public enum Outcome {
        /** It holds, was reproduced, or is of the same order as the seed; a target is met. */
        AGREES("ok"),
        /** It does not hold; a target is missed. */
        FAILS("bad"),
        /** A figure that differs from the seed's (faster, slower, higher, lower, within the noise). */
        DIFFERS("diff"),
        NOT_MEASURED("none"),
        /** The figure's 95 % interval straddles the claim's threshold: this run cannot tell. */
        INCONCLUSIVE("unsure"),
        /** A measurement shown for what it is: no seed figure or goal to hold it to, so neither good nor bad. */
        MEASURED("measured");

        private final String css;

        Outcome(String css) {
            this.css = css;
        }

        /** Decided: neither inconclusive nor unmeasured, so two runs' verdicts can contradict each other. */
        public boolean decided() {
            return this != INCONCLUSIVE && this != NOT_MEASURED;
        }

        public String css() {
            return css;
        }
    }

    public static final Verdict HOLDS = new Verdict(Outcome.AGREES, "holds");
    public static final Verdict DOES_NOT_HOLD = new Verdict(Outcome.FAILS, "does not hold");
    public static final Verdict NOT_MEASURED = new Verdict(Outcome.NOT_MEASURED, "not measured");
    public static final Verdict SAME_ORDER = new Verdict(Outcome.AGREES, "same order as the seed", "same order");
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

    /** A lab target that is met or missed on this machine; NaN evidence means not measured. */
    public static Verdict target(boolean met, double evidence) {
        if (Double.isNaN(evidence)) {
            return NOT_MEASURED;
        }
        return met ? MET : MISSED;
    }

    /**
     * The interval straddles the threshold: "inconclusive: 0.97-1.06 against 1.0". Its category is "inconclusive" with
     * no figures, so two runs' inconclusive verdicts compare equal.
     */
    public static Verdict inconclusive(String intervalAgainstThreshold) {
        return new Verdict(Outcome.INCONCLUSIVE, "inconclusive: " + intervalAgainstThreshold, "inconclusive");
    }

    /** A verdict in one of a threshold's categories ("faster"), with its words for the page ("2.7 x faster here"). */
    public static Verdict category(Outcome outcome, String category, String text) {
        return new Verdict(outcome, text, category);
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
