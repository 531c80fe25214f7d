package labbook.vfs.dcache;

/**
 * Waiting on a spin lock. A kernel spin lock holder cannot be preempted, but a Java thread can: with more threads than
 * cores, spinning on a descheduled holder would burn whole time slices. So after a short burst of {@code onSpinWait}
 * the waiter yields, like a paravirtualised spin lock.
 */
final class Spin {
    private static final int BURST = 64;

    private Spin() {}

    /** One turn of waiting; {@code turn} counts from 1. */
    @SuppressWarnings("ThreadPriorityCheck") // a spinning waiter gives way to the thread it waits for
    static void pause(int turn) {
        if (turn % BURST == 0) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
    }
}
