package labbook.vfs;

import static labbook.core.Column.count;
import static labbook.core.Column.measure;
import static labbook.core.Column.text;

import java.util.List;
import labbook.core.Column;
import labbook.core.ResultsSchema;

/**
 * The vfs study's CSV schemas: every CSV it writes under {@code results/vfs/}, each column declared once. The
 * experiments write rows by these constants and {@code reports} reads the CSVs by them; the module README links here
 * instead of repeating the list.
 */
public final class VfsSchemas {
    public static final String STUDY = "vfs";

    public static final Column MODE = text(
            "mode",
            "git's index preload: serial (core.preloadIndex=false, one thread) or parallel (core.preloadIndex=true)");
    public static final Column LOOP =
            count("loop", "loop number (0-based); each loop is `runs` cached git diffs in one mode");
    public static final Column RUNS = count("runs", "git diff runs in the loop");
    // One run's times, and a loop's sums over its runs, are columns of their own: "user_s" meant both until the rename
    public static final Column USER_S = measure(
            "user_s", "user CPU time of one run, s: git's own (stat-walk-git); the walk's own JVM's (stat-walk)");
    public static final Column SYS_S = measure(
            "sys_s", "system CPU time of one run, s: git's own (stat-walk-git); the walk's own JVM's (stat-walk)");
    public static final Column ELAPSED_S = measure("elapsed_s", "elapsed time of one run, s");
    public static final Column LOOP_USER_S = measure(
                    "loop_user_s", "user CPU time, s: git's own, summed over the loop's `runs` runs")
            .formerly("user_s");
    public static final Column LOOP_SYS_S = measure(
                    "loop_sys_s", "system CPU time, s: git's own, summed over the loop's `runs` runs")
            .formerly("sys_s");
    public static final Column LOOP_ELAPSED_S = measure(
                    "loop_elapsed_s", "elapsed time, s, summed over the loop's `runs` runs")
            .formerly("elapsed_s");
    public static final Column CPU_PCT =
            measure("cpu_pct", "100 x (loop_user_s + loop_sys_s) / loop_elapsed_s, as time's %CPU");
    public static final Column TREE_ENTRIES = count("entries", "index entries of the tree (files and symbolic links)");
    public static final Column PRELOAD_THREADS = count(
            "preload_threads", "threads git's preload-index uses: entries / 500, at least 2, at most 20; 0 for serial");

    public static final Column WALKER_THREADS = count(
                    "walker_threads", "JMH threads walking the modelled dentry cache, the renamer not counted")
            .formerly("threads");
    public static final Column LOOKUP_THREADS = count(
                    "lookup_threads",
                    "threads making the real lookups (lstat or statx calls): stat-walk's walking threads; "
                            + "kernel-profile's 1 serial, git's preload threads or 20 parallel")
            .formerly("threads");
    public static final Column REPEAT = count("repeat", "repeat number (0-based)");
    public static final Column PATHS = count("paths", "lstat calls in the walk: one per index entry");
    public static final Column WALL_S = measure("wall_s", "the walk's elapsed time, s");
    public static final Column MISMATCHES =
            count("mismatches", "entries whose lstat size differed from the size read at set-up (0 on a clean tree)");

    public static final Column WALK =
            text("walk", "the modelled path walk: ref (ref-walk, 2.6.32) or rcu (store-free RCU-walk, 2.6.38+)");
    public static final Column RENAMES =
            count("renames", "1 when a thread renames `drivers` away and back every 50 us beside the walkers, else 0");
    public static final Column FORK = count(
            "fork",
            "round of forks (0-based): each round runs every walk, thread count and rename setting in a fresh JVM");
    public static final Column ITERATION =
            count("iteration", "JMH measurement iteration (0-based; warm-ups not written)");
    public static final Column OPS_PER_S =
            measure("ops_per_s", "path walks (modelled lstats) per second, all walker threads: JMH's score");
    public static final Column CPU_S = measure(
            "cpu_s",
            "user + system CPU of the benchmark JVM over the iteration, s"
                    + " (all its threads: walkers, renamer, JIT, GC)");
    public static final Column FAILED_CAS =
            count("failed_cas", "compare-and-swaps lost to another thread in the iteration");
    public static final Column LOCK_SPINS =
            count("lock_spins", "turns spent waiting for a spin lock (d_lock, rename_lock) in the iteration");
    public static final Column FALLBACKS = count("fallbacks", "RCU-walks redone by ref-walk in the iteration");
    public static final Column RETRIES =
            count("retries", "ref-walk lookups redone after a rename (rename_lock moved) in the iteration");
    public static final Column MISSES =
            count("misses", "walks that found no entry (a rename had moved its folder away) in the iteration");
    public static final Column RENAME_OPS = count("rename_ops", "renames done in the iteration");
    public static final Column ITERATION_S = measure("iteration_s", "the iteration's elapsed time, s");
    public static final Column CORES = count("cores", "processors available to the experiment's JVM");

