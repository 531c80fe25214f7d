package labbook.filecrypt.experiments.levelsweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import labbook.core.ConsoleTable;
import labbook.core.Summary;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.Sample;
import labbook.filecrypt.experiments.SampleGroups;
import labbook.filecrypt.pgp.Compression;

/**
 * What level-sweep prints when it ends: each engine's CPU time on the largest file with bcpg's ratios to gpg (beside
 * the speed goals); wall time and CPU time per MB with the parallel engine's wall-time ratio to gpg and its size beside
 * single-threaded bcpg's; and the level the seed's time x size rule picks per file and engine, with CPU time as the
 * seed timed and with wall time.
 */
final class LevelSweepPrintout {
    private LevelSweepPrintout() {}

    /** The start-up goal: {@code encrypt --help}, start to exit, at most this much CPU. */
    static final double HELP_GOAL_S = 0.25;

    /**
     * The in-process goal's verdict; the whole process has none, as in the report ({@code CommandLineCost}): its JVM
     * start-up is a fixed cost of every run, whatever the file.
     */
    private static String goal(double ratioIn, double goalIn) {
        return Double.isNaN(goalIn)
                ? ""
                : "in-process " + (ratioIn <= goalIn ? "<= " + goalIn + " met" : "> " + goalIn + " missed");
    }

