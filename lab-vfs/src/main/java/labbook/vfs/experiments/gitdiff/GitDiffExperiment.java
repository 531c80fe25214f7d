package labbook.vfs.experiments.gitdiff;

import static labbook.vfs.VfsResults.CPU_PCT;
import static labbook.vfs.VfsResults.ELAPSED_S;
import static labbook.vfs.VfsResults.LOOP;
import static labbook.vfs.VfsResults.MODE;
import static labbook.vfs.VfsResults.PRELOAD_THREADS;
import static labbook.vfs.VfsResults.RUNS;
import static labbook.vfs.VfsResults.SYS_S;
import static labbook.vfs.VfsResults.TREE_ENTRIES;
import static labbook.vfs.VfsResults.USER_S;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.OptionValues;
import labbook.core.PeerResult;
import labbook.core.Progress;
import labbook.core.Summary;
import labbook.vfs.VfsResults;
import labbook.vfs.VfsSeeds;
import labbook.vfs.experiments.TreeOptions;
import labbook.vfs.tree.KernelManifest;
import labbook.vfs.tree.KernelTree;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * git-diff: the seed's own workload, a cached {@code git diff} over a clean kernel tree.
 *
 * <p><b>The question.</b> Piggin, 2009: "a cached git diff workload in a linux kernel tree. I
 * actually ran it in a loop 100 times [...] then I ran parallel and serial configs
 * (PreloadIndex = true/false)": on 2.6.32-rc3 the parallel run cut elapsed time from 12.47 s to
 * 9.41 s but raised system time from 7.12 s to 17.69 s, because every lstat of every preload
 * thread stored to the shared ancestors' dentries; with store-free path walking parallel took
 * 6.82 s and 0.68 s of system time. Today's kernels walk store-free (RCU-walk since 2.6.38): does
 * the parallel run still pay in system time here?
 *
 * <p><b>Baseline.</b> {@code core.preloadIndex=false}: one thread lstats every index entry (78,635
 * on the full tree, 19,659 on quick mode's quarter of it).
 * <b>Variant.</b> {@code core.preloadIndex=true}: git's preload-index (preload-index.c) splits the
 * index into contiguous slices, one thread per 500 entries, at least 2 and at most 20 (20 on both
 * trees), that lstat their slices in parallel and mark the entries whose stat data match; the
 * main loop then skips them.
 *
 * <p><b>Method.</b> The tree is clean (checked before and after), so {@code git diff} reads the
 * index, lstats every entry and prints nothing. git runs with the pinned configuration of
 * {@link labbook.vfs.peer.Git} through lab-core's {@code Peer}, which measures each process's own
 * user and system CPU (rusage). After warm-up runs of both modes, each loop runs {@code git diff}
 * {@code runs} times in one mode and then in the other, the order alternating from loop to loop so
 * drift on the shared machine falls on both alike. A loop's figures are the sums over its runs, as
 * the seed's {@code time} of a 100-run loop; the printout scales them to 100 runs.
 *
 * <p><b>Run.</b> {@code ./labbook vfs git-diff --quick} (quick: 5 loops of 6 runs per mode on the
 * quick tree, a few seconds; {@code --full}: 10 loops of 100, the seed's loop, on the full tree).
 * {@code --loops N --runs N} override; {@code --tree DIR} runs on another tree.
 *
 * <p><b>CSV</b> {@code git-diff.csv}, one row per loop and mode: {@link VfsResults#GIT_DIFF}.
 */
@Command(name = "git-diff", mixinStandardHelpOptions = true,
        description = "The seed's workload: git diff on a clean kernel tree, core.preloadIndex false vs true.")
public final class GitDiffExperiment implements Callable<Integer> {
    public static final String EXPERIMENT = VfsResults.GIT_DIFF.experiment();

    @Mixin
    LabOptions lab;
    @Mixin
    TreeOptions treeOptions;

    @Option(names = "--loops", paramLabel = "N", description = "Loops per mode (default: quick 5, full 10).")
    Integer loops;

    @Option(names = "--runs", paramLabel = "N", description = "git diff runs per loop (default: quick 6, full 100).")
    Integer runs;

    /** One loop's sums. */
    public record Loop(String mode, int loop, int runs, double userS, double sysS, double elapsedS) {
        double cpuPct() {
            return elapsedS == 0 ? 0 : 100 * (userS + sysS) / elapsedS;
        }
    }

    @Override
    public Integer call() {
        OptionValues.atLeast("--loops", loops, 1, 1);
        OptionValues.atLeast("--runs", runs, 1, 1);
        KernelTree tree = treeOptions.open(lab);
        try (LabRun run = LabRun.start(lab, VfsResults.STUDY, EXPERIMENT,
                OptionValues.rerun("--loops", loops, "--runs", runs, "--tree", treeOptions.tree(), "--git", treeOptions.gitOption()))) {
            run(run, tree, loops, runs, System.out);
        }
        return 0;
    }

    public static List<Loop> run(LabRun run, KernelTree tree, Integer loopsOption, Integer runsOption, PrintStream out) {
        boolean full = run.mode() == Mode.FULL;
        int loops = OptionValues.atLeast("--loops", loopsOption, 1, full ? 10 : 5);
        int runs = OptionValues.atLeast("--runs", runsOption, 1, full ? 100 : 6);
        int warmup = Math.max(2, runs / 4);
        run.peer("git", tree.git().requireInstalled());
        int entries = tree.entries().size();
        int preloadThreads = preloadThreads(entries);
        List<Loop> results = new ArrayList<>();
        try (CsvResults csv = run.csv(VfsResults.GIT_DIFF)) {
            try (ProgressBar bar = Progress.bar("git-diff", (long) 2 * (warmup + (long) loops * runs), "runs")) {
                for (String mode : List.of("serial", "parallel")) {
                    loop(tree, mode, -1, warmup, bar);
                }
                for (int l = 0; l < loops; l++) {
                    List<String> order = l % 2 == 0 ? List.of("serial", "parallel") : List.of("parallel", "serial");
                    for (String mode : order) {
                        Loop loop = loop(tree, mode, l, runs, bar);
                        results.add(loop);
                        int threads = mode.equals("serial") ? 0 : preloadThreads;
                        csv.row(r -> r.set(MODE, loop.mode).set(LOOP, loop.loop).set(RUNS, loop.runs)
                                .set(USER_S, loop.userS).set(SYS_S, loop.sysS).set(ELAPSED_S, loop.elapsedS)
                                .set(CPU_PCT, loop.cpuPct()).set(TREE_ENTRIES, entries).set(PRELOAD_THREADS, threads));
                    }
                }
            }
            tree.requireClean();
            csv.commit();
        }
        print(results, runs, entries, preloadThreads, out);
        return results;
    }

    /** preload-index.c: one thread per 500 entries, at least 2, at most 20. */
    static int preloadThreads(int entries) {
        return Math.max(2, Math.min(20, entries / 500));
    }

    private static Loop loop(KernelTree tree, String mode, int index, int runs, ProgressBar bar) {
        // sums in nanoseconds: CPU comes in whole 10 ms ticks, and stays exact that way
        long user = 0;
        long sys = 0;
        long wall = 0;
        List<String> config = List.of("core.preloadIndex=" + mode.equals("parallel"));
        for (int i = 0; i < runs; i++) {
            PeerResult r = tree.git().start(tree.git().command(tree.dir(), config, "diff"));
            if (!r.ok()) {
                throw new LabException("git diff failed in " + tree.dir() + " (exit " + r.exitCode() + "): "
                        + r.stderr().lines().findFirst().orElse("no message"));
            }
            user += r.time().cpu().userNanos();
            sys += r.time().cpu().systemNanos();
            wall += r.time().wallNanos();
            bar.step();
        }
        return new Loop(mode, index, runs, user / 1e9, sys / 1e9, wall / 1e9);
    }

    /** Medians over loops, scaled to the seed's 100 runs, beside the seed's table and Axboe's normalisation. */
    static void print(List<Loop> loops, int runs, int entries, int preloadThreads, PrintStream out) {
        Summary[] serial = summaries(loops, "serial", runs);
        Summary[] parallel = summaries(loops, "parallel", runs);
        out.printf(Locale.ROOT, "%ngit diff on a clean tree of %,d entries (preload: %d threads), per 100 runs: "
                + "medians of %d loops of %d runs (IQR of elapsed)%n", entries, preloadThreads, serial[0].n(), runs);
        if (entries < KernelManifest.KERNEL_ENTRIES * 0.9) {
            out.printf(Locale.ROOT, "(%.0f%% of the kernel's %,d entries: compare ratios with the seed, not seconds)%n",
                    100.0 * entries / KernelManifest.KERNEL_ENTRIES, KernelManifest.KERNEL_ENTRIES);
        }
        List<VfsSeeds.Figures> piggin = VfsSeeds.piggin();
        ConsoleTable t = new ConsoleTable("configuration", "user_s", "sys_s", "elapsed_s", "cpu_pct", "source");
        for (VfsSeeds.Figures s : piggin) {
            t.row(s.config(), f2(s.user()), f2(s.sys()), f2(s.real()), String.format(Locale.ROOT, "%.0f%%", s.cpuPct()),
                    "seed (Piggin, 2009)");
        }
        String kernel = System.getProperty("os.version");
        t.row(kernel + " serial", f2(serial[0].median()), f2(serial[1].median()), f2(serial[2].median())
                + " (" + f2(serial[2].q1()) + "-" + f2(serial[2].q3()) + ")", pct(serial), "measured here");
        t.row(kernel + " parallel", f2(parallel[0].median()), f2(parallel[1].median()), f2(parallel[2].median())
                + " (" + f2(parallel[2].q1()) + "-" + f2(parallel[2].q3()) + ")", pct(parallel), "measured here");
        t.print(out);

        out.printf("%nAxboe's normalisation (each run's serial = 1.00; smaller is faster)%n");
        ConsoleTable n = new ConsoleTable("configuration", "real", "user", "sys", "source");
        for (VfsSeeds.Figures s : VfsSeeds.axboe()) {
            n.row(s.config(), f2(s.real()), f2(s.user()), f2(s.sys()), "seed (Axboe's machine)");
        }
        VfsSeeds.Figures base = VfsSeeds.find(piggin, "2.6.32-rc3", "serial");
        VfsSeeds.Figures oldParallel = VfsSeeds.find(piggin, "2.6.32-rc3", "parallel");
        for (VfsSeeds.Figures s : piggin) {
            n.row(s.config(), f2(s.real() / base.real()), f2(s.user() / base.user()), f2(s.sys() / base.sys()),
                    "seed (Piggin's figures)");
        }
        n.row(kernel + " serial", "1.00", "1.00", "1.00", "measured here");
        n.row(kernel + " parallel", f2(parallel[2].median() / serial[2].median()), f2(parallel[0].median() / serial[0].median()),
                f2(parallel[1].median() / serial[1].median()), "measured here");
        n.print(out);
        out.printf(Locale.ROOT, "parallel / serial here: real %.2f, sys %.2f (2009, Piggin: real %.2f, sys %.2f)%n",
                parallel[2].median() / serial[2].median(), parallel[1].median() / serial[1].median(),
                oldParallel.real() / base.real(), oldParallel.sys() / base.sys());
    }

    private static Summary[] summaries(List<Loop> loops, String mode, int runs) {
        double scale = 100.0 / runs;
        List<Loop> m = loops.stream().filter(l -> l.mode.equals(mode)).toList();
        return new Summary[] {
            Summary.of(m.stream().mapToDouble(l -> l.userS * scale).toArray()),
            Summary.of(m.stream().mapToDouble(l -> l.sysS * scale).toArray()),
            Summary.of(m.stream().mapToDouble(l -> l.elapsedS * scale).toArray()),
            Summary.of(m.stream().mapToDouble(Loop::cpuPct).toArray()),
        };
    }

    private static String pct(Summary[] s) {
        return String.format(Locale.ROOT, "%.0f%%", s[3].median());
    }

    static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
