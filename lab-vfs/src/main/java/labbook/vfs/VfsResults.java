package labbook.vfs;

import static labbook.core.Column.count;
import static labbook.core.Column.measure;
import static labbook.core.Column.text;

import java.util.List;
import labbook.core.Column;
import labbook.core.ResultsSchema;

/**
 * The vfs study's results: every CSV it writes under {@code results/vfs/}, each column declared
 * once. The experiments write rows by these constants and {@code reports} reads the CSVs by them;
 * the module README links here instead of repeating the list.
 */
public final class VfsResults {
    public static final String STUDY = "vfs";

    public static final Column MODE = text("mode", "git's index preload: serial (core.preloadIndex false) or parallel (true)");
    public static final Column LOOP = count("loop", "loop number; each loop is RUNS cached git diffs");
    public static final Column RUNS = count("runs", "git diff runs in the loop");
    public static final Column USER_S = measure("user_s", "user CPU time, s");
    public static final Column SYS_S = measure("sys_s", "system CPU time, s");
    public static final Column ELAPSED_S = measure("elapsed_s", "elapsed time, s");
    public static final Column CPU_PCT = measure("cpu_pct", "(user + sys) / elapsed, %");
    public static final Column TREE_ENTRIES = count("entries", "files in the tree's index");
    public static final Column PRELOAD_THREADS = count("preload_threads", "threads git's preload may use");

    public static final Column THREADS = count("threads", "walking threads");
    public static final Column REPEAT = count("repeat", "repeat number (0-based)");
    public static final Column PATHS = count("paths", "paths stat()ed per walk");
    public static final Column WALL_S = measure("wall_s", "elapsed time, s");
    public static final Column MISMATCHES = count("mismatches", "paths whose stat() disagreed with the index (expected 0)");

    public static final Column WALK = text("walk", "the path walk modelled: ref-walk (2.6.32) or rcu-walk (store-free)");
    public static final Column RENAMES = count("renames", "renaming threads running beside the walkers");
    public static final Column FORK = count("fork", "JMH fork number");
    public static final Column ITERATION = count("iteration", "JMH measurement iteration");
    public static final Column OPS_PER_S = measure("ops_per_s", "path walks per second, all threads");
    public static final Column CPU_S = measure("cpu_s", "CPU seconds the iteration used, all threads");
    public static final Column FAILED_CAS = measure("failed_cas", "failed compare-and-swaps in the iteration, all threads");
    public static final Column LOCK_SPINS = measure("lock_spins", "spin-lock spins in the iteration");
    public static final Column FALLBACKS = measure("fallbacks", "RCU-walks that fell back to ref-walk in the iteration");
    public static final Column RETRIES = measure("retries", "ref-walk lookups redone after a rename, in the iteration");
    public static final Column MISSES = measure("misses", "walks that found no dentry, in the iteration");
    public static final Column RENAME_OPS = measure("rename_ops", "renames done in the iteration");
    public static final Column ITERATION_S = measure("iteration_s", "the iteration's length, s");
    public static final Column CORES = count("cores", "cores the JVM saw");

    public static final ResultsSchema GIT_DIFF = ResultsSchema.of(STUDY, "git-diff",
            MODE, LOOP, RUNS, USER_S, SYS_S, ELAPSED_S, CPU_PCT, TREE_ENTRIES, PRELOAD_THREADS);
    public static final ResultsSchema STAT_WALK = ResultsSchema.of(STUDY, "stat-walk",
            THREADS, REPEAT, PATHS, WALL_S, USER_S, SYS_S, MISMATCHES);
    public static final ResultsSchema STAT_WALK_GIT = ResultsSchema.of(STUDY, "stat-walk-git",
            MODE, REPEAT, ELAPSED_S, USER_S, SYS_S);
    public static final ResultsSchema DCACHE_MODEL = ResultsSchema.of(STUDY, "dcache-model",
            WALK, THREADS, RENAMES, FORK, ITERATION, OPS_PER_S, CPU_S, FAILED_CAS, LOCK_SPINS, FALLBACKS, RETRIES,
            MISSES, RENAME_OPS, ITERATION_S, CORES);

    /** Every CSV of the study, in the order the report shows them. */
    public static final List<ResultsSchema> ALL = List.of(GIT_DIFF, STAT_WALK, STAT_WALK_GIT, DCACHE_MODEL);

    /** The seed's figures (with their source): class-path resources of this module. */
    public static final String SEED_GIT_DIFF = "/labbook/vfs/seeds/vfs-git-diff.csv";
    public static final String SEED_AXBOE = "/labbook/vfs/seeds/vfs-axboe.csv";

    private VfsResults() {
    }
}
