package labbook.reports.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Many measures tested at once: Benjamini and Hochberg's (1995) step-up procedure, which keeps the expected share of
 * false changes among the changes called (the false discovery rate) at its level when the tests are independent or
 * positively dependent (Benjamini and Yekutieli, 2001: the measures of one run share its drift, which makes them
 * positively dependent). When nothing changed at all, every change called is false, and the procedure keeps the chance
 * of calling any at its level, as Holm's would.
 */
public final class MultipleTesting {
    private MultipleTesting() {}

    /**
     * The Benjamini-Hochberg adjusted p-values, R's {@code p.adjust(p, "BH")}: for the i-th smallest of m p-values, the
     * smallest m p_(j) / j over j >= i, at most 1. A measure is a discovery at false discovery rate q when its adjusted
     * value is below q. Every p-value must be a number.
     */
    public static double[] benjaminiHochberg(double[] p) {
        int m = p.length;
        for (double v : p) {
            if (!(v >= 0 && v <= 1)) {
                throw new IllegalArgumentException("p-value " + v + " is not from 0 to 1");
            }
        }
        Integer[] largestFirst = IntStream.range(0, m)
                .boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> p[i]).reversed())
                .toArray(Integer[]::new);
        double[] adjusted = new double[m];
        double smallest = 1;
        for (int k = 0; k < m; k++) {
            int i = largestFirst[k];
            int rank = m - k; // rank of p[i] among all, 1 for the smallest
            smallest = Math.min(smallest, p[i] * m / rank);
            adjusted[i] = smallest;
        }
        return adjusted;
    }

    /**
     * How many adjusted p-values are below {@code q}: the discoveries at false discovery rate q (below, not at most, as
     * every verdict of the lab reads p against its level).
     */
    public static int discoveries(double[] adjusted, double q) {
        return (int) Arrays.stream(adjusted).filter(a -> a < q).count();
    }

    /**
     * The p-value a test not yet among {@code discoveries} of {@code tested} must reach to join them at false discovery
     * rate q: the step-up's critical value for one discovery more, q (R + 1) / m, at most q. It is the level at which
     * such a test's power, and so its detectable change, is to be judged.
     */
    public static double levelForOneMore(double q, int tested, int discoveries) {
        if (tested <= 0) {
            return q;
        }
        return q * Math.min(tested, discoveries + 1) / tested;
    }
}