    public static final ResultsSchema GIT_DIFF = ResultsSchema.of(
                    STUDY,
                    "git-diff",
                    MODE,
                    LOOP,
                    RUNS,
                    LOOP_USER_S,
                    LOOP_SYS_S,
                    LOOP_ELAPSED_S,
                    CPU_PCT,
                    TREE_ENTRIES,
                    PRELOAD_THREADS)
            .keyedBy(MODE, RUNS, TREE_ENTRIES, PRELOAD_THREADS)
            .comparing(LOOP_ELAPSED_S, LOOP_USER_S, LOOP_SYS_S);
    public static final ResultsSchema STAT_WALK = ResultsSchema.of(
                    STUDY, "stat-walk", LOOKUP_THREADS, REPEAT, PATHS, WALL_S, USER_S, SYS_S, MISMATCHES)
            .keyedBy(LOOKUP_THREADS, PATHS)
            .comparing(WALL_S);
    public static final ResultsSchema STAT_WALK_GIT = ResultsSchema.of(
                    STUDY, "stat-walk-git", MODE, REPEAT, ELAPSED_S, USER_S, SYS_S)
            .keyedBy(MODE)
            .comparing(ELAPSED_S, USER_S, SYS_S);
    public static final ResultsSchema DCACHE_MODEL = ResultsSchema.of(
                    STUDY,
                    "dcache-model",
                    WALK,
                    WALKER_THREADS,
                    RENAMES,
                    FORK,
                    ITERATION,
                    OPS_PER_S,
                    CPU_S,
                    FAILED_CAS,
                    LOCK_SPINS,
                    FALLBACKS,
                    RETRIES,
                    MISSES,
                    RENAME_OPS,
                    ITERATION_S,
                    CORES)
            // a measurement is one walk at one thread count; its rows (rounds x iterations) are its repeats, and the
            // forks of one round ran moments apart
            .keyedBy(WALK, WALKER_THREADS, RENAMES)
            .inRounds(FORK);

