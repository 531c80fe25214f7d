package labbook.vfs.experiments.dcachemodel;

import static labbook.vfs.VfsSchemas.CORES;
import static labbook.vfs.VfsSchemas.CPU_S;
import static labbook.vfs.VfsSchemas.FAILED_CAS;
import static labbook.vfs.VfsSchemas.FALLBACKS;
import static labbook.vfs.VfsSchemas.FORK;
import static labbook.vfs.VfsSchemas.ITERATION;
import static labbook.vfs.VfsSchemas.ITERATION_S;
import static labbook.vfs.VfsSchemas.LOCK_SPINS;
import static labbook.vfs.VfsSchemas.MISSES;
import static labbook.vfs.VfsSchemas.OPS_PER_S;
import static labbook.vfs.VfsSchemas.RENAMES;
import static labbook.vfs.VfsSchemas.RENAME_OPS;
import static labbook.vfs.VfsSchemas.RETRIES;
import static labbook.vfs.VfsSchemas.THREADS;
import static labbook.vfs.VfsSchemas.WALK;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.JmhRun;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.vfs.VfsSchemas;
import labbook.vfs.dcache.Walk;
import labbook.vfs.experiments.TreeOptions;
import labbook.vfs.jmh.DcacheWalkBenchmark;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * dcache-model: both halves of the seed's table, from a model of the dentry cache.
 *
 * <p><b>The question.</b> Piggin, 2009: with 2.6.32-rc3's path walk, "parallel" {@code git diff} raised system time
 * from 7.12 s to 17.69 s for 100 runs; with store-free path walking it fell to 0.68 s. Axboe, normalising to
 * "2.6.32-rc3 serial" = 1.00: "2.6.32-rc3 parallel real 0.80 [...] sys 8.38 [...] vfs parallel real 0.43 [...] sys
 * 0.13". Today's kernel only walks store-free, so git diff here shows only the "after" half; this model shows both, on
 * any number of cores.
 *
 * <p><b>Baseline.</b> ref-walk ({@link labbook.vfs.dcache.Dcache}): the shared fs lock, then for every component a
 * d_lock and a reference-count increment on the entry passed and a put on its parent: every walk stores to the cache
 * lines of the shared ancestors.
 *
 * <p><b>Variants.</b> RCU-walk: sequence counts read and re-checked hand over hand, a reference (a CAS) only on the
 * final entry, a fall-back to ref-walk when a concurrent rename changes a sequence. Each walk on 1 thread, the
 * machine's cores and 20 threads (git's preload on a kernel tree; oversubscribed on a small machine), without and with
 * a thread renaming {@code drivers} away and back every 50 us.
 *
 * <p><b>Run.</b> {@code ./labbook vfs dcache-model --quick} (quick: 1 fork, 2 x 0.5 s warm-up and 3 x 0.5 s iterations
 * per walk and thread count, no renamer: the report's scaling charts use the runs without one; {@code --full}: 2 forks,
 * 2 x 1 s warm-up, 4 x 1 s, and 1, 2, 4, 8, 16, 20 threads and the cores, each with and without the renamer;
 * {@code --renames both} adds the renamer in quick mode). {@code --threads 1,4,64} reruns it on a bigger machine;
 * {@code --tree DIR} models another tree's index paths; {@code --renames off|on|both}.
 */
@Command(
        name = "dcache-model",
        description = "A model of the dentry cache: ref-walk vs store-free RCU-walk, JMH across thread counts.")
public final class DcacheModelExperiment extends ExperimentCommand {
    public static final String EXPERIMENT = VfsSchemas.DCACHE_MODEL.experiment();
    /** JMH's timing options: quick keeps a warm-up and three measured iterations per configuration, for medians. */
    public static final List<String> QUICK_TIMING =
            List.of("-f", "1", "-wi", "2", "-w", "500ms", "-i", "3", "-r", "500ms");

    /** Full mode's: two forks per configuration, for a spread between JVMs, of four measured 1 s iterations. */
    static final List<String> FULL_TIMING = List.of("-f", "2", "-wi", "2", "-w", "1s", "-i", "4", "-r", "1s");

    /**
     * What the model's JMH costs in {@code mode}: a configuration per walk, thread count and rename setting
     * ({@link JmhRun#work}); for the plan of a mode not yet run here.
     */
    public static JmhRun.Cost cost(Mode mode) {
        return new JmhRun.Cost(
                Walk.ALL.size()
                        * threadCounts(null, mode).size()
                        * renameModes(null, mode).size(),
                mode == Mode.FULL ? FULL_TIMING : QUICK_TIMING);
    }

    @Mixin
    TreeOptions treeOptions;

    @Option(
            names = "--threads",
            paramLabel = "N,N...",
            split = ",",
            description = "Thread counts (default: 1, the cores, 20; --full: 1, 2, 4, 8, 16, 20 and the cores).")
    List<Integer> threads;

    @Option(
            names = "--renames",
            paramLabel = "off|on|both",
            description = "Concurrent renames: off, on, or both (default: quick off, full both).")
    String renames;

    @Override
    public Integer call() {
        threadCounts(threads, lab.mode());
        List<Integer> renameModes = renameModes(renames, lab.mode());
        TreeOptions.requireResultsFolder(lab);
        List<String> paths = treeOptions.paths(lab.mode());
        if (!hasRenamedFolder(paths) && renameModes.contains(1)) {
            throw new LabException("the tree " + treeOptions.tree() + " has no folder '"
                    + DcacheWalkBenchmark.RENAMED_FOLDER + "' for the renames: pass --renames off");
        }
        try (LabRun run = LabRun.start(
                lab, VfsSchemas.STUDY, EXPERIMENT, treeOptions.rerun("--threads", threads, "--renames", renames))) {
            run(run, paths, threads, renames, System.out);
        }
        return 0;
    }

