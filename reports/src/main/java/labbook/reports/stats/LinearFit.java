package labbook.reports.stats;

import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * A least-squares line y = intercept + slope x, e.g. sync cost against wallet entries: its slope per 1000 entries, and
 * the size at which one sync passes a budget (16 ms: one frame; 100 ms: a pause a user notices).
 */
public record LinearFit(double intercept, double slope, double r2, int n) {

    public static LinearFit of(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(x.length + " x values for " + y.length + " y values");
        }
        SimpleRegression regression = new SimpleRegression(true);
        int n = 0;
        for (int i = 0; i < x.length; i++) {
            if (!Double.isNaN(x[i]) && !Double.isNaN(y[i])) {
                regression.addData(x[i], y[i]);
                n++;
            }
        }
        if (n < 2) {
            return new LinearFit(Double.NaN, Double.NaN, Double.NaN, n);
        }
        return new LinearFit(regression.getIntercept(), regression.getSlope(), regression.getRSquare(), n);
    }

    /**
     * The Theil-Sen line: the median of the slopes between every pair of points with distinct x, and the median
     * intercept under that slope. One stalled sync on a shared machine (a GC pause, a neighbour's burst) moves a
     * least-squares line; it does not move this one. R² is computed from this line's residuals (so it can be below 0
     * when the line fits worse than the mean).
     */
    public static LinearFit robust(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(x.length + " x values for " + y.length + " y values");
        }
        double[] px = new double[x.length];
        double[] py = new double[x.length];
        int n = 0;
        for (int i = 0; i < x.length; i++) {
            if (!Double.isNaN(x[i]) && !Double.isNaN(y[i])) {
                px[n] = x[i];
                py[n] = y[i];
                n++;
            }
        }
        long pairs = (long) n * (n - 1) / 2;
        if (n < 2 || pairs > 50_000_000L) {
            return pairs > 50_000_000L ? of(x, y) : new LinearFit(Double.NaN, Double.NaN, Double.NaN, n);
        }
        double[] slopes = new double[(int) pairs];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double dx = px[j] - px[i];
                if (dx != 0) {
                    slopes[k++] = (py[j] - py[i]) / dx;
                }
            }
        }
        if (k == 0) {
            return new LinearFit(Double.NaN, Double.NaN, Double.NaN, n);
        }
        double slope = Stats.medianInPlace(slopes, k);
        double[] intercepts = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            intercepts[i] = py[i] - slope * px[i];
            sum += py[i];
        }
        double intercept = Stats.medianInPlace(intercepts, n);
        double mean = sum / n;
        double ssRes = 0;
        double ssTot = 0;
        for (int i = 0; i < n; i++) {
            double r = py[i] - (intercept + slope * px[i]);
            ssRes += r * r;
            ssTot += (py[i] - mean) * (py[i] - mean);
        }
        return new LinearFit(intercept, slope, ssTot == 0 ? Double.NaN : 1 - ssRes / ssTot, n);
    }

    public double at(double x) {
        return intercept + slope * x;
    }

    /** The slope times 1000: for sync cost, milliseconds per 1000 entries. */
    public double per1000() {
        return slope * 1000;
    }

    /**
     * The x at which the line reaches y: NaN when it never does (flat or falling line), 0 when it is already above y at
     * x = 0.
     */
    public double crossing(double y) {
        if (Double.isNaN(slope)) {
            return Double.NaN;
        }
        if (intercept >= y) {
            return 0;
        }
        if (slope <= 0) {
            return Double.NaN;
        }
        return (y - intercept) / slope;
    }
}
