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

    /**
     * Times a piece of work in this process: wall time and the process's CPU time, its total exact and its user and
     * system split by /proc's ticks ({@link Clocks.ProcessCpu}).
     */
    public static Measurement of(Runnable work) {
        Clocks.ProcessCpu cpuBefore = Clocks.ProcessCpu.now();
        long start = Clocks.wallNanos();
        work.run();
        long wall = Clocks.wallNanos() - start;
        return new Measurement(wall, Clocks.ProcessCpu.now().since(cpuBefore));
    }
}
