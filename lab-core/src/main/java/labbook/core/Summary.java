package labbook.core;

import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * Median and spread of repeated measurements, for the figures an experiment prints as it ends. (The report's analyses
 * live in {@code reports}; this is only what a console line needs.)
 */
public record Summary(int n, double median, double q1, double q3, double min, double max) {

    public static Summary of(double... values) {
        if (values.length == 0) {
            return new Summary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new Summary(
                sorted.length,
                quantile(sorted, 0.5),
                quantile(sorted, 0.25),
                quantile(sorted, 0.75),
                sorted[0],
                sorted[sorted.length - 1]);
    }

    /**
     * The p-quantile (0 to 1) of sorted values, interpolating linearly between order statistics: commons-math's
     * {@link EstimationType#R_7}, the "type 7" definition of R, NumPy and most spreadsheets: the lab's one quantile,
     * for the printouts here and the report's statistics alike. NaN for no values.
     */
    public static double quantile(double[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        if (p <= 0) {
            return sorted[0]; // Percentile takes (0, 100]; type 7's 0-quantile is the smallest value
        }
        return new Percentile().withEstimationType(EstimationType.R_7).evaluate(sorted, Math.min(p, 1) * 100);
    }

    public static Summary of(Collection<? extends Number> values) {
        return of(values.stream().mapToDouble(Number::doubleValue).toArray());
    }

    public double iqr() {
        return q3 - q1;
    }

    /** "12.3 (IQR 11.9-12.8, n=5)" with the given number format, e.g. "%.3f". */
    public String format(String numberFormat) {
        if (n == 0) {
            return "-"; // nothing was timed here: no median to print
        }
        return String.format(
                Locale.ROOT,
                numberFormat + " (IQR " + numberFormat + "-" + numberFormat + ", n=%d)",
                median,
                q1,
                q3,
                n);
    }
}
