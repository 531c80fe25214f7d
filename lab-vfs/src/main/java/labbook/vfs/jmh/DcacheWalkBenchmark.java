package labbook.vfs.jmh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import labbook.core.Clocks;
import labbook.core.CpuTimes;
import labbook.core.CsvResults;
import labbook.vfs.VfsSchemas;
import labbook.vfs.dcache.Dcache;
import labbook.vfs.dcache.Inode;
import labbook.vfs.dcache.Renamer;
import labbook.vfs.dcache.Walk;
import labbook.vfs.dcache.WalkCounters;
import labbook.vfs.tree.KernelManifest;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * One lstat's path walk through the model dentry cache ({@link Dcache}), by ref-walk or RCU-walk, over a tree's paths:
 * the file named by the system property {@code labbook.vfs.paths} (one path a line; dcache-model writes the paths of
 * its tree there), else the shipped linux 6.1 manifest's 78,635. Each JMH thread walks the paths in a loop from its own
 * starting point (see {@link Walker}). Thread counts come from JMH's {@code -t}; {@code renames=1} adds a thread
 * renaming {@code drivers} away and back.
 *
 * <p>Besides JMH's score, each measured iteration is kept as a row of {@code dcache-model.csv} ({@link ModelIteration},
 * JMH's score left empty): the fork's process CPU seconds over the iteration, the summed contention counters
 * ({@link WalkCounters}: failed CAS, lock spins, fall-backs, retries, misses), the renames done and the iteration's
 * wall seconds. At the end of the trial the fork writes them, by the schema's columns, under the folder the system
 * property {@code labbook.vfs.rows} names (one results root per walk and rename setting), so the experiment can read
 * them back by column name and keep them beside the score.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class DcacheWalkBenchmark {
    /** The folder the renamer moves: the largest at the top, so many walks pass through it. */
    public static final String RENAMED_FOLDER = "drivers";
    /** System property naming a file of paths, one a line, to model instead of the shipped manifest. */
    public static final String PATHS_PROPERTY = "labbook.vfs.paths";
    /** System property naming the folder under which the fork writes its measured iterations' rows. */
    public static final String ROWS_PROPERTY = "labbook.vfs.rows";
    /** System property giving the round of forks this fork belongs to: its rows' {@code fork}. */
    public static final String FORK_PROPERTY = "labbook.vfs.fork";

    static final ConcurrentLinkedQueue<WalkCounters> THREAD_COUNTERS = new ConcurrentLinkedQueue<>();

    @Param({Walk.REF_LABEL, Walk.RCU_LABEL})
    public String walk;

    @Param({"0", "1"})
    public int renames;

    /** Pause between rename pairs, microseconds. */
    @Param({"50"})
    public int renamePauseMicros;

    Dcache cache;
    String[][] paths;
    boolean rcu;
    private Renamer renamer;
    private CpuTimes cpuAtStart;
    private WalkCounters countersAtStart;
    private long iterationStart;
    private final List<ModelIteration> measured = new ArrayList<>();

    @Setup(Level.Trial)
    public void load() throws IOException {
        String file = System.getProperty(PATHS_PROPERTY);
        List<String> list = file == null
                ? KernelManifest.linux61().paths()
                : Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
        cache = Dcache.of(list);
        paths = new String[list.size()][];
        for (int i = 0; i < paths.length; i++) {
            paths[i] = Dcache.split(list.get(i));
        }
        rcu = Walk.of(walk) == Walk.RCU; // another value is refused, naming the walks there are
        THREAD_COUNTERS.clear();
    }

    @Setup(Level.Iteration)
    public void startIteration() {
        countersAtStart = sum();
        cpuAtStart = Clocks.process();
        iterationStart = System.nanoTime();
        if (renames == 1) {
            renamer = new Renamer(cache, RENAMED_FOLDER, TimeUnit.MICROSECONDS.toNanos(renamePauseMicros)).start();
        }
    }

    @TearDown(Level.Iteration)
    public void endIteration(BenchmarkParams benchmark, IterationParams iteration) {
        long renamesDone = 0;
        if (renamer != null) {
            renamer.close();
            renamesDone = renamer.renames();
            renamer = null;
        }
        double cpu = Clocks.process().minus(cpuAtStart).totalSeconds();
        double wall = (System.nanoTime() - iterationStart) / 1e9;
        WalkCounters c = sum().minus(countersAtStart);
        if (iteration.getType() != IterationType.MEASUREMENT) {
            return;
        }
        measured.add(new ModelIteration(
                walk,
                benchmark.getThreads(),
                renames,
                Integer.getInteger(FORK_PROPERTY, 0),
                measured.size(),
                Double.NaN,
                cpu,
                c.failedCas,
                c.lockSpins,
                c.fallbacks,
                c.retries,
                c.misses,
                renamesDone,
                wall,
                Runtime.getRuntime().availableProcessors()));
    }

    /**
     * The measured iterations, as rows of {@code dcache-model.csv} in {@code <labbook.vfs.rows>/<walk>-<renames>/}: a
     * results root of its own per fork of one JMH run, whole or absent (a fork that died leaves none).
     */
    @TearDown(Level.Trial)
    public void writeRows() {
        String folder = System.getProperty(ROWS_PROPERTY);
        if (folder == null) {
            return;
        }
        try (CsvResults csv = CsvResults.open(rowsRoot(Path.of(folder), walk, renames), VfsSchemas.DCACHE_MODEL)) {
            for (ModelIteration m : measured) {
                csv.row(ModelIteration.Binding.ROW, m);
            }
            csv.commit();
        }
    }

    /** Where the fork of {@code walk} and {@code renames} writes its rows, under {@code folder}. */
    public static Path rowsRoot(Path folder, String walk, int renames) {
        return folder.resolve(walk + "-" + renames);
    }

    private static WalkCounters sum() {
        WalkCounters total = new WalkCounters();
        for (WalkCounters c : THREAD_COUNTERS) {
            total.add(c);
        }
        return total;
    }

    /**
     * A walking thread. Threads start at evenly spaced points of the path list, as preload-index gives each thread its
     * own slice, but each goes on through the whole list: with a slice each, 20 threads time-sliced on 2 cores would
     * each revisit a small, cache-warm part of the tree, and the model would measure cache locality instead of
     * contention.
     */
    @State(Scope.Thread)
    public static class Walker {
        final WalkCounters counters = new WalkCounters();
        int size;
        int next;

        @Setup(Level.Trial)
        public void start(DcacheWalkBenchmark b, ThreadParams t) {
            size = b.paths.length;
            next = (int) ((long) size * t.getThreadIndex() / t.getThreadCount());
            THREAD_COUNTERS.add(counters);
        }

        int nextPath() {
            int i = next;
            next = i + 1 == size ? 0 : i + 1;
            return i;
        }
    }

    @Benchmark
    public Inode lstat(Walker w) {
        String[] path = paths[w.nextPath()];
        return rcu ? cache.statRcu(path, w.counters) : cache.statRef(path, w.counters);
    }
}
