package labbook.core;

import java.util.Collection;
import java.util.Locale;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * Median and spread of repeated measurements, for the figures an experiment prints as it ends.
 * (The report's analyses live in {@code reports}; this is only what a console line needs.)
 */
public record Summary(int n, double median, double q1, double q3, double min, double max) {

    public static Summary of(double... values) {
        if (values.length == 0) {
            return new Summary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        DescriptiveStatistics stats = new DescriptiveStatistics(values);
        stats.setPercentileImpl(new Percentile().withEstimationType(Percentile.EstimationType.R_7));
        return new Summary(values.length, stats.getPercentile(50), stats.getPercentile(25), stats.getPercentile(75),
                stats.getMin(), stats.getMax());
    }

    public static Summary of(Collection<? extends Number> values) {
        return of(values.stream().mapToDouble(Number::doubleValue).toArray());
    }

    public double iqr() {
        return q3 - q1;
    }

    /** "12.3 (IQR 11.9-12.8, n=5)" with the given number format, e.g. "%.3f". */
    public String format(String numberFormat) {
        return String.format(Locale.ROOT, numberFormat + " (IQR " + numberFormat + "-" + numberFormat + ", n=%d)",
                median, q1, q3, n);
    }
}