    // kernel-profile: the real kernel's path walk, sampled by perf (experiments/kernelprofile)
    public static final Column WORKLOAD = text(
            "workload",
            "the profiled workload: git-diff (cached git diff runs, as git-diff times them) or stat-walk "
                    + "(the Java walk of the index, one statx per entry, as stat-walk times it)");
    public static final Column SETTING = text(
            "setting",
            "serial (git: core.preloadIndex=false; stat-walk: 1 thread) or parallel "
                    + "(git: core.preloadIndex=true; stat-walk: git's 20 preload threads)");
    public static final Column ROUND = count(
            "round",
            "round number (0-based); a round times, counts and profiles each workload once, order alternating");
    public static final Column ROUND_RUNS = count(
            "round_runs",
            "git diff runs, or Java walks, in the round: timed without perf and again under perf (which of "
                    + "the two comes first alternates by round)");
    public static final Column LOOKUPS_PER_RUN = count(
            "lookups_per_run",
            "lstat-like system calls of one run (newfstatat, newlstat, newstat, statx), counted by perf stat "
                    + "on a run of their own before the rounds, outside the timed ones");
    public static final Column PLAIN_ELAPSED_S =
            measure("plain_elapsed_s", "elapsed time of the round's runs without perf, s");
    public static final Column PLAIN_USER_S = measure(
            "plain_user_s",
            "user CPU of the round's runs without perf, s: git's and its loop's (timed-exec), or this JVM's "
                    + "(stat-walk)");
    public static final Column PLAIN_SYS_S = measure(
            "plain_sys_s",
            "system CPU of the round's runs without perf, s: git's and its loop's (timed-exec), or this JVM's "
                    + "(stat-walk)");
    public static final Column PROFILED_ELAPSED_S = measure(
            "profiled_elapsed_s", "elapsed time of the same runs under perf record, s (perf's start not in it)");
    public static final Column PROFILED_USER_S =
            measure("profiled_user_s", "user CPU of the same runs under perf record, s (perf's own not in it)");
    public static final Column PROFILED_SYS_S =
            measure("profiled_sys_s", "system CPU of the same runs under perf record, s (perf's own not in it)");
    public static final Column SAMPLES = count(
            "samples",
            "cpu-clock samples: of the profiled runs, user and kernel (kernel-profile); of one kernel function in "
                    + "one category (kernel-profile-functions)");
    public static final Column KERNEL_SAMPLES =
            count("kernel_samples", "samples of the profiled runs whose innermost frame is in the kernel");
    public static final Column SAMPLE_US = measure("sample_us", "cpu-clock sampling period: us of CPU time per sample");
    public static final Column CATEGORY = text(
            "category",
            "where the kernel sample's time went, as kernel-categories.csv declares it: lookup, stores, attributes, "
                    + "syscall, scheduling, rest");
    public static final Column FUNCTION =
            text("function", "the kernel function a sample was in (its innermost frame, as perf names it)");
    public static final Column MEASURED =
            count("measured", "1 when the kernel profile was taken, 0 when this machine could not (see reason)");
    public static final Column REASON =
            text("reason", "why the profile was not taken, and how to enable it; empty when it was");
    public static final Column MISSING_FUNCTIONS = text(
            "missing_functions",
            "declared category functions this kernel does not have, space-separated; empty when it has them all");

    public static final ResultsSchema KERNEL_PROFILE = ResultsSchema.of(
                    STUDY,
                    "kernel-profile",
                    WORKLOAD,
                    SETTING,
                    LOOKUP_THREADS,
                    ROUND,
                    ROUND_RUNS,
                    TREE_ENTRIES,
                    LOOKUPS_PER_RUN,
                    PLAIN_ELAPSED_S,
                    PLAIN_USER_S,
                    PLAIN_SYS_S,
                    PROFILED_ELAPSED_S,
                    PROFILED_USER_S,
                    PROFILED_SYS_S,
                    SAMPLES,
                    KERNEL_SAMPLES,
                    SAMPLE_US)
            .keyedBy(WORKLOAD, SETTING, LOOKUP_THREADS, TREE_ENTRIES)
            .comparing(PLAIN_SYS_S, PLAIN_ELAPSED_S);
    public static final ResultsSchema KERNEL_PROFILE_FUNCTIONS =
            ResultsSchema.of(STUDY, "kernel-profile-functions", WORKLOAD, SETTING, ROUND, CATEGORY, FUNCTION, SAMPLES);
    public static final ResultsSchema KERNEL_PROFILE_STATUS =
            ResultsSchema.of(STUDY, "kernel-profile-status", MEASURED, REASON, MISSING_FUNCTIONS);

    public static final Column SCOPE = text(
            "scope",
            "stack: a sample counts here when this is its innermost declared frame; self: only when this function "
                    + "is the innermost frame itself (entry code every system call passes through)");
    public static final Column CHECKED_ON = text("checked_on", "the kernel release the function was found in");
    /**
     * The kernel-profile's categories, a declaration shipped with the module ({@code kernel-categories.csv}), not a
     * result: which kernel functions each category holds.
     */
    public static final ResultsSchema KERNEL_CATEGORIES =
            ResultsSchema.of(STUDY, "kernel-categories", CATEGORY, FUNCTION, SCOPE, CHECKED_ON);

    /** Every CSV of the study, in the order the report shows them. */
    public static final List<ResultsSchema> ALL = List.of(
            GIT_DIFF,
            STAT_WALK,
            STAT_WALK_GIT,
            DCACHE_MODEL,
            KERNEL_PROFILE,
            KERNEL_PROFILE_FUNCTIONS,
            KERNEL_PROFILE_STATUS);

    private VfsSchemas() {}
}
