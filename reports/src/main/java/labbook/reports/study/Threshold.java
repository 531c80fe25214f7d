package labbook.reports.study;

import java.util.function.DoubleFunction;
import labbook.reports.stats.Format;
import labbook.reports.stats.Interval;

/**
 * What a claim's verdict holds its figure to, and how the verdict follows from the figure's 95 % interval: a verdict is
 * decided only when the whole interval lies on one side of the threshold (or inside one band); where the interval
 * straddles it, the verdict is {@link Verdict#inconclusive}. A figure with no interval is judged on its point.
 */
public sealed interface Threshold {
    /** The unit of the figure, its interval and the threshold. */
    Unit unit();

    /** The threshold in words, for the page and the claims file: "< 16 ms", "same order: 28-112 ms". */
    String text();

    /** The verdict on a figure measured as {@code point}, with its interval {@code ci} (or none). */
    Verdict verdict(double point, Interval ci);

    /** Holds when the figure is below {@code limit}. */
    static Threshold below(double limit, Unit unit) {
        return new Limit(limit, unit, true);
    }

    /** Holds when the figure is above {@code limit}. */
    static Threshold above(double limit, Unit unit) {
        return new Limit(limit, unit, false);
    }

    /**
     * A time against the seed's: "same order as the seed" within a factor {@code tolerance} either way, else "N x
     * faster here" or "N x slower here".
     */
    static Threshold sameOrder(double seed, double tolerance, Unit unit) {
        return new Band(
                seed,
                tolerance,
                unit,
                "same order",
                " (×1/" + Format.sig(tolerance, 2) + "-×" + Format.sig(tolerance, 2) + " the seed)",
                point -> Verdict.category(
                        Verdict.Outcome.DIFFERS, "faster", Format.sig(seed / point, 2) + " x faster here"),
                point -> Verdict.SAME_ORDER,
                point -> Verdict.category(
                        Verdict.Outcome.DIFFERS, "slower", Format.sig(point / seed, 2) + " x slower here"));
    }

    /**
     * A figure that should match the seed's (a size): "reproduced" within a factor {@code tolerance}, else lower or
     * higher.
     */
    static Threshold match(double seed, double tolerance, Unit unit) {
        String within = "within " + Format.sig((tolerance - 1) * 100, 2) + " %";
        return new Band(
                seed,
                tolerance,
                unit,
                within,
                "",
                point -> Verdict.category(Verdict.Outcome.DIFFERS, "lower", "lower here"),
                point -> Verdict.category(Verdict.Outcome.AGREES, "reproduced", "reproduced (" + within + ")"),
                point -> Verdict.category(Verdict.Outcome.DIFFERS, "higher", "higher here"));
    }

    /**
     * A figure against a reference, in the claim's own words for each of three bands: below {@code reference /
     * tolerance}, inside (agrees), above {@code reference * tolerance}.
     */
    static Threshold band(
            double reference, double tolerance, Unit unit, String belowWords, String insideWords, String aboveWords) {
        return new Band(
                reference,
                tolerance,
                unit,
                insideWords,
                "",
                point -> Verdict.category(Verdict.Outcome.DIFFERS, belowWords, belowWords),
                point -> Verdict.category(Verdict.Outcome.AGREES, insideWords, insideWords),
                point -> Verdict.category(Verdict.Outcome.DIFFERS, aboveWords, aboveWords));
    }

    /** A figure that differs from a reference either way, in the claim's own words for each side (no right answer). */
    static Threshold side(double reference, Unit unit, String aboveWords, String belowWords) {
        return new Band(
                reference,
                1,
                unit,
                "against",
                "",
                point -> Verdict.category(Verdict.Outcome.DIFFERS, belowWords, belowWords),
                // no middle band but the reference itself: a figure exactly on it is on neither side
                point -> Verdict.inconclusive(unit.format(point) + " against " + unit.format(reference)),
                point -> Verdict.category(Verdict.Outcome.DIFFERS, aboveWords, aboveWords));
    }

    /**
     * {@code threshold}, except that this run cannot decide the claim whatever its interval (the machine could not
     * measure what the claim asks): inconclusive, saying {@code why}.
     */
    static Threshold undecidable(Threshold threshold, String why) {
        return new Undecidable(threshold, why);
    }

    record Undecidable(Threshold threshold, String why) implements Threshold {
        @Override
        public Unit unit() {
            return threshold.unit();
        }

        @Override
        public String text() {
            return threshold.text();
        }

        @Override
        public Verdict verdict(double point, Interval ci) {
            return Double.isNaN(point) ? Verdict.NOT_MEASURED : Verdict.inconclusive(why);
        }
    }

    /** Holds below (or above) a limit; does not hold when the whole interval is on the other side. */
    record Limit(double limit, Unit unit, boolean holdsBelow) implements Threshold {
        @Override
        public String text() {
            return (holdsBelow ? "< " : "> ") + unit.format(limit);
        }

        @Override
        public Verdict verdict(double point, Interval ci) {
            if (Double.isNaN(point)) {
                return Verdict.NOT_MEASURED;
            }
            Interval i = ci.orPoint(point);
            boolean holds = holdsBelow ? i.high() < limit : i.low() > limit;
            boolean fails = holdsBelow ? i.low() >= limit : i.high() <= limit;
            if (holds) {
                return Verdict.HOLDS;
            }
            if (fails) {
                return Verdict.DOES_NOT_HOLD;
            }
            return Verdict.inconclusive(unit.format(i) + " against " + unit.format(limit));
        }
    }

    /**
     * Three bands around a reference, [reference / tolerance, reference * tolerance] in the middle, each with its
     * verdict (from the point, for words such as "2.7 x faster here"); an interval across a bound is inconclusive.
     */
    record Band(
            double reference,
            double tolerance,
            Unit unit,
            String insideName,
            String boundsNote,
            DoubleFunction<Verdict> belowVerdict,
            DoubleFunction<Verdict> insideVerdict,
            DoubleFunction<Verdict> aboveVerdict)
            implements Threshold {
        @Override
        public String text() {
            if (tolerance == 1) {
                return insideName + " " + unit.format(reference);
            }
            return insideName + ": " + unit.format(new Interval(reference / tolerance, reference * tolerance))
                    + boundsNote;
        }

        @Override
        public Verdict verdict(double point, Interval ci) {
            if (Double.isNaN(point) || Double.isNaN(reference) || reference == 0) {
                return Verdict.NOT_MEASURED;
            }
            Interval i = ci.orPoint(point);
            double lowBound = reference / tolerance;
            double highBound = reference * tolerance;
            if (i.below(lowBound)) {
                return belowVerdict.apply(point);
            }
            if (i.above(highBound)) {
                return aboveVerdict.apply(point);
            }
            if (i.inside(lowBound, highBound)) {
                return insideVerdict.apply(point);
            }
            double straddled = i.low() < lowBound ? lowBound : highBound;
            String ofReference =
                    boundsNote.isEmpty() ? "" : " (×" + Format.sig(straddled / reference, 2) + " the seed)";
            return Verdict.inconclusive(unit.format(i) + " against " + unit.format(straddled) + ofReference);
        }
    }
}
