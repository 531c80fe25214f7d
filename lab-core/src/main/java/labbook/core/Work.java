package labbook.core;

import java.util.function.ToDoubleFunction;

/**
 * How much an experiment measures in each mode, in a unit its time grows linearly with (entries synced, bytes
 * encrypted, seconds of JMH iterations): the plan of a mode never run here scales the time of a mode that was along the
 * experiment's cost line in those units ({@link ReferenceCosts}). The unit's size does not matter, only that both modes
 * count in it.
 *
 * <p>Some of an experiment's time may be a fixed duration that no machine shortens: JMH's timed iterations last their
 * second on any CPU. {@link #clockSeconds} says how much; the plan scales only the rest by how fast this machine is, so
 * that a machine twice as fast in quick mode (where JVM starts and set-up dominate JMH's run) is not planned twice as
 * fast in full mode (where the iterations do).
 */
@FunctionalInterface
public interface Work {
    double units(Mode mode);

    /** Seconds of the work in {@code mode} that are fixed durations, the same on every machine; 0 by default. */
    default double clockSeconds(Mode mode) {
        return 0;
    }

    /** The work in {@code mode}: its units and its seconds of fixed duration. */
    default Size size(Mode mode) {
        return new Size(units(mode), clockSeconds(mode));
    }

    /** {@code units}, of which {@code clockSeconds} in each mode are fixed durations. */
    static Work timed(Work units, ToDoubleFunction<Mode> clockSeconds) {
        return new Work() {
            @Override
            public double units(Mode mode) {
                return units.units(mode);
            }

            @Override
            public double clockSeconds(Mode mode) {
                return clockSeconds.applyAsDouble(mode);
            }
        };
    }

    /** An amount of work: its units, and how many seconds of it are fixed durations. */
    record Size(double units, double clockSeconds) {
        public Size {
            if (!(clockSeconds >= 0)) {
                throw new IllegalArgumentException("a work's fixed durations cannot be negative: " + clockSeconds);
            }
        }

        /** Work with no fixed duration. */
        public static Size units(double units) {
            return new Size(units, 0);
        }
    }
}
