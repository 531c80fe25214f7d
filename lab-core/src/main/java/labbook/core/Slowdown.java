package labbook.core;

/**
 * A test-only slowdown, never on by default: {@code -Dlabbook.slowdown=0.10} makes a timed section 10 % slower by
 * busy-spinning, after its work and still inside its clock, for that share of the time the work just took. It exists to
 * check the lab's A/B method on a change of known size ({@code labbook ab --b-flags=-Dlabbook.slowdown=0.10}, whose
 * flags reach every JVM of the experiment): a real slowdown of the code would be one of unknown size. The share is of
 * the measured time, not of a fixed target, so it scales with whatever the machine does to the work itself. When it is
 * on, every JVM that loads it says so on stderr, and run.json records it ({@code test_slowdown}).
 */
public final class Slowdown {
    /** The system property that turns it on: a share of the timed work, 0 (off) to {@link #MAX_SHARE}. */
    public static final String PROPERTY = "labbook.slowdown";

    /** The largest share taken: ten times the work is past any change the A/B method is checked on. */
    static final double MAX_SHARE = 10;

    private static final String VALUE = System.getProperty(PROPERTY);

    /** The share asked for; NaN for a value that is not one, which the first use turns into one line. */
    private static final double SHARE;

    /** Keeps the spin's arithmetic from being optimised away. */
    @SuppressWarnings("UnusedVariable") // written, never read: a write the JIT cannot drop
    private static volatile long sink;

    static {
        double share;
        try {
            share = parse(VALUE);
        } catch (LabException e) { // thrown here it would be an error of class initialisation, not one line
            share = Double.NaN;
        }
        SHARE = share;
        if (SHARE > 0) {
            System.err.println("labbook: TEST-ONLY SLOWDOWN ON (-D" + PROPERTY + "=" + SHARE
                    + "): every timed sync and "
                    + "walk busy-spins for " + Math.round(SHARE * 100) + " % of its own time inside the clock; these "
                    + "figures are not the code's own");
            System.err.flush();
        }
    }

    private Slowdown() {}

    /**
     * Loads the knob, says so on stderr when it is on, and runs its spin once, before any clock starts: a worker calls
     * this first. Left to the first timed section, the class's loading, its message and the spin's first run were timed
     * with the work: a stat walk in a JVM of its own read ×1.25 where ×1.10 was asked.
     */
    public static void prepare() {
        spin(share() > 0 ? 1_000_000L : 0);
    }

    /** The share this JVM adds (0: off); one line naming the property's value when it is not a share. */
    public static double share() {
        return Double.isNaN(SHARE) ? parse(VALUE) : SHARE;
    }

    /**
     * Called inside a timed section right after its work, which took {@code elapsedNanos}: spins for the share of it.
     * Returns the nanoseconds spun (0 when off).
     */
    public static long after(long elapsedNanos) {
        return after(elapsedNanos, share());
    }

    /** The same for a given share. */
    static long after(long elapsedNanos, double share) {
        return share > 0 && elapsedNanos > 0 ? spin((long) (share * elapsedNanos)) : 0;
    }

    /** Busy CPU work (not a sleep: a slowdown of the code is CPU time too) until {@code nanos} have passed. */
    static long spin(long nanos) {
        long start = System.nanoTime();
        long x = start | 1;
        long now;
        do {
            for (int i = 0; i < 64; i++) { // a few xorshift steps between clock reads: work, not only clock calls
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
            now = System.nanoTime();
        } while (now - start < nanos);
        sink = x;
        return now - start;
    }

    /** The share a property's value asks for; one line naming the value when it is not one. */
    static double parse(String value) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        double share;
        try {
            share = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            share = Double.NaN;
        }
        if (!(share >= 0 && share <= MAX_SHARE)) {
            throw new LabException("-D" + PROPERTY + ": '" + value + "' is not a share of the timed work from 0 to "
                    + (int) MAX_SHARE + " (0.10 for 10 % slower)");
        }
        return share;
    }
}