    /**
     * {@code encrypt --help} through the launcher, start to exit: the command line's own cost (goal judged on the
     * median).
     */
    static void printHelp(List<Sample> help) {
        if (help.isEmpty()) {
            return;
        }
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "Start-up: '%s', whole process, CPU (user + system) %s s over %d runs" + " (goal <= %.2f s: %s)%n",
                CliStartup.COMMAND_LINE,
                SampleGroups.cpu(help).format("%.3f"),
                help.size(),
                HELP_GOAL_S,
                SampleGroups.cpu(help).median() <= HELP_GOAL_S + 1e-9
                        ? "met"
                        : "missed"); // the median, as the report judges it
    }

    static void printRatios(SampleGroups<LevelSweepExperiment.Key> results, Path largest, List<Integer> levels) {
        String file = largest.getFileName().toString();
        System.out.println();
        System.out.println(
                "CPU time (user + system, s) on " + file + ", ZIP; ratios of mean CPU time to gpg's (whole process):");
        ConsoleTable t = new ConsoleTable(
                "level",
                "gpg",
                "bcpg in-process",
                "bcpg process",
                "in-process/gpg",
                "(thread clock)",
                "process/gpg",
                "goal",
                "gpg bytes",
                "bcpg bytes");
        for (int level : levels) {
            List<Sample> gpg = results.get(new LevelSweepExperiment.Key(file, Engine.GPG, Compression.ZIP, level));
            List<Sample> in =
                    results.get(new LevelSweepExperiment.Key(file, Engine.BCPG_IN_PROCESS, Compression.ZIP, level));
            List<Sample> proc =
                    results.get(new LevelSweepExperiment.Key(file, Engine.BCPG_PROCESS, Compression.ZIP, level));
            double ratioIn = SampleGroups.meanCpu(in) / SampleGroups.meanCpu(gpg);
            double goal = level == 0 ? 1.5 : (level == 1 || level == 9 ? 1.0 : Double.NaN);
            t.row(
                    "-z " + level,
                    SampleGroups.cpu(gpg).format("%.3f"),
                    SampleGroups.cpu(in).format("%.3f"),
                    SampleGroups.cpu(proc).format("%.3f"),
                    SampleGroups.f3(ratioIn),
                    SampleGroups.f3(in.stream()
                                    .mapToDouble(Sample::cpuThreadS)
                                    .average()
                                    .orElse(Double.NaN)
                            / SampleGroups.meanCpu(gpg)),
                    SampleGroups.f2(SampleGroups.meanCpu(proc) / SampleGroups.meanCpu(gpg)),
                    goal(ratioIn, goal),
                    String.format(Locale.ROOT, "%.0f", SampleGroups.medianOutBytes(gpg)),
                    String.format(Locale.ROOT, "%.0f", SampleGroups.medianOutBytes(in)));
        }
        t.print(System.out);
    }

    /**
     * Wall time beside CPU time on the largest file: an engine compressing on several threads spends more CPU than wall
     * time, so what it saves shows on the wall clock only. Goals: bcpg on N threads at most 0.6 x gpg's wall time at -z
     * 6 and -z 9, and its output within 1 % of single-threaded bcpg's at the same level.
     */
    static void printWall(
            SampleGroups<LevelSweepExperiment.Key> results, Path largest, List<Integer> levels, int threads) {
        String file = largest.getFileName().toString();
        double mb = Corpus.size(largest) / 1e6;
        List<SweepEngine> engines = SweepEngine.sweep(threads);
        SweepEngine parallel = engines.get(engines.size() - 1);
        SweepEngine single = new SweepEngine(Engine.BCPG_IN_PROCESS, 1);
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "Wall time (median, ms) and CPU time (user + system, mean, ms per MB of input) on %s,"
                        + " ZIP; %s is bcpg in-process compressing on %d threads:%n",
                file,
                parallel.label(),
                threads);
        List<String> header = new ArrayList<>(List.of("level"));
        for (SweepEngine r : engines) {
            header.addAll(List.of(r.label() + " wall", "CPU/MB"));
        }
        header.addAll(List.of("x" + threads + "/gpg wall", "goal", "x" + threads + " size / 1 thread", "goal"));
        ConsoleTable t = new ConsoleTable(header.toArray(String[]::new));
        List<String> ratios = new ArrayList<>();
        for (int level : levels) {
            List<Object> row = new ArrayList<>(List.of("-z " + level));
            for (SweepEngine r : engines) {
                List<Sample> s = results.get(new LevelSweepExperiment.Key(file, r, Compression.ZIP, level));
                row.add(f(SampleGroups.medianWall(s) * 1000, "%.0f"));
                row.add(f(SampleGroups.meanCpu(s) * 1000 / mb, "%.1f"));
            }
            double ratio = SampleGroups.medianWall(
                            results.get(new LevelSweepExperiment.Key(file, parallel, Compression.ZIP, level)))
                    / SampleGroups.medianWall(
                            results.get(new LevelSweepExperiment.Key(file, Engine.GPG, Compression.ZIP, level)));
            double size = SampleGroups.medianOutBytes(
                            results.get(new LevelSweepExperiment.Key(file, parallel, Compression.ZIP, level)))
                    / SampleGroups.medianOutBytes(
                            results.get(new LevelSweepExperiment.Key(file, single, Compression.ZIP, level)));
            boolean goal = level == 6 || level == 9;
            row.addAll(List.of(
                    SampleGroups.f2(ratio),
                    goal && !Double.isNaN(ratio) ? (ratio <= 0.6 ? "<= 0.6 met" : "> 0.6 missed") : "",
                    f(100 * size, "%.2f %%"),
                    Double.isNaN(size) ? "" : Math.abs(size - 1) <= 0.01 ? "within 1 % met" : "missed"));
            t.row(row.toArray());
            if (goal) {
                ratios.add("-z " + level + " " + SampleGroups.f2(ratio));
            }
        }
        t.print(System.out);
        System.out.println(
                parallel.label() + " / gpg, median wall time: " + (ratios.isEmpty() ? "-" : String.join(", ", ratios))
                        + (levels.contains(6) ? "" : "; -z 6 is not in this plan (--levels adds it)")
                        + " (goal: <= 0.6 at -z 6 and -z 9)");
    }

    /**
     * Decryption on the largest file: gpg's output at each level decrypted by gpg (whole process) and by bcpg in this
     * JVM. Goal: bcpg's CPU time at most 1.0 x gpg's at every level, judged on medians as the report judges it: with a
     * few repeats of a few tens of ms each, one sample that catches a collection or a compilation on another thread
     * moves a mean by a third. The decrypting thread's median clock is printed beside it.
     */
    static void printDecrypt(SampleGroups<LevelSweepExperiment.Key> decrypts, Path largest, List<Integer> levels) {
        String file = largest.getFileName().toString();
        System.out.println();
        System.out.println("Decryption of gpg's output, CPU time (user + system, s) on " + file
                + ", ZIP; ratio of median CPU time" + " to gpg's (whole process); goal: <= 1.0 at every level:");
        ConsoleTable t =
                new ConsoleTable("level", "gpg", "bcpg in-process", "in-process/gpg", "(thread clock)", "goal");
        List<String> missed = new ArrayList<>();
        for (int level : levels) {
            List<Sample> gpg = decrypts.get(new LevelSweepExperiment.Key(file, Engine.GPG, Compression.ZIP, level));
            List<Sample> in =
                    decrypts.get(new LevelSweepExperiment.Key(file, Engine.BCPG_IN_PROCESS, Compression.ZIP, level));
            double gpgMedian = SampleGroups.cpu(gpg).median();
            double ratio = SampleGroups.cpu(in).median() / gpgMedian;
            boolean met = ratio <= 1.0 + 1e-9; // user + system summed in doubles: 0.05 may read 0.05000000000000001
            if (!met) {
                missed.add("-z " + level);
            }
            t.row(
                    "-z " + level,
                    SampleGroups.cpu(gpg).format("%.3f"),
                    SampleGroups.cpu(in).format("%.3f"),
                    SampleGroups.f3(ratio),
                    SampleGroups.f3(Summary.of(in.stream()
                                            .mapToDouble(Sample::cpuThreadS)
                                            .toArray())
                                    .median()
                            / gpgMedian),
                    Double.isNaN(ratio) ? "" : met ? "<= 1.0 met" : "> 1.0 missed");
        }
        t.print(System.out);
        System.out.println("bcpg in-process decryption / gpg's: "
                + (missed.isEmpty()
                        ? "<= 1.0 at every level (goal met)"
                        : "above 1.0 at " + String.join(", ", missed) + " (goal missed)"));
    }

    /** The seed's rule: the level minimising time x output size, per file and engine, by CPU time and by wall time. */
    static void printTimeSizeRule(
            SampleGroups<LevelSweepExperiment.Key> results,
            Corpus corpus,
            List<Integer> levels,
            List<SweepEngine> engines) {
        for (boolean wall : new boolean[] {false, true}) {
            System.out.println();
            System.out.println(
                    wall
                            ? "The same rule with wall time (median wall s x median bytes, ZIP): what a user "
                                    + "waiting for the file pays:"
                            : "The time x size rule (mean CPU s x median bytes, ZIP) picks (the seed, 2011: "
                                    + "-z 1 on every size):");
            List<String> header = new ArrayList<>(List.of("file"));
            engines.forEach(r -> header.add(r.label()));
            ConsoleTable t = new ConsoleTable(header.toArray(String[]::new));
            for (Path f : corpus.files()) {
                String file = f.getFileName().toString();
                List<Object> row = new ArrayList<>(List.of(file));
                for (SweepEngine r : engines) {
                    int level = pick(results, file, r, levels, wall);
                    row.add(level < 0 ? "-" : "-z " + level); // "-": not timed on this file in this mode
                }
                t.row(row.toArray());
            }
            t.print(System.out);
        }
    }

    static int pick(SampleGroups<LevelSweepExperiment.Key> results, String file, Engine engine, List<Integer> levels) {
        return pick(results, file, new SweepEngine(engine, 1), levels, false);
    }

    /**
     * The level with the smallest time x size; -1 when a level was not timed. The parallel engine's -z 0 is
     * single-threaded bcpg's.
     */
    static int pick(
            SampleGroups<LevelSweepExperiment.Key> results,
            String file,
            SweepEngine sweepEngine,
            List<Integer> levels,
            boolean wall) {
        int best = -1;
        double bestProduct = Double.MAX_VALUE;
        for (int level : levels) {
            List<Sample> s = results.get(new LevelSweepExperiment.Key(file, sweepEngine, Compression.ZIP, level));
            if (s.isEmpty() && sweepEngine.threads() > 1 && level == 0) {
                s = results.get(new LevelSweepExperiment.Key(file, sweepEngine.engine(), Compression.ZIP, 0));
            }
            if (s.isEmpty()) {
                return -1; // the rule compares every level: an engine timed at some only (quick mode's bcpg process)
            }
            double time = wall ? SampleGroups.medianWall(s) : SampleGroups.meanCpu(s);
            double product = time * SampleGroups.medianOutBytes(s);
            if (product < bestProduct) {
                bestProduct = product;
                best = level;
            }
        }
        return best;
    }

    private static String f(double v, String format) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
    }
}
