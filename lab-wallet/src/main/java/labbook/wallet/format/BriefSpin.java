package labbook.wallet.format;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The first part of a sync's waits on its own threads (the walk, the writer): a spin of about one wake-up's length,
 * before the caller blocks. A blocked thread takes long to run again on a virtual machine, beside a sync of a few
 * milliseconds, while what it waits for is usually close. Only with more than one processor: on one, the spin would
 * take the time the awaited thread needs.
 */
public final class BriefSpin {
    /** About one wake-up of a blocked thread on a virtual machine. */
    static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(500);

    private static final boolean USEFUL = Runtime.getRuntime().availableProcessors() > 1;

    private BriefSpin() {}

    /** Spins until {@code done} holds or {@link #SPIN_NANOS} have passed; returns whether it holds. */
    public static boolean until(BooleanSupplier done) {
        if (done.getAsBoolean()) {
            return true;
        }
        if (!USEFUL) {
            return false;
        }
        long deadline = System.nanoTime() + SPIN_NANOS;
        while (System.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
            if (done.getAsBoolean()) {
                return true;
            }
        }
        return false;
    }
}
