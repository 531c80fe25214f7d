package labbook.filecrypt.experiments;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import labbook.core.ConsoleTable;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.experiments.LevelSweepExperiment.Key;
import labbook.filecrypt.pgp.Compression;

/**
 * What level-sweep prints when it ends: each engine's CPU time on the largest file with bcpg's
 * ratios to gpg (beside the speed goals), and the level the seed's time x size rule picks per file
 * and engine.
 */
final class LevelSweepPrintout {
    private LevelSweepPrintout() {
    }

    static void printRatios(Results<Key> results, Path largest, List<Integer> levels) {
        String file = largest.getFileName().toString();
        System.out.println();
        System.out.println("CPU time (user + system, s) on " + file + ", ZIP; ratios of mean CPU time to gpg's (whole process):");
        ConsoleTable t = new ConsoleTable("level", "gpg", "bcpg in-process", "bcpg process", "in-process/gpg",
                "(thread clock)", "process/gpg", "goal", "gpg bytes", "bcpg bytes");
        for (int level : levels) {
            List<Sample> gpg = results.get(new Key(file, Engine.GPG, Compression.ZIP, level));
            List<Sample> in = results.get(new Key(file, Engine.BCPG_IN_PROCESS, Compression.ZIP, level));
            List<Sample> proc = results.get(new Key(file, Engine.BCPG_PROCESS, Compression.ZIP, level));
            double ratioIn = Results.meanCpu(in) / Results.meanCpu(gpg);
            double goal = level == 0 ? 1.5 : (level == 1 || level == 9 ? 1.0 : Double.NaN);
            t.row("-z " + level, Results.cpu(gpg).format("%.3f"), Results.cpu(in).format("%.3f"),
                    Results.cpu(proc).format("%.3f"), Results.f3(ratioIn),
                    Results.f3(in.stream().mapToDouble(Sample::cpuThreadS).average().orElse(Double.NaN) / Results.meanCpu(gpg)),
                    Results.f2(Results.meanCpu(proc) / Results.meanCpu(gpg)),
                    Double.isNaN(goal) ? "" : (ratioIn <= goal ? "<= " : "> ") + goal + (ratioIn <= goal ? " met" : " missed"),
                    String.format(Locale.ROOT, "%.0f", Results.medianOutBytes(gpg)),
                    String.format(Locale.ROOT, "%.0f", Results.medianOutBytes(in)));
        }
        t.print(System.out);
    }

    /** The seed's rule: the level minimising CPU time x output size, per file and engine. */
    static void printTimeSizeRule(Results<Key> results, Corpus corpus, List<Integer> levels) {
        System.out.println();
        System.out.println("The time x size rule (mean CPU s x median bytes, ZIP) picks (the seed, 2011: -z 1 on every size;"
                + " files under ~2 MB run for a tick or two, so their pick is coarse):");
        List<String> header = new ArrayList<>(List.of("file"));
        for (Engine e : Engine.values()) {
            header.add(e.label());
        }
        ConsoleTable t = new ConsoleTable(header.toArray(String[]::new));
        for (Path f : corpus.files()) {
            String file = f.getFileName().toString();
            List<Object> row = new ArrayList<>(List.of(file));
            for (Engine e : Engine.values()) {
                int level = pick(results, file, e, levels);
                row.add(level < 0 ? "-" : "-z " + level); // "-": not timed on this file in this mode
            }
            t.row(row.toArray());
        }
        t.print(System.out);
    }

    static int pick(Results<Key> results, String file, Engine engine, List<Integer> levels) {
        int best = -1;
        double bestProduct = Double.MAX_VALUE;
        for (int level : levels) {
            List<Sample> s = results.get(new Key(file, engine, Compression.ZIP, level));
            if (s.isEmpty()) {
                continue;
            }
            // a run shorter than one tick reads 0 s; count it as half a tick rather than free
            double cpu = Math.max(Results.meanCpu(s), 0.005);
            double product = cpu * Results.medianOutBytes(s);
            if (product < bestProduct) {
                bestProduct = product;
                best = level;
            }
        }
        return best;
    }
}
