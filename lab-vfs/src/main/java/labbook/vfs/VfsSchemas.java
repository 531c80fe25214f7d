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
    public static final Column USER_S = measure(
            "user_s",
            "user CPU time, s: git's own, summed over the loop's runs (git-diff) "
                    + "or of one run (stat-walk-git); the walk's own JVM's over one walk (stat-walk)");
    public static final Column SYS_S = measure(
            "sys_s",
            "system CPU time, s: git's own, summed over the loop's runs (git-diff) "
                    + "or of one run (stat-walk-git); the walk's own JVM's over one walk (stat-walk)");
    public static final Column ELAPSED_S = measure(
            "elapsed_s", "elapsed time, s: summed over the loop's runs (git-diff) or of one run (stat-walk-git)");
    public static final Column CPU_PCT = measure("cpu_pct", "100 x (user_s + sys_s) / elapsed_s, as time's %CPU");
    public static final Column TREE_ENTRIES = count("entries", "index entries of the tree (files and symbolic links)");
    public static final Column PRELOAD_THREADS = count(
            "preload_threads", "threads git's preload-index uses: entries / 500, at least 2, at most 20; 0 for serial");

    public static final Column THREADS = count(
            "threads",
            "threads walking the paths (stat-walk: lstat threads; dcache-model: JMH walker threads, the "
                    + "renamer not counted)");
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
                    USER_S,
                    SYS_S,
                    ELAPSED_S,
                    CPU_PCT,
                    TREE_ENTRIES,
                    PRELOAD_THREADS)
            .keyedBy(MODE, RUNS, TREE_ENTRIES, PRELOAD_THREADS)
            .comparing(ELAPSED_S, USER_S, SYS_S);
    public static final ResultsSchema STAT_WALK = ResultsSchema.of(
                    STUDY, "stat-walk", THREADS, REPEAT, PATHS, WALL_S, USER_S, SYS_S, MISMATCHES)
            .keyedBy(THREADS, PATHS)
            .comparing(WALL_S);
    public static final ResultsSchema STAT_WALK_GIT = ResultsSchema.of(
                    STUDY, "stat-walk-git", MODE, REPEAT, ELAPSED_S, USER_S, SYS_S)
            .keyedBy(MODE)
            .comparing(ELAPSED_S, USER_S, SYS_S);
    public static final ResultsSchema DCACHE_MODEL = ResultsSchema.of(
                    STUDY,
                    "dcache-model",
                    WALK,
                    THREADS,
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
            .keyedBy(WALK, THREADS, RENAMES)
            .inRounds(FORK);

    /** Every CSV of the study, in the order the report shows them. */
    public static final List<ResultsSchema> ALL = List.of(GIT_DIFF, STAT_WALK, STAT_WALK_GIT, DCACHE_MODEL);

    private VfsSchemas() {}
}
