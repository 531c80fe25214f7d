package labbook.vfs.experiments.gitdiff;

import static labbook.vfs.VfsSchemas.LOOP;
import static labbook.vfs.VfsSchemas.MODE;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import labbook.core.CsvJournal;
import labbook.core.ExperimentCommand;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.OptionValues;
import labbook.core.PeerResult;
import labbook.core.Progress;
import labbook.core.RowType;
import labbook.vfs.VfsSchemas;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.experiments.TreeOptions;
import labbook.vfs.tree.KernelTree;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * git-diff: the seed's own workload, a cached {@code git diff} over a clean kernel tree.
 *
 * <p><b>The question.</b> Piggin, 2009: "a cached git diff workload in a linux kernel tree. I actually ran it in a loop
 * 100 times [...] then I ran parallel and serial configs (PreloadIndex = true/false)": on 2.6.32-rc3 the parallel run
 * cut elapsed time from 12.47 s to 9.41 s but raised system time from 7.12 s to 17.69 s, because every lstat of every
 * preload thread stored to the shared ancestors' dentries; with store-free path walking parallel took 6.82 s and 0.68 s
 * of system time. Today's kernels walk store-free (RCU-walk since 2.6.38): does the parallel run still pay in system
 * time here?
 *
 * <p><b>Baseline.</b> {@code core.preloadIndex=false}: one thread lstats every index entry (78,635 on the full tree,
 * 19,659 on quick mode's quarter of it).
 *
 * <p><b>Variant.</b> {@code core.preloadIndex=true}: git's preload-index (preload-index.c) splits the index into
 * contiguous slices, one thread per 500 entries, at least 2 and at most 20 (20 on both trees), that lstat their slices
 * in parallel and mark the entries whose stat data match; the main loop then skips them.
 *
 * <p><b>Run.</b> {@code ./labbook vfs git-diff --quick} (quick: 5 loops of 6 runs per mode on the quick tree;
 * {@code --full}: 6 loops of 100, the seed's loop, on the full tree). {@code --loops N --runs N} override;
 * {@code --tree DIR} runs on another tree.
 */
@Command(
        name = "git-diff",
        description = "The seed's workload: git diff on a clean kernel tree, core.preloadIndex false vs true.")
public final class GitDiffExperiment extends ExperimentCommand {
    public static final String EXPERIMENT = VfsSchemas.GIT_DIFF.experiment();

    @Mixin
    TreeOptions treeOptions;

    @Option(
            names = "--loops",
            paramLabel = "N",
            description = "Loops per mode (default: quick " + QUICK_LOOPS + ", full " + FULL_LOOPS + ").")
    Integer loops;

    @Option(
            names = "--runs",
            paramLabel = "N",
            description = "git diff runs per loop (default: quick " + QUICK_RUNS + ", full " + FULL_RUNS + ").")
    Integer runs;

    /**
     * One row of git-diff.csv ({@link VfsSchemas#GIT_DIFF}, bound by {@link #ROW}): a loop of {@code runs} git diffs in
     * {@code mode} on a tree of {@code entries}, their CPU and elapsed times summed, as the seed's {@code time} of a
     * 100-run loop.
     */
    public record Loop(
            String mode,
            int loop,
            int runs,
            double loopUserS,
            double loopSysS,
            double loopElapsedS,
            double cpuPct,
            int entries,
            int preloadThreads) {
        Loop(String mode, int loop, int runs, double userS, double sysS, double elapsedS, int entries, int threads) {
            this(mode, loop, runs, userS, sysS, elapsedS, cpuPct(userS, sysS, elapsedS), entries, threads);
        }

        private static double cpuPct(double userS, double sysS, double elapsedS) {
            return elapsedS == 0 ? 0 : 100 * (userS + sysS) / elapsedS;
        }
    }

    /** git-diff.csv's rows, as the experiment writes them and the report reads them. */
    public static final RowType<Loop> ROW = RowType.of(VfsSchemas.GIT_DIFF, Loop.class);

    @Override
    public Integer call() {
        OptionValues.atLeast("--loops", loops, 1, 1);
        OptionValues.atLeast("--runs", runs, 1, 1);
        KernelTree tree = treeOptions.open(lab);
        try (LabRun run = startRun(VfsSchemas.STUDY, EXPERIMENT)) {
            run(run, tree, loops, runs, System.out);
        }
        return 0;
    }

    /** Loops per mode: full 6, enough for a median and its quartiles over the seed's 100-run loop; quick 5. */
    static int loops(Mode mode) {
        return mode == Mode.FULL ? FULL_LOOPS : QUICK_LOOPS;
    }

    static final int QUICK_LOOPS = 5;
    static final int FULL_LOOPS = 6;

    /** Runs per loop: the seed's 100 in full mode, 6 in quick. */
    static int runs(Mode mode) {
        return mode == Mode.FULL ? FULL_RUNS : QUICK_RUNS;
    }

    static final int QUICK_RUNS = 6;
    static final int FULL_RUNS = 100;

    /**
     * What the time grows with: the entries each timed or warm-up run lstats, in both modes of git; for the plan of a
     * mode not yet run here.
     */
    public static double work(Mode mode) {
        int runs = runs(mode);
        return 2.0 * (loops(mode) * runs + Math.max(2, runs / 4)) * TreeOptions.entries(mode);
    }

    /**
     * Warm-up runs of both modes, then one loop after another, each running {@code git diff} a number of times in one
     * mode and then in the other; one CSV row per loop and mode. The tree is clean (checked before and after), so
     * {@code git diff} reads the index, lstats every entry and prints nothing.
     */
    public static List<Loop> run(
            LabRun run, KernelTree tree, Integer loopsOption, Integer runsOption, PrintStream out) {
        int loops = OptionValues.atLeast("--loops", loopsOption, 1, loops(run.mode()));
        int runs = OptionValues.atLeast("--runs", runsOption, 1, runs(run.mode()));
        int warmup = Math.max(2, runs / 4);
        run.peer("git", tree.git().requireInstalled());
        int entries = tree.entries().size();
        int preloadThreads = preloadThreads(entries);
        List<Loop> results = new ArrayList<>();
        // a loop is a step: its row reaches the disk when it ends, and --resume goes on from the next one
        try (CsvJournal csv = run.journal(VfsSchemas.GIT_DIFF)) {
            results.addAll(csv.kept(ROW));
            if (!results.isEmpty()) {
                out.printf(
                        "git-diff: resuming after %d loop(s) of %d a run before measured%n", results.size(), 2 * loops);
            }
            long todo = 2L * loops - results.size();
            try (ProgressBar bar = Progress.bar("git-diff", 2L * warmup + todo * runs, "runs")) {
                for (String mode : CachedGitDiff.modesInOrder(0)) {
                    loop(tree, mode, -1, warmup, entries, 0, bar); // the warm-up: timed, not written
                }
                for (int l = 0; l < loops; l++) {
                    for (String mode : CachedGitDiff.modesInOrder(l)) {
                        if (csv.keptHas(Map.of(MODE, mode, LOOP, l))) {
                            continue;
                        }
                        int threads = mode.equals(CachedGitDiff.SERIAL) ? 0 : preloadThreads;
                        Loop loop = loop(tree, mode, l, runs, entries, threads, bar);
                        results.add(loop);
                        csv.row(ROW, loop);
                        csv.checkpoint();
                    }
                }
            }
            tree.requireClean();
            csv.commit();
        }
        GitDiffPrintout.print(results, runs, entries, preloadThreads, out);
        return results;
    }

    /** preload-index.c: one thread per 500 entries, at least 2, at most 20. */
    public static int preloadThreads(int entries) {
        return Math.max(2, Math.min(20, entries / 500));
    }

    /** {@code runs} git diffs in {@code mode}, their CPU and elapsed times summed. */
    private static Loop loop(
            KernelTree tree, String mode, int index, int runs, int entries, int preloadThreads, ProgressBar bar) {
        // sums in nanoseconds: each run's CPU comes in whole microseconds, and stays exact that way
        long user = 0;
        long sys = 0;
        long wall = 0;
        for (int i = 0; i < runs; i++) {
            PeerResult r = CachedGitDiff.run(tree, mode);
            user += r.time().cpu().userNanos();
            sys += r.time().cpu().systemNanos();
            wall += r.time().wallNanos();
            bar.step();
        }
        return new Loop(mode, index, runs, user / 1e9, sys / 1e9, wall / 1e9, entries, preloadThreads);
    }
}
