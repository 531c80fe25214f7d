package labbook.vfs;

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
import labbook.core.PeerResult;
import labbook.core.Progress;
import labbook.core.Summary;
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
 * <p><b>Baseline.</b> {@code core.preloadIndex=false}: one thread lstats all 78,635 index entries.
 * <b>Variant.</b> {@code core.preloadIndex=true}: git's preload-index splits the index among up to
 * 20 threads (entries / 500, at most 20) that lstat their slices in parallel.
 *
 * <p><b>Method.</b> The tree is clean (checked before and after), git runs with the pinned
 * configuration of shared/design/vfs-facts.md through lab-core's {@code Peer}, which measures each
 * process's own user and system CPU (rusage, 10 ms ticks). After warm-up runs of both modes, each
 * loop runs {@code git diff} {@code runs} times in one mode and then in the other, the order
 * alternating from loop to loop so drift on the shared machine falls on both alike. A loop's
 * figures are the sums over its runs, as the seed's {@code time} of a 100-run loop.
 *
 * <p><b>Run.</b> {@code mvn -q -pl lab-vfs exec:java -Dexec.args="git-diff --quick"} (quick: 5 loops
 * of 20 runs per mode; {@code --full}: 10 loops of 100, the seed's loop).
 *
 * <p><b>CSV</b> {@code git-diff.csv}, one row per loop and mode:
 * {@code mode} (serial|parallel), {@code loop} (0-based), {@code runs} (git diff runs in the loop),
 * {@code user_s}, {@code sys_s}, {@code elapsed_s} (sums over the loop's runs, seconds),
 * {@code cpu_pct} (100 x (user + sys) / elapsed), {@code entries} (index entries of the tree),
 * {@code preload_threads} (threads git's preload would use: 0 for serial).
 */
@Command(name = "git-diff", mixinStandardHelpOptions = true,
        description = "The seed's workload: git diff on a clean kernel tree, core.preloadIndex false vs true.")
public final class GitDiffExperiment implements Callable<Integer> {
    public static final String EXPERIMENT = "git-diff";
    static final List<String> COLUMNS = List.of("mode", "loop", "runs", "user_s", "sys_s", "elapsed_s", "cpu_pct",
            "entries", "preload_threads");

    @Mixin
    LabOptions lab;
    @Mixin
    TreeOptions treeOptions;

    @Option(names = "--loops", paramLabel = "N", description = "Loops per mode (default: quick 5, full 10).")
    Integer loops;

    @Option(names = "--runs", paramLabel = "N", description = "git diff runs per loop (default: quick 20, full 100).")
    Integer runs;

    /** One loop's sums. */
    record Loop(String mode, int loop, int runs, double userS, double sysS, double elapsedS) {
        double cpuPct() {
            return elapsedS == 0 ? 0 : 100 * (userS + sysS) / elapsedS;
        }
    }

    @Override
    public Integer call() {
        KernelTree tree = treeOptions.open(lab);
        try (LabRun run = LabRun.start(lab, "vfs", EXPERIMENT)) {
            run(run, tree, loops, runs, System.out);
        }
        return 0;
    }

    static List<Loop> run(LabRun run, KernelTree tree, Integer loopsOption, Integer runsOption, PrintStream out) {
        boolean full = run.mode() == Mode.FULL;
        int loops = positive("--loops", loopsOption, full ? 10 : 5);
        int runs = positive("--runs", runsOption, full ? 100 : 20);
        int warmup = Math.max(2, runs / 4);
        run.peer("git", tree.git().requireInstalled());
        int entries = tree.entries().size();
        int preloadThreads = preloadThreads(entries);
        List<Loop> results = new ArrayList<>();
        try (CsvResults csv = run.csv(EXPERIMENT, COLUMNS)) {
            try (ProgressBar bar = Progress.bar("git-diff", (long) 2 * (warmup + (long) loops * runs), "runs")) {
                for (String mode : List.of("serial", "parallel")) {
                    loop(tree, mode, -1, warmup, bar);
                }
                for (int l = 0; l < loops; l++) {
                    List<String> order = l % 2 == 0 ? List.of("serial", "parallel") : List.of("parallel", "serial");
                    for (String mode : order) {
                        Loop loop = loop(tree, mode, l, runs, bar);
                        results.add(loop);
                        csv.row(mode, l, runs, loop.userS, loop.sysS, loop.elapsedS, loop.cpuPct(), entries,
                                mode.equals("serial") ? 0 : preloadThreads);
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

    private static int positive(String option, Integer value, int fallback) {
        if (value == null) {
            return fallback;
        }
        if (value < 1) {
            throw new LabException(option + " must be at least 1, not " + value);
        }
        return value;
    }

    /** Medians over loops, scaled to the seed's 100 runs, beside the seed's table and Axboe's normalisation. */
    static void print(List<Loop> loops, int runs, int entries, int preloadThreads, PrintStream out) {
        Summary[] serial = summaries(loops, "serial", runs);
        Summary[] parallel = summaries(loops, "parallel", runs);
        out.printf(Locale.ROOT, "%ngit diff on a clean tree of %,d entries (preload: %d threads), per 100 runs: "
                + "medians of %d loops of %d runs (IQR of elapsed)%n", entries, preloadThreads, serial[0].n(), runs);
        ConsoleTable t = new ConsoleTable("configuration", "user_s", "sys_s", "elapsed_s", "cpu_pct", "source");
        for (SeedFigures s : SeedFigures.of("piggin")) {
            t.row(s.config(), f2(s.userS()), f2(s.sysS()), f2(s.elapsedS()), String.format(Locale.ROOT, "%.0f%%", s.cpuPct()),
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
        for (SeedFigures s : SeedFigures.of("axboe")) {
            n.row(s.config(), f2(s.elapsedS()), f2(s.userS()), f2(s.sysS()), "seed (Axboe's machine)");
        }
        List<SeedFigures> piggin = SeedFigures.of("piggin");
        SeedFigures base = piggin.get(0);
        for (SeedFigures s : piggin) {
            n.row(s.config(), f2(s.elapsedS() / base.elapsedS()), f2(s.userS() / base.userS()), f2(s.sysS() / base.sysS()),
                    "seed (Piggin's figures)");
        }
        n.row(kernel + " serial", "1.00", "1.00", "1.00", "measured here");
        n.row(kernel + " parallel", f2(parallel[2].median() / serial[2].median()), f2(parallel[0].median() / serial[0].median()),
                f2(parallel[1].median() / serial[1].median()), "measured here");
        n.print(out);
        out.printf(Locale.ROOT, "parallel / serial here: real %.2f, sys %.2f (2009, Piggin: real %.2f, sys %.2f)%n",
                parallel[2].median() / serial[2].median(), parallel[1].median() / serial[1].median(),
                piggin.get(1).elapsedS() / base.elapsedS(), piggin.get(1).sysS() / base.sysS());
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
