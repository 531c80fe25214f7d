package labbook.vfs.experiments.dcachemodel;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.JmhRun;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.OptionValues;
import labbook.core.WorkerRows;
import labbook.vfs.VfsSchemas;
import labbook.vfs.dcache.Walk;
import labbook.vfs.experiments.ThreadCounts;
import labbook.vfs.experiments.TreeOptions;
import labbook.vfs.experiments.VariantJvm;
import labbook.vfs.jmh.DcacheWalkBenchmark;
import labbook.vfs.jmh.ModelIteration;
import org.apache.commons.io.FileUtils;
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
 * machine's cores and 20 threads (git's preload on a kernel tree; oversubscribed on a small machine; quick mode 1 and
 * the claim's count only, {@link #claimThreads}), without and with a thread renaming {@code drivers} away and back
 * every 50 us.
 *
 * <p><b>Run.</b> {@code ./labbook vfs dcache-model --quick} (quick: 5 rounds of forks, each a fresh JVM per walk and
 * thread count, 1 thread and the claim's count, with 2 x 0.3 s warm-up and 3 x 0.3 s iterations, no renamer: the
 * report's scaling charts use the runs without one; {@code --full}: 2 rounds, 2 x 1 s warm-up, 4 x 1 s, and 1, 2, 4, 8,
 * 16, 20 threads and the cores, each with and without the renamer; {@code --renames both} adds the renamer in quick
 * mode). {@code --forks N} sets the rounds; {@code --threads 1,4,64} reruns it on a bigger machine; {@code --tree DIR}
 * models another tree's index paths; {@code --renames off|on|both}.
 */
@Command(
        name = "dcache-model",
        description = "A model of the dentry cache: ref-walk vs store-free RCU-walk, JMH across thread counts.")
public final class DcacheModelExperiment extends ExperimentCommand {
    public static final String EXPERIMENT = VfsSchemas.DCACHE_MODEL.experiment();
    /**
     * JMH's timing options for one fork of each walk, thread count and rename setting in a round: quick keeps a warm-up
     * and three measured iterations per fork, for medians, each 0.3 s (not 0.5 s) so that five rounds cost what three
     * did: the claim's interval is read over rounds, and a round's iterations share its fork's luck.
     */
    public static final List<String> QUICK_TIMING =
            List.of("-f", "1", "-wi", "2", "-w", "300ms", "-i", "3", "-r", "300ms");

    /** Full mode's: four measured 1 s iterations per fork. */
    static final List<String> FULL_TIMING = List.of("-f", "1", "-wi", "2", "-w", "1s", "-i", "4", "-r", "1s");

    /**
     * Rounds of forks: a claim that sets walks and thread counts side by side reads their spread between JVMs, and on a
     * shared machine with few cores one JVM's iterations at 20 threads can land anywhere from contended to not at all.
     * Quick mode runs five rounds: with three, a bootstrap over rounds drew the one odd round twice or thrice in a
     * quarter of its resamples, and one odd round of three made the claim's interval reach below ×1 although the full
     * run's lies near ×2.4; with five, an odd round weighs a fifth. Full mode runs two of longer iterations.
     */
    static int rounds(Mode mode) {
        return mode == Mode.FULL ? FULL_ROUNDS : QUICK_ROUNDS;
    }

    static final int QUICK_ROUNDS = 5;
    static final int FULL_ROUNDS = 2;

