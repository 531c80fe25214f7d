package labbook.vfs.experiments.gitdiff;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import labbook.core.ConsoleTable;
import labbook.core.Summary;
import labbook.vfs.VfsSeeds;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.experiments.gitdiff.GitDiffExperiment.Loop;
import labbook.vfs.tree.KernelManifest;

/**
 * What git-diff prints from its loops: medians over the loops, scaled to the seed's 100 runs, beside Piggin's table,
 * then every configuration in Axboe's normalisation (serial = 1.00).
 */
final class GitDiffPrintout {
    private GitDiffPrintout() {}

    static void print(List<Loop> loops, int runs, int entries, int preloadThreads, PrintStream out) {
        Summary[] serial = summaries(loops, CachedGitDiff.SERIAL, runs);
        Summary[] parallel = summaries(loops, CachedGitDiff.PARALLEL, runs);
        out.printf(
                Locale.ROOT,
                "%ngit diff on a clean tree of %,d entries (preload: %d threads), per 100 runs: "
                        + "medians of %d loops of %d runs (IQR of elapsed)%n",
                entries,
                preloadThreads,
                serial[0].n(),
                runs);
        if (entries < KernelManifest.KERNEL_ENTRIES * 0.9) {
            out.printf(
                    Locale.ROOT,
                    "(%.0f%% of the kernel's %,d entries: compare ratios with the seed, not seconds)%n",
                    100.0 * entries / KernelManifest.KERNEL_ENTRIES,
                    KernelManifest.KERNEL_ENTRIES);
        }
        List<VfsSeeds.Figures> piggin = VfsSeeds.piggin();
        ConsoleTable t = new ConsoleTable("configuration", "user_s", "sys_s", "elapsed_s", "cpu_pct", "source");
        for (VfsSeeds.Figures s : piggin) {
            t.row(
                    s.config(),
                    f2(s.user()),
                    f2(s.sys()),
                    f2(s.real()),
                    String.format(Locale.ROOT, "%.0f%%", s.cpuPct()),
                    "seed (Piggin, 2009)");
        }
        String kernel = System.getProperty("os.version");
        t.row(
                kernel + " serial",
                f2(serial[0].median()),
                f2(serial[1].median()),
                f2(serial[2].median()) + " (" + f2(serial[2].q1()) + "-" + f2(serial[2].q3()) + ")",
                pct(serial),
                "measured here");
        t.row(
                kernel + " parallel",
                f2(parallel[0].median()),
                f2(parallel[1].median()),
                f2(parallel[2].median()) + " (" + f2(parallel[2].q1()) + "-" + f2(parallel[2].q3()) + ")",
                pct(parallel),
                "measured here");
        t.print(out);

        out.printf("%nAxboe's normalisation (each run's serial = 1.00; smaller is faster)%n");
        ConsoleTable n = new ConsoleTable("configuration", "real", "user", "sys", "source");
        for (VfsSeeds.Figures s : VfsSeeds.axboe()) {
            n.row(s.config(), f2(s.real()), f2(s.user()), f2(s.sys()), "seed (Axboe's machine)");
        }
        VfsSeeds.Figures base = VfsSeeds.find(piggin, VfsSeeds.STOCK_KERNEL, CachedGitDiff.SERIAL);
        VfsSeeds.Figures oldParallel = VfsSeeds.find(piggin, VfsSeeds.STOCK_KERNEL, CachedGitDiff.PARALLEL);
        for (VfsSeeds.Figures s : piggin) {
            n.row(
                    s.config(),
                    f2(s.real() / base.real()),
                    f2(s.user() / base.user()),
                    f2(s.sys() / base.sys()),
                    "seed (Piggin's figures)");
        }
        n.row(kernel + " serial", "1.00", "1.00", "1.00", "measured here");
        n.row(
                kernel + " parallel",
                f2(parallel[2].median() / serial[2].median()),
                f2(parallel[0].median() / serial[0].median()),
                f2(parallel[1].median() / serial[1].median()),
                "measured here");
        n.print(out);
        out.printf(
                Locale.ROOT,
                "parallel / serial here: real %.2f, sys %.2f (2009, Piggin: real %.2f, sys %.2f)%n",
                parallel[2].median() / serial[2].median(),
                parallel[1].median() / serial[1].median(),
                oldParallel.real() / base.real(),
                oldParallel.sys() / base.sys());
    }

    /** User, system and elapsed seconds per 100 runs, and %CPU, of {@code mode}'s loops. */
    private static Summary[] summaries(List<Loop> loops, String mode, int runs) {
        double scale = 100.0 / runs;
        List<Loop> m = loops.stream().filter(l -> l.mode().equals(mode)).toList();
        return new Summary[] {
            Summary.of(m.stream().mapToDouble(l -> l.loopUserS() * scale).toArray()),
            Summary.of(m.stream().mapToDouble(l -> l.loopSysS() * scale).toArray()),
            Summary.of(m.stream().mapToDouble(l -> l.loopElapsedS() * scale).toArray()),
            Summary.of(m.stream().mapToDouble(Loop::cpuPct).toArray()),
        };
    }

    private static String pct(Summary[] s) {
        return String.format(Locale.ROOT, "%.0f%%", s[3].median());
    }

    private static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
