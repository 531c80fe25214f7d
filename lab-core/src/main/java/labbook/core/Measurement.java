package labbook.core;

/**
 * One timed run: wall time, and the CPU time spent in it (by this process, or by a child process for a {@link Peer}
 * run).
 */
public record Measurement(long wallNanos, CpuTimes cpu) {

    public double wallSeconds() {
        return wallNanos / 1e9;
    }

    public double wallMillis() {
        return wallNanos / 1e6;
    }

    public double userSeconds() {
        return cpu.userSeconds();
    }

    public double systemSeconds() {
        return cpu.systemSeconds();
    }

    /** Times a piece of work in this process: wall time and the process's user and system time. */
    public static Measurement of(Runnable work) {
        CpuTimes cpuBefore = Clocks.process();
        long start = Clocks.wallNanos();
        work.run();
        long wall = Clocks.wallNanos() - start;
        return new Measurement(wall, Clocks.process().minus(cpuBefore));
    }
}
