package labbook.vfs.experiments.statwalk;

import static labbook.vfs.VfsSchemas.ELAPSED_S;
import static labbook.vfs.VfsSchemas.MISMATCHES;
import static labbook.vfs.VfsSchemas.MODE;
import static labbook.vfs.VfsSchemas.PATHS;
import static labbook.vfs.VfsSchemas.REPEAT;
import static labbook.vfs.VfsSchemas.SYS_S;
import static labbook.vfs.VfsSchemas.THREADS;
import static labbook.vfs.VfsSchemas.USER_S;
import static labbook.vfs.VfsSchemas.WALL_S;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.LabRun;
import labbook.core.Measurement;
import labbook.core.Mode;
import labbook.core.OptionValues;
import labbook.core.PeerResult;
import labbook.core.Progress;
import labbook.vfs.VfsSchemas;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.experiments.TreeOptions;
import labbook.vfs.tree.KernelTree;
import me.tongfei.progressbar.ProgressBar;
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
 * repeats, {@code git diff} itself, serial and parallel, for the ratio Java walk elapsed / git diff elapsed.
 *
 * <p><b>Run.</b> {@code ./labbook vfs stat-walk --quick} (quick: 5 repeats on the quick tree; {@code --full}: 30 on the
 * full tree). {@code --repeats N} overrides; {@code --tree DIR} runs on another tree.
 */
@Command(
        name = "stat-walk",
        description = "One lstat per index entry from Java, as git's preload does, on 1, 2, 4, ... 20 threads; "
                + "beside git diff.")
public final class StatWalkExperiment extends ExperimentCommand {
    public static final String EXPERIMENT = VfsSchemas.STAT_WALK.experiment();
    /** The thread counts of every repeat: one, powers of two, and git's 20 preload threads. */
    public static final List<Integer> THREAD_COUNTS = List.of(1, 2, 4, 8, 16, 20);

    @Mixin
    TreeOptions treeOptions;

    @Option(names = "--repeats", paramLabel = "N", description = "Walks per thread count (default: quick 5, full 30).")
    Integer repeats;

    @Override
    public Integer call() {
        OptionValues.atLeast("--repeats", repeats, 1, 1);
        KernelTree tree = treeOptions.open(lab);
        try (LabRun run = LabRun.start(lab, VfsSchemas.STUDY, EXPERIMENT, treeOptions.rerun("--repeats", repeats))) {
            run(run, tree, repeats, System.out);
        }
        return 0;
    }

    /** The two figures the study reports: Java walk / git diff elapsed, serial (1 thread) and parallel (20). */
    public record Ratios(double serial, double parallel) {}

    /** One measured Java walk, as a row of {@code stat-walk.csv} holds it. */
    record MeasuredWalk(int threads, double wallS, double userS, double sysS) {}

    /** One git diff of the same repeats, as a row of {@code stat-walk-git.csv} holds it. */
    record MeasuredGitDiff(String mode, double elapsedS) {}

    /**
     * Each repeat runs {@code git diff} in both modes, then one walk per thread count. A walk's figures are its wall
     * time and this process's user and system CPU ({@code /proc/self/stat}, 10 ms ticks; JIT and GC threads included).
     */
    static int repeats(Mode mode) {
        return mode == Mode.FULL ? 30 : 5;
    }

    /** What the time grows with: the entries walked over the repeats; for the plan of a mode not yet run here. */
    public static double work(Mode mode) {
        return (double) repeats(mode) * TreeOptions.entries(mode);
    }

    public static Ratios run(LabRun run, KernelTree tree, Integer repeatsOption, PrintStream out) {
        int repeats = OptionValues.atLeast("--repeats", repeatsOption, 1, repeats(run.mode()));
        run.peer("git", tree.git().requireInstalled());
        PreloadWalk preload = PreloadWalk.of(tree.dir(), tree.entries());
        List<MeasuredWalk> walks = new ArrayList<>();
        List<MeasuredGitDiff> gitDiffs = new ArrayList<>();
        try (CsvResults csv = run.csv(VfsSchemas.STAT_WALK);
                CsvResults git = run.csv(VfsSchemas.STAT_WALK_GIT)) {
            // warm-up: the walk compiled and the tree's dentries cached before the first measured walk
            for (int w = 0; w < 3; w++) {
                preload.walk(1);
            }
            for (int t : THREAD_COUNTS) {
                preload.walk(t);
            }
            try (ProgressBar bar = Progress.bar("stat-walk", (long) repeats * (THREAD_COUNTS.size() + 2), "walks")) {
                for (int r = 0; r < repeats; r++) {
                    int repeat = r;
                    for (String mode : CachedGitDiff.modesInOrder(r)) {
                        PeerResult g = CachedGitDiff.run(tree, mode);
                        git.row(row -> row.set(MODE, mode)
                                .set(REPEAT, repeat)
                                .set(ELAPSED_S, g.time().wallSeconds())
                                .set(USER_S, g.time().userSeconds())
                                .set(SYS_S, g.time().systemSeconds()));
                        gitDiffs.add(new MeasuredGitDiff(mode, g.time().wallSeconds()));
                        bar.step();
                    }
                    // alternate the order of thread counts, so drift does not favour one end
                    List<Integer> order = new ArrayList<>(THREAD_COUNTS);
                    if (r % 2 == 1) {
                        Collections.reverse(order);
                    }
                    for (int t : order) {
                        long[] mismatches = new long[1];
                        Measurement m = Measurement.of(() -> mismatches[0] = preload.walk(t));
                        csv.row(row -> row.set(THREADS, t)
                                .set(REPEAT, repeat)
                                .set(PATHS, preload.paths())
                                .set(WALL_S, m.wallSeconds())
                                .set(USER_S, m.userSeconds())
                                .set(SYS_S, m.systemSeconds())
                                .set(MISMATCHES, mismatches[0]));
                        walks.add(new MeasuredWalk(t, m.wallSeconds(), m.userSeconds(), m.systemSeconds()));
                        bar.step();
                    }
                }
            }
            csv.commit();
            git.commit();
        }
        return StatWalkPrintout.print(walks, gitDiffs, preload.paths(), out);
    }
}
