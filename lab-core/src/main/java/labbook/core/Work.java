package labbook.core;

/**
 * How much an experiment measures in each mode, in a unit its time grows in proportion to (entries synced, bytes
 * encrypted, seconds of JMH iterations): the plan of a mode never run here scales the time of a mode that was, by the
 * ratio of their units ({@link RunPlan}). The unit's size does not matter, only that both modes count in it.
 */
@FunctionalInterface
public interface Work {
    double units(Mode mode);

    /** How many times the work of {@code from} the work of {@code to} is. */
    default double ratio(Mode from, Mode to) {
        double base = units(from);
        if (!(base > 0)) {
            throw new IllegalStateException("an experiment's work in " + from.label() + " mode must be positive");
        }
        return units(to) / base;
    }
}
