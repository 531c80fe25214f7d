package labbook.reports.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** The Pareto front of points where both coordinates are costs (less is better), e.g. CPU time and size. */
public final class Pareto {
    private Pareto() {}

    /**
     * The points no other point beats on both x and y (ties on both keep the first), sorted by x. A point equal on one
     * coordinate and worse on the other is dominated.
     */
    public static <T> List<T> front(List<T> points, ToDoubleFunction<T> x, ToDoubleFunction<T> y) {
        List<T> sorted = new ArrayList<>(points);
        sorted.removeIf(p -> Double.isNaN(x.applyAsDouble(p)) || Double.isNaN(y.applyAsDouble(p)));
        sorted.sort(Comparator.comparingDouble(x).thenComparingDouble(y));
        List<T> front = new ArrayList<>();
        double bestY = Double.POSITIVE_INFINITY;
        for (T p : sorted) {
            double py = y.applyAsDouble(p);
            if (py < bestY) {
                front.add(p);
                bestY = py;
            }
        }
        return front;
    }
}
