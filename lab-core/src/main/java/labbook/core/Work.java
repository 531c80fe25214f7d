package labbook.core;

/**
 * How much an experiment measures in each mode, in a unit its time grows linearly with (entries synced, bytes
 * encrypted, seconds of JMH iterations): the plan of a mode never run here scales the time of a mode that was along the
 * experiment's cost line in those units ({@link ReferenceCosts}). The unit's size does not matter, only that both modes
 * count in it.
 */
@FunctionalInterface
public interface Work {
    double units(Mode mode);
}
