package labbook.core;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The clocks an experiment reads.
 *
 * <p>Process CPU time comes from {@code /proc/self/stat} because it keeps user and system time apart, which the seeds
 * report separately; {@code ThreadMXBean}'s "user" and "total" are two clocks of different resolution whose difference
 * can go negative, so they are not used for the split. The kernel counts these in clock ticks (USER_HZ, 100 per second
 * on Linux), so one reading is good to 10 ms: time long enough stretches, or repeat. A peer process is not timed here:
 * {@link Peer} reads the kernel's rusage of that one child, to the microsecond ({@link TimedExec}).
 */
public final class Clocks {
    /** USER_HZ: fixed at 100 in the Linux ABI on every architecture the lab runs on. */
    static final long TICKS_PER_SECOND = 100;

    private static final long NANOS_PER_TICK = 1_000_000_000L / TICKS_PER_SECOND;
    private static final Path SELF_STAT = Path.of("/proc/self/stat");
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private Clocks() {}

    /** Wall clock, for intervals only. */
    public static long wallNanos() {
        return System.nanoTime();
    }

    /** This process's CPU time so far (every thread: the JIT and GC included). */
    public static CpuTimes process() {
        long[] f = statFields();
        return new CpuTimes(f[14] * NANOS_PER_TICK, f[15] * NANOS_PER_TICK);
    }

    /**
     * CPU time of this process's children that have ended and been waited for, in 10 ms ticks: for a total over many
     * processes (an {@code all} run's closing table); one peer's own time is {@link PeerResult#time()}.
     */
    public static CpuTimes children() {
        long[] f = statFields();
        return new CpuTimes(f[16] * NANOS_PER_TICK, f[17] * NANOS_PER_TICK);
    }

    /** User + system seconds of this process and of its children waited for: an experiment's whole cost. */
    public static double withChildrenSeconds() {
        return process().plus(children()).totalSeconds();
    }

    /** The calling thread's CPU time (user + system), in nanoseconds, at the JVM's best resolution. */
    public static long threadCpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /**
     * Fields of /proc/self/stat indexed as proc(5) numbers them (1-based). The second field, the command name, may hold
     * spaces and parentheses, so parsing starts after its last ')'.
     */
    static long[] statFields() {
        String stat;
        try {
            stat = Files.readString(SELF_STAT);
        } catch (IOException e) {
            throw new LabException("cannot read " + SELF_STAT + " (the lab needs Linux's /proc): " + e.getMessage());
        }
        String[] rest = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        long[] fields = new long[rest.length + 3];
        for (int i = 0; i < rest.length; i++) {
            try {
                fields[i + 3] = Long.parseLong(rest[i]);
            } catch (NumberFormatException notANumber) {
                fields[i + 3] = 0; // field 3, the state letter
            }
        }
        return fields;
    }
}
