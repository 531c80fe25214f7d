package labbook.vfs.experiments.statwalk;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.OptionValues;
import labbook.core.PeerResult;
import labbook.core.Progress;
import labbook.core.RowType;
import labbook.vfs.VfsSchemas;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.experiments.ThreadCounts;
import labbook.vfs.experiments.TreeOptions;
import labbook.vfs.tree.KernelTree;
import me.tongfei.progressbar.ProgressBar;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * stat-walk: the lstat storm of git's preload-index, from Java, on 1 to 20 threads.
 *
 * <p><b>The question.</b> The seed's parallel {@code git diff} is, underneath, many threads each lstat-ing its slice of
 * the index ("parallel and serial configs (PreloadIndex = true/false)"). How much of {@code git diff}'s time is that
 * storm, and how does it scale with threads on this kernel? If a plain Java loop of one lstat per index entry takes
 * about as long as {@code git diff} itself, the workload is the path walk, and the model of the dentry cache is
 * modelling the right thing.
 *
 * <p><b>Baseline.</b> One thread lstats every index entry in index order ({@code core.preloadIndex=false}).
 *
 * <p><b>Variants.</b> 2, 4, 8, 16 and 20 threads, each taking a contiguous slice of the index as preload-index.c does
 * (git uses 20 threads on a kernel tree, and on quick mode's quarter of one); beside them, in the same run and the same
 * repeats, {@code git diff} itself, serial and parallel, for the ratio Java walk elapsed / git diff elapsed. Every walk
 * is timed in a fresh JVM of its own ({@link StatWalkWorker}), so a thread count's figures do not depend on which
 * others were run.
 *
 * <p><b>Run.</b> {@code ./labbook vfs stat-walk --quick} (quick: 5 repeats on the quick tree; {@code --full}: 30 on the
 * full tree). {@code --repeats N} overrides; {@code --threads 1,20} walks on those thread counts only; {@code --tree
 * DIR} runs on another tree.
 */
@Command(
        name = "stat-walk",
        description = "One lstat per index entry from Java, as git's preload does, on 1, 2, 4, ... 20 threads; "
                + "beside git diff.")
public final class StatWalkExperiment extends ExperimentCommand {
    public static final String EXPERIMENT = VfsSchemas.STAT_WALK.experiment();
    /** The thread counts of every repeat in full mode: one, powers of two, and git's 20 preload threads. */
    public static final List<Integer> THREAD_COUNTS = OptionValues.defaultInts(StatWalkExperiment.FULL_THREADS);

    /** {@link #THREAD_COUNTS} as {@code --help} and the option take them. */
    static final String FULL_THREADS = "1,2,4,8,16,20";

    /** {@link #QUICK_THREAD_COUNTS} as {@code --help} and the option take them. */
    static final String QUICK_THREADS = "1,2,20";

    /**
     * Quick mode's: the two ends the study divides (1 thread beside serial git diff, 20 beside parallel) and this
     * machine's two cores. Each is a JVM per repeat, and the powers of two between feed only the scaling chart, which
     * full mode draws whole: the quick main job's six minutes cannot spare their fifteen JVMs.
     */
    public static final List<Integer> QUICK_THREAD_COUNTS = OptionValues.defaultInts(StatWalkExperiment.QUICK_THREADS);

    @Mixin
    TreeOptions treeOptions;

    @Option(
            names = "--repeats",
            paramLabel = "N",
            description = "Walks per thread count (default: quick " + QUICK_REPEATS + ", full " + FULL_REPEATS + ").")
    Integer repeats;

    @Option(
            names = "--threads",
            paramLabel = "N,N...",
            split = ",",
            description = "Thread counts to walk on (default: quick " + QUICK_THREADS + "; full " + FULL_THREADS + ").")
    List<Integer> threads;

    @Override
    public Integer call() {
        OptionValues.atLeast("--repeats", repeats, 1, 1);
        threadCounts(threads, lab.mode());
        KernelTree tree = treeOptions.open(lab);
        try (LabRun run = startRun(VfsSchemas.STUDY, EXPERIMENT)) {
            run(run, tree, repeats, threads, System.out);
        }
        return 0;
    }

    /** The thread counts asked for with {@code --threads}, else the mode's ({@link #QUICK_THREAD_COUNTS}, full's). */
    public static List<Integer> threadCounts(List<Integer> requested, Mode mode) {
        if (requested != null && !requested.isEmpty()) {
            return ThreadCounts.requested(requested);
        }
        return mode == Mode.FULL ? THREAD_COUNTS : QUICK_THREAD_COUNTS;
    }

    /** The two figures the study reports: Java walk / git diff elapsed, serial (1 thread) and parallel (20). */
    public record Ratios(double serial, double parallel) {}

    /**
     * One measured Java walk, a row of {@code stat-walk.csv} ({@link #ROW}), as the worker writes it and the experiment
     * reads it back.
     */
    record MeasuredWalk(
            int lookupThreads, int repeat, int paths, double wallS, double userS, double sysS, long mismatches) {}

    static final RowType<MeasuredWalk> ROW = RowType.of(VfsSchemas.STAT_WALK, MeasuredWalk.class);

    /** One git diff of the same repeats, a row of {@code stat-walk-git.csv} ({@link #GIT_ROW}). */
    record MeasuredGitDiff(String mode, int repeat, double elapsedS, double userS, double sysS) {}

    static final RowType<MeasuredGitDiff> GIT_ROW = RowType.of(VfsSchemas.STAT_WALK_GIT, MeasuredGitDiff.class);

    static int repeats(Mode mode) {
        return mode == Mode.FULL ? FULL_REPEATS : QUICK_REPEATS;
    }

    static final int QUICK_REPEATS = 5;
    static final int FULL_REPEATS = 30;

    /** What the time grows with: the entries walked over the repeats; for the plan of a mode not yet run here. */
    public static double work(Mode mode) {
        return (double) repeats(mode) * TreeOptions.entries(mode);
    }

    public static Ratios run(LabRun run, KernelTree tree, Integer repeatsOption, PrintStream out) {
        return run(run, tree, repeatsOption, null, out);
    }

    /**
     * Each repeat runs {@code git diff} in one mode, then one walk per thread count, each in a fresh JVM of its own
     * ({@link StatWalkWorker}, which says why), then {@code git diff} in the other mode. Even repeats go serial, 1
     * thread up to the most, parallel; odd ones the other way round: each git diff runs beside the walk the study
     * divides by it (serial beside 1 thread, parallel beside 20), moments apart, and drift does not favour one end. A
     * walk's figures are its wall time and its JVM's user and system CPU over the walk (JIT and GC threads included).
     */
    public static Ratios run(
            LabRun run, KernelTree tree, Integer repeatsOption, List<Integer> threadsOption, PrintStream out) {
        int repeats = OptionValues.atLeast("--repeats", repeatsOption, 1, repeats(run.mode()));
        List<Integer> counts = threadCounts(threadsOption, run.mode());
        run.peer("git", tree.git().requireInstalled());
        List<MeasuredWalk> walks = new ArrayList<>();
        List<MeasuredGitDiff> gitDiffs = new ArrayList<>();
        Path scratch = null;
        int paths;
        try (CsvResults csv = run.csv(VfsSchemas.STAT_WALK);
                CsvResults git = run.csv(VfsSchemas.STAT_WALK_GIT)) {
            scratch = Files.createTempDirectory("labbook-stat-walk");
            Path entries = scratch.resolve("entries");
            List<String> index = tree.entries();
            paths = index.size();
            StatWalkWorker.writeEntries(index, entries);
            try (ProgressBar bar = Progress.bar("stat-walk", (long) repeats * (counts.size() + 2), "walks")) {
                for (int r = 0; r < repeats; r++) {
                    int repeat = r;
                    List<String> modes = CachedGitDiff.modesInOrder(r);
                    List<Integer> order = new ArrayList<>(counts);
                    if (r % 2 == 1) {
                        Collections.reverse(order);
                    }
                    gitDiffs.add(gitDiff(tree, modes.get(0), repeat, git));
                    bar.step();
                    for (int t : order) {
                        MeasuredWalk w = StatWalkWorker.measure(
                                tree.dir(), entries, t, repeat, scratch.resolve("repeat-" + r + "-threads-" + t));
                        csv.row(ROW, w);
                        walks.add(w);
                        bar.step();
                    }
                    gitDiffs.add(gitDiff(tree, modes.get(1), repeat, git));
                    bar.step();
                }
            }
            csv.commit();
            git.commit();
        } catch (IOException e) {
            throw new LabException("cannot make a scratch folder for the walks (" + e.getMessage() + ")", e);
        } finally {
            if (scratch != null) {
                FileUtils.deleteQuietly(scratch.toFile()); // a temporary folder; the OS cleans /tmp
            }
        }
        return StatWalkPrintout.print(walks, gitDiffs, paths, out);
    }

    /** One cached git diff in {@code mode}, written as a row of {@code stat-walk-git.csv}. */
    private static MeasuredGitDiff gitDiff(KernelTree tree, String mode, int repeat, CsvResults git) {
        PeerResult g = CachedGitDiff.run(tree, mode);
        MeasuredGitDiff d = new MeasuredGitDiff(
                mode,
                repeat,
                g.time().wallSeconds(),
                g.time().userSeconds(),
                g.time().systemSeconds());
        git.row(GIT_ROW, d);
        return d;
    }
}