    /** Whether {@code paths} pass through the folder the renamer moves (without it, renames cannot run). */
    public static boolean hasRenamedFolder(List<String> paths) {
        return paths.stream().anyMatch(p -> p.startsWith(DcacheWalkBenchmark.RENAMED_FOLDER + "/"));
    }

    /**
     * The thread counts to run: the requested ones (1 to 1024), or 1, the powers of two up to the cores, the cores and
     * 20.
     */
    static List<Integer> threadCounts(List<Integer> requested, Mode mode) {
        int cores = Runtime.getRuntime().availableProcessors();
        TreeSet<Integer> counts = new TreeSet<>();
        if (requested != null && !requested.isEmpty()) {
            for (int t : requested) {
                if (t < 1 || t > 1024) {
                    throw LabException.badValue("--threads", t, "a thread count from 1 to 1024");
                }
                counts.add(t);
            }
            return List.copyOf(counts);
        }
        counts.add(1);
        for (int t = 2; t <= cores; t *= 2) {
            counts.add(t);
        }
        counts.add(cores);
        counts.add(20);
        if (mode == Mode.FULL) {
            counts.addAll(List.of(2, 4, 8, 16));
        }
        return List.copyOf(counts);
    }

    /**
     * The rename settings to run: as {@code option} says (off, on, both); without it, quick mode off and full mode
     * both.
     */
    static List<Integer> renameModes(String option, Mode mode) {
        return switch (option == null ? (mode == Mode.FULL ? "both" : "off") : option) {
            case "off" -> List.of(0);
            case "on" -> List.of(1);
            case "both" -> List.of(0, 1);
            default -> throw LabException.badValue("--renames", option, "off, on or both");
        };
    }

    /**
     * Runs the model over {@code paths} (the mode's default tree's, from the shipped manifest, or {@code --tree}'s
     * index) on each thread count, writes the CSV and prints the tables. JMH ({@link DcacheWalkBenchmark}) runs in a
     * JVM that lab-core's {@code JmhRun} forks with the module's class path, one fork per walk and rename setting; each
     * walker starts at its own point of the list, as git's preload threads start at their slices. Per measured
     * iteration it keeps JMH's throughput beside the counters the benchmark writes to a side file: the fork's process
     * CPU time and the walkers' contention.
     */
    public static List<ModelIteration> run(
            LabRun run, List<String> paths, List<Integer> threadsOption, String renamesOption, PrintStream out) {
        List<Integer> counts = threadCounts(threadsOption, run.mode());
        List<Integer> renameModes = renameModes(renamesOption, run.mode());
        List<String> timing = run.mode() == Mode.FULL ? FULL_TIMING : QUICK_TIMING;
        run.peer("jmh", org.openjdk.jmh.util.Version.getPlainVersion());
        List<ModelIteration> rows = new ArrayList<>();
        Path counters = null;
        Path pathList = null;
        try (CsvResults csv = run.csv(VfsSchemas.DCACHE_MODEL)) {
            counters = Files.createTempFile("labbook-dcache", ".csv");
            pathList = Files.createTempFile("labbook-dcache-paths", ".txt");
            Files.write(pathList, paths, StandardCharsets.UTF_8);
            int step = 0;
            for (int t : counts) {
                step++;
                System.err.printf(
                        "dcache-model: JMH on %d thread%s (%d of %d), %,d paths%n",
                        t, t == 1 ? "" : "s", step, counts.size(), paths.size());
                Files.deleteIfExists(counters);
                List<String> args = new ArrayList<>(timing);
                args.addAll(List.of(
                        "-t",
                        String.valueOf(t),
                        "-foe",
                        "true",
                        "-p",
                        "walk=" + String.join(",", Walk.ALL),
                        "-p",
                        "renames="
                                + String.join(
                                        ",",
                                        renameModes.stream()
                                                .map(String::valueOf)
                                                .toList()),
                        "-jvmArgsAppend",
                        "-D" + DcacheWalkBenchmark.COUNTERS_PROPERTY + "=" + counters + " -D"
                                + DcacheWalkBenchmark.PATHS_PROPERTY + "=" + pathList));
                List<JmhRun.Iteration> iterations = JmhRun.fork(DcacheWalkBenchmark.class.getName() + ".lstat", args);
                rows.addAll(ModelIteration.pair(iterations, ModelIteration.readCounters(counters), t));
            }
            int cores = Runtime.getRuntime().availableProcessors();
            for (ModelIteration i : rows) {
                csv.row(r -> r.set(WALK, i.walk())
                        .set(THREADS, i.threads())
                        .set(RENAMES, i.renames())
                        .set(FORK, i.fork())
                        .set(ITERATION, i.iteration())
                        .set(OPS_PER_S, i.opsPerS())
                        .set(CPU_S, i.cpuS())
                        .set(FAILED_CAS, i.failedCas())
                        .set(LOCK_SPINS, i.lockSpins())
                        .set(FALLBACKS, i.fallbacks())
                        .set(RETRIES, i.retries())
                        .set(MISSES, i.misses())
                        .set(RENAME_OPS, i.renameOps())
                        .set(ITERATION_S, i.iterationS())
                        .set(CORES, cores));
            }
            csv.commit();
        } catch (IOException e) {
            throw new LabException("cannot write or read the model's temporary files (" + e.getMessage() + ")", e);
        } finally {
            deleteQuietly(counters);
            deleteQuietly(pathList);
        }
        DcacheModelPrintout.print(rows, out);
        return rows;
    }

    private static void deleteQuietly(Path temp) {
        if (temp == null) {
            return;
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // a temporary file; the OS cleans /tmp
        }
    }
}
