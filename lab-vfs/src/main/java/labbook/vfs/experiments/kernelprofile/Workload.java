package labbook.vfs.experiments.kernelprofile;

import java.nio.file.Path;

/**
 * One of the profiled workloads: a loop of cached git diffs, or the Java stat walk, in one setting. Each is timed
 * without perf, timed again under perf record, and counted once under perf stat: the same runs every time.
 */
interface Workload {
    /** The {@code workload} column: git-diff or stat-walk. */
    String workload();

    /** The {@code setting} column: serial or parallel. */
    String setting();

    /** Threads making the lookups. */
    int threads();

    /** {@code runs} runs without perf. */
    Times plain(int runs);

    /** The same {@code runs} runs under {@code perf record}, its samples to {@code data}. */
    Times profiled(Perf perf, Path data, int runs);

    /** The lookup calls of one run, counted by {@code perf stat}. */
    long lookupsPerRun(Perf perf);

    /** Elapsed, user and system seconds of a workload's runs (the runs' own: perf's not in them). */
    record Times(double elapsedS, double userS, double sysS) {}
}
