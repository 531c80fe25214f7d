package labbook.reports.stats;

/** Speed-up and parallel efficiency: how much n threads (or a parallel mode) buy over one. */
public final class Scaling {
    private Scaling() {}

    /** Speed-up from times: time with one thread over time with n. */
    public static double speedupFromTimes(double oneThread, double nThreads) {
        return nThreads <= 0 ? Double.NaN : oneThread / nThreads;
    }

    /** Speed-up from throughputs: throughput with n threads over throughput with one. */
    public static double speedupFromRates(double oneThread, double nThreads) {
        return oneThread <= 0 ? Double.NaN : nThreads / oneThread;
    }

    /** Parallel efficiency: speed-up over the thread count (1.0 is ideal scaling). */
    public static double efficiency(double speedup, int threads) {
        return threads <= 0 ? Double.NaN : speedup / threads;
    }

    /**
     * Speed-up bounded by the cores the machine has: n threads on c cores can go at most min(n, c) times faster, so
     * efficiency against that bound says how well the cores were used.
     */
    public static double efficiencyOnCores(double speedup, int threads, int cores) {
        int usable = cores > 0 ? Math.min(threads, cores) : threads;
        return efficiency(speedup, usable);
    }
}
