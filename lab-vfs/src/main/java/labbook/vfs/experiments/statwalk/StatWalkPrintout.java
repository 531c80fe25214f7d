package labbook.vfs.experiments.statwalk;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import labbook.core.ConsoleTable;
import labbook.core.Summary;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.experiments.statwalk.StatWalkExperiment.MeasuredGitDiff;
import labbook.vfs.experiments.statwalk.StatWalkExperiment.MeasuredWalk;
import labbook.vfs.experiments.statwalk.StatWalkExperiment.Ratios;

/**
 * What stat-walk prints from its walks: per thread count, the medians of wall, user and system time, the time per lstat
 * and the speed-up over one thread; then git diff's elapsed time in the same run, and the two ratios Java walk / git
 * diff it returns.
 */
final class StatWalkPrintout {
    private StatWalkPrintout() {}

    static Ratios print(List<MeasuredWalk> walks, List<MeasuredGitDiff> gitDiffs, int paths, PrintStream out) {
        out.printf(Locale.ROOT, "%nstat-walk: %,d lstats per walk, medians (IQR)%n", paths);
        ConsoleTable t = new ConsoleTable("threads", "wall_ms", "user_ms", "sys_ms", "us_per_lstat", "speed-up");
        List<Integer> counts = walks.stream()
                .map(MeasuredWalk::lookupThreads)
                .distinct()
                .sorted()
                .toList();
        double oneThread = Double.NaN;
        for (int threads : counts) {
            Summary wall = millis(walks, threads, MeasuredWalk::wallS);
            Summary user = millis(walks, threads, MeasuredWalk::userS);
            Summary sys = millis(walks, threads, MeasuredWalk::sysS);
            if (threads == 1) {
                oneThread = wall.median();
            }
            t.row(
                    threads,
                    wall.format("%.1f"),
                    String.format(Locale.ROOT, "%.0f", user.median()),
                    String.format(Locale.ROOT, "%.0f", sys.median()),
                    String.format(Locale.ROOT, "%.2f", wall.median() * 1000 / paths),
                    Double.isNaN(oneThread) ? "-" : String.format(Locale.ROOT, "%.2fx", oneThread / wall.median()));
        }
        t.print(out);
        Summary gitSerial = millis(gitDiffs, CachedGitDiff.SERIAL);
        Summary gitParallel = millis(gitDiffs, CachedGitDiff.PARALLEL);
        double java1 =
                counts.contains(1) ? millis(walks, 1, MeasuredWalk::wallS).median() : Double.NaN;
        double java20 =
                counts.contains(20) ? millis(walks, 20, MeasuredWalk::wallS).median() : Double.NaN;
        Ratios ratios = new Ratios(java1 / gitSerial.median(), java20 / gitParallel.median());
        out.printf(
                Locale.ROOT,
                "git diff in the same run: serial %s ms, parallel %s ms%n",
                gitSerial.format("%.1f"),
                gitParallel.format("%.1f"));
        out.printf(
                Locale.ROOT,
                "Java stat-walk / git diff elapsed: serial (1 thread) %s, parallel (20 threads) %s%n",
                ratio(ratios.serial()),
                ratio(ratios.parallel()));
        return ratios;
    }

    /** A ratio with two decimals, or "-" when its thread count was not walked. */
    private static String ratio(double r) {
        return Double.isNaN(r) ? "- (not walked)" : String.format(Locale.ROOT, "%.2f", r);
    }

    /** One of the walks' times on {@code threads} threads, in milliseconds. */
    private static Summary millis(List<MeasuredWalk> walks, int threads, ToDoubleFunction<MeasuredWalk> seconds) {
        return Summary.of(walks.stream()
                .filter(w -> w.lookupThreads() == threads)
                .mapToDouble(w -> seconds.applyAsDouble(w) * 1000)
                .toArray());
    }

    /** git diff's elapsed times in {@code mode}, in milliseconds. */
    private static Summary millis(List<MeasuredGitDiff> gitDiffs, String mode) {
        return Summary.of(gitDiffs.stream()
                .filter(g -> g.mode().equals(mode))
                .mapToDouble(g -> g.elapsedS() * 1000)
                .toArray());
    }
}