    /**
     * What the model's JMH costs in {@code mode}: a fork per round, walk, thread count and rename setting
     * ({@link JmhRun#work}); for the plan of a mode not yet run here.
     */
    public static JmhRun.Cost cost(Mode mode) {
        return new JmhRun.Cost(
                rounds(mode)
                        * Walk.ALL.size()
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
            description = "Thread counts (default: quick 1 and the cores, at least 2 and at most " + PRELOAD_THREADS
                    + ", the two the claim divides; --full: 1, 2, 4, 8, 16, " + PRELOAD_THREADS + " and the cores).")
    List<Integer> threads;

    @Option(
            names = "--renames",
            paramLabel = "off|on|both",
            description = "Concurrent renames: off, on, or both (default: quick off, full both).")
    String renames;

    @Option(
            names = "--forks",
            paramLabel = "N",
            description = "Rounds of forks: each a fresh JVM per walk, thread count and rename setting "
                    + "(default: quick " + QUICK_ROUNDS + ", full " + FULL_ROUNDS + ").")
    Integer forks;

    @Override
    public Integer call() {
        threadCounts(threads, lab.mode());
        OptionValues.atLeast("--forks", forks, 1, 1);
        List<Integer> renameModes = renameModes(renames, lab.mode());
        TreeOptions.requireResultsFolder(lab);
        List<String> paths = treeOptions.paths(lab.mode());
        if (!hasRenamedFolder(paths) && renameModes.contains(1)) {
            throw new LabException("the tree " + treeOptions.tree() + " has no folder '"
                    + DcacheWalkBenchmark.RENAMED_FOLDER + "' for the renames: pass --renames off");
        }
        try (LabRun run = startRun(VfsSchemas.STUDY, EXPERIMENT)) {
            run(run, paths, threads, renames, forks, System.out);
        }
        return 0;
    }

    /** Whether {@code paths} pass through the folder the renamer moves (without it, renames cannot run). */
    public static boolean hasRenamedFolder(List<String> paths) {
        return paths.stream().anyMatch(p -> p.startsWith(DcacheWalkBenchmark.RENAMED_FOLDER + "/"));
    }

    /**
     * The thread counts to run: the requested ones (1 to 1024); without them, quick mode 1 and {@link #claimThreads}
     * (the two the report's claim divides), full mode 1, the powers of two up to the cores, 2, 4, 8, 16, the cores and
     * 20 (the whole scaling curve, which the chart draws). Quick mode's forks are better spent on rounds
     * ({@link #rounds}).
     */
    static List<Integer> threadCounts(List<Integer> requested, Mode mode) {
        if (requested != null && !requested.isEmpty()) {
            return ThreadCounts.requested(requested);
        }
        if (mode != Mode.FULL) {
            return List.of(1, claimThreads(Runtime.getRuntime().availableProcessors()));
        }
        int cores = Runtime.getRuntime().availableProcessors();
        TreeSet<Integer> counts = new TreeSet<>();
        counts.add(1);
        for (int t = 2; t <= cores; t *= 2) {
            counts.add(t);
        }
        counts.add(cores);
        counts.addAll(List.of(2, 4, 8, 16, PRELOAD_THREADS));
        return List.copyOf(counts);
    }

    /** The most threads the model runs by default: git's preload threads on a kernel tree. */
    static final int PRELOAD_THREADS = 20;

    /**
     * The thread count the report's claim reads on a machine of {@code cores}: git's preload threads, or the cores
     * where the machine has fewer, and at least 2. Threads beyond the cores time the scheduler's turns rather than the
     * cache's contention: on 2 cores a fork's iterations at 20 threads ranged over 5 x, as the machine lent the JVM
     * anything from two cores to one at a time, and five rounds of them did not decide the claim in quick mode (the
     * module README gives the runs).
     */
    public static int claimThreads(int cores) {
        return Math.max(2, Math.min(cores, PRELOAD_THREADS));
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
     * index) on each thread count, writes the CSV and prints the tables; {@code forksOption}: the rounds of forks
     * (default: {@link #rounds}).
     *
     * <p>How the variants are kept apart: JMH ({@link DcacheWalkBenchmark}) runs in a JVM that lab-core's
     * {@code JmhRun} forks with the module's class path, one JMH run per round and thread count, and JMH gives each
     * walk and rename setting a fresh JVM of its own ({@code -f 1}), started with the module's declared JVM flags
     * ({@code -jvmArgsPrepend}) whatever launched the experiment: no variant's JIT profile shapes another's. A claim
     * compares walks and thread counts, so the rounds interleave them: each round runs every thread count once, in
     * turn, ascending in even rounds and descending in odd ones, so that the forks a claim sets side by side ran
     * moments apart, and drift on a shared machine falls on both sides. A row's {@code fork} is its round.
     *
     * <p>Each fork writes its measured iterations as rows of {@code dcache-model.csv} (JMH's score left empty); they
     * are read back by column name ({@link ModelIteration.Binding#ROW}) and given JMH's score for the same walk, rename
     * setting and iteration. Each walker starts at its own point of the list, as git's preload threads start at their
     * slices.
     */
    public static List<ModelIteration> run(
            LabRun run, List<String> paths, List<Integer> threadsOption, String renamesOption, PrintStream out) {
        return run(run, paths, threadsOption, renamesOption, null, out);
    }

    public static List<ModelIteration> run(
            LabRun run,
            List<String> paths,
            List<Integer> threadsOption,
            String renamesOption,
            Integer forksOption,
            PrintStream out) {
        List<Integer> counts = threadCounts(threadsOption, run.mode());
        List<Integer> renameModes = renameModes(renamesOption, run.mode());
        int rounds = OptionValues.atLeast("--forks", forksOption, 1, rounds(run.mode()));
        List<String> timing = run.mode() == Mode.FULL ? FULL_TIMING : QUICK_TIMING;
        run.peer("jmh", org.openjdk.jmh.util.Version.getPlainVersion());
        List<ModelIteration> rows = new ArrayList<>();
        Path scratch = null;
        try (CsvResults csv = run.csv(VfsSchemas.DCACHE_MODEL)) {
            scratch = Files.createTempDirectory("labbook-dcache");
            Path pathList = scratch.resolve("paths.txt");
            Files.write(pathList, paths, StandardCharsets.UTF_8);
            int step = 0;
            for (int round = 0; round < rounds; round++) {
                List<Integer> order = new ArrayList<>(counts);
                if (round % 2 == 1) {
                    Collections.reverse(order);
                }
                for (int t : order) {
                    step++;
                    System.err.printf(
                            "dcache-model: round %d of %d, JMH on %d thread%s (%d of %d), %,d paths%n",
                            round + 1, rounds, t, t == 1 ? "" : "s", step, rounds * counts.size(), paths.size());
                    Path rowsDir = scratch.resolve("round-" + round + "-threads-" + t);
                    List<JmhRun.Iteration> iterations = JmhRun.fork(
                            DcacheWalkBenchmark.class.getName() + ".lstat",
                            jmhArgs(timing, t, renameModes, rowsDir, pathList, round));
                    rows.addAll(scored(iterations, forkRows(rowsDir, renameModes)));
                }
            }
            for (ModelIteration i : rows) {
                csv.row(ModelIteration.Binding.ROW, i);
            }
            csv.commit();
        } catch (IOException e) {
            throw new LabException("cannot write or read the model's temporary files (" + e.getMessage() + ")", e);
        } finally {
            deleteQuietly(scratch);
        }
        DcacheModelPrintout.print(rows, out);
        return rows;
    }

    /**
     * One JMH run's options: a fork per walk and rename setting, on {@code threads} threads, in round {@code round}.
     */
    static List<String> jmhArgs(
            List<String> timing, int threads, List<Integer> renameModes, Path rowsDir, Path pathList, int round) {
        List<String> args = new ArrayList<>(timing);
        args.addAll(List.of(
                "-t",
                String.valueOf(threads),
                "-foe",
                "true",
                "-p",
                "walk=" + String.join(",", Walk.ALL.stream().map(Walk::label).toList()),
                "-p",
                "renames="
                        + String.join(
                                ",", renameModes.stream().map(String::valueOf).toList())));
        // JMH's forks inherit the host JVM's flags; the module's declared ones are given to them here, so that a fork
        // starts alike under ./labbook, mvn exec:java and a notebook
        List<String> declared = VariantJvm.declaredFlags();
        if (!declared.isEmpty()) {
            args.addAll(List.of("-jvmArgsPrepend", String.join(" ", declared)));
        }
        args.addAll(List.of(
                "-jvmArgsAppend",
                "-D" + DcacheWalkBenchmark.ROWS_PROPERTY + "=" + rowsDir
                        + " -D" + DcacheWalkBenchmark.PATHS_PROPERTY + "=" + pathList
                        + " -D" + DcacheWalkBenchmark.FORK_PROPERTY + "=" + round));
        return args;
    }

    /** The rows the forks of one JMH run wrote, one results root per walk and rename setting. */
    static List<ModelIteration> forkRows(Path rowsDir, List<Integer> renameModes) {
        List<ModelIteration> rows = new ArrayList<>();
        for (Walk walk : Walk.ALL) {
            for (int renames : renameModes) {
                Path csv = DcacheWalkBenchmark.rowsRoot(rowsDir, walk.label(), renames)
                        .resolve(VfsSchemas.STUDY)
                        .resolve(VfsSchemas.DCACHE_MODEL.fileName());
                if (!Files.isRegularFile(csv)) {
                    throw new LabException("the model's fork of the " + walk.label() + " walk, renames=" + renames
                            + ", wrote no rows (" + csv + ")");
                }
                rows.addAll(forkRowsIn(csv));
            }
        }
        return rows;
    }

    /** The rows of one fork's {@code dcache-model.csv}, read by column name. */
    static List<ModelIteration> forkRowsIn(Path csv) {
        return WorkerRows.read(csv, VfsSchemas.DCACHE_MODEL).stream()
                .map(ModelIteration.Binding.ROW::read)
                .toList();
    }

    /**
     * Each JMH iteration of one run (one fork per walk and rename setting) with its fork's row of the same walk, rename
     * setting and iteration, given JMH's score.
     */
    static List<ModelIteration> scored(List<JmhRun.Iteration> iterations, List<ModelIteration> forkRows) {
        Map<String, ModelIteration> byKey = new HashMap<>();
        for (ModelIteration m : forkRows) {
            if (byKey.put(key(m.walk(), m.renames(), m.iteration()), m) != null) {
                throw new LabException("the model's forks wrote " + m.walk() + " walk, renames=" + m.renames()
                        + ", iteration " + m.iteration() + " twice");
            }
        }
        List<ModelIteration> rows = new ArrayList<>();
        for (JmhRun.Iteration it : iterations) {
            String walk = it.params().get("walk");
            int renames = Integer.parseInt(it.params().get("renames"));
            ModelIteration m = byKey.get(key(walk, renames, it.iteration()));
            if (m == null || it.fork() != 0) {
                throw new LabException("the model's rows lack " + walk + " walk, renames=" + renames + ", fork "
                        + it.fork() + ", iteration " + it.iteration());
            }
            rows.add(m.scored(it.score()));
        }
        return rows;
    }

    private static String key(String walk, int renames, int iteration) {
        return walk + "/" + renames + "/" + iteration;
    }

    private static void deleteQuietly(Path scratch) {
        if (scratch != null) {
            FileUtils.deleteQuietly(scratch.toFile()); // a temporary folder; the OS cleans /tmp
        }
    }
}
