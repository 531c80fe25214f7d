package labbook.reports;

import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * A least-squares line y = intercept + slope x, e.g. sync cost against wallet entries: its slope
 * per 1000 entries, and the size at which one sync passes a budget (16 ms: one frame; 100 ms: a
 * pause a user notices).
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

    public double at(double x) {
        return intercept + slope * x;
    }

    /** The slope times 1000: for sync cost, milliseconds per 1000 entries. */
    public double per1000() {
        return slope * 1000;
    }

    /**
     * The x at which the line reaches y: NaN when it never does (flat or falling line),
     * 0 when it is already above y at x = 0.
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
