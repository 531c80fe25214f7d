package labbook.reports.stats;

import java.util.Arrays;

/**
 * A 95 % interval of one figure (a bootstrap's percentile interval): where a claim's measure lies given the repeats
 * behind it. {@link #NONE} where nothing was resampled (a figure with no repeats, or one that does not vary).
 */
public record Interval(double low, double high) {
    /** The interval's coverage: the central 95 % of the replicates. */
    public static final double LEVEL = 0.95;

    public static final Interval NONE = new Interval(Double.NaN, Double.NaN);

    public Interval {
        if (low > high) {
            throw new IllegalArgumentException("interval " + low + "-" + high + " is upside down");
        }
    }

    /** The central {@link #LEVEL} of {@code replicates} (NaNs dropped); {@link #NONE} when none is a number. */
    public static Interval of(double[] replicates) {
        double[] v = Stats.clean(replicates);
        if (v.length == 0) {
            return NONE;
        }
        double tail = (1 - LEVEL) / 2;
        return new Interval(quantile(v, tail), quantile(v, 1 - tail));
    }

    /** The interval of one value known exactly (a count, a size that does not vary between repeats). */
    /** Type 7 quantile of sorted values, where two equal neighbours (infinities among them) give themselves. */
    private static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] == sorted[hi] ? sorted[lo] : Stats.quantile(sorted, p);
    }

    public static Interval exactly(double value) {
        return Double.isNaN(value) ? NONE : new Interval(value, value);
    }

    public boolean present() {
        return !Double.isNaN(low);
    }

    /** This interval, or the point alone where there is none: what a verdict is judged on. */
    public Interval orPoint(double point) {
        return present() ? this : exactly(point);
    }

    /** Every value of it below {@code limit}. */
    public boolean below(double limit) {
        return high < limit;
    }

    /** Every value of it above {@code limit}. */
    public boolean above(double limit) {
        return low > limit;
    }

    /** Every value of it inside [from, to]. */
    public boolean inside(double from, double to) {
        return low >= from && high <= to;
    }

    /** This interval divided by a positive constant (a seed figure): the interval of the ratio. */
    public Interval over(double divisor) {
        return present() ? new Interval(low / divisor, high / divisor) : NONE;
    }

    @Override
    public String toString() {
        return present() ? Arrays.toString(new double[] {low, high}) : "none";
    }
}
