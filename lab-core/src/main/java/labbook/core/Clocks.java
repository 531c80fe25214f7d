package labbook.core;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The clocks an experiment reads.
 *
 * <p>Process CPU time is the kernel's {@code getrusage} count ({@link ProcessCpu}), to the microsecond, because it
 * keeps user and system time apart, which the seeds report separately; {@code ThreadMXBean}'s "user" and "total" are
 * two clocks of different resolution whose difference can go negative, and the JDK's process readings come in 10 ms
 * ticks. A peer process is not timed here: {@link Peer} reads the kernel's rusage of that one child
 * ({@link TimedExec}).
 */
public final class Clocks {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private Clocks() {}

    /** Wall clock, for intervals only. */
    public static long wallNanos() {
        return System.nanoTime();
    }

    /** This process's CPU time so far (every thread: the JIT and GC included). */
    public static CpuTimes process() {
        return ProcessCpu.self();
    }

    /**
     * CPU time of this process's children that have ended and been waited for: for a total over many processes (an
     * {@code all} run's closing table); one peer's own time is {@link PeerResult#time()}.
     */
    public static CpuTimes children() {
        return ProcessCpu.children();
    }

    /** User + system seconds of this process and of its children waited for: an experiment's whole cost. */
    public static double withChildrenSeconds() {
        return process().plus(children()).totalSeconds();
    }

    /** The calling thread's CPU time (user + system), in nanoseconds, at the JVM's best resolution. */
    public static long threadCpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }
}
