package labbook.reports.stats;

/** A figure at a given size: a median of raw repeats when we measured that size, else read off a fit. */
public record Estimate(double value, String how) {
    public static final Estimate NONE = new Estimate(Double.NaN, "not measured");

    public boolean present() {
        return !Double.isNaN(value);
    }
}
