package labbook.reports.stats;

/**
 * A figure at a given size: a median of raw repeats when we measured that size ({@code n} of them), else read off a fit
 * ({@code n} 0).
 */
public record Estimate(double value, String how, int n) {
    public static final Estimate NONE = new Estimate(Double.NaN, "not measured", 0);

    public boolean present() {
        return !Double.isNaN(value);
    }
}
