package labbook.filecrypt.experiments.directoryruns;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import labbook.core.ConsoleTable;
import labbook.core.Summary;
import labbook.filecrypt.CryptoPolicy.Run;
import labbook.filecrypt.FileMime;
import labbook.filecrypt.FilecryptSeeds;
import labbook.filecrypt.FilecryptSeeds.DirectoryFigure;
import labbook.filecrypt.FilecryptSeeds.DirectoryFigures;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.Sample;
import labbook.filecrypt.experiments.SampleGroups;

/** What directory-runs prints when it ends: per folder, each run's CPU and size beside the seed's. */
final class DirectoryRunsPrintout {
    private DirectoryRunsPrintout() {}

    @SuppressWarnings("OrphanedFormatString") // "% a" in the closing note is a percentage, printed as it stands
    static void print(
            List<Directory> dirs,
            SampleGroups<DirectoryRunsExperiment.Key> results,
            Map<DirectoryRunsExperiment.Key, Double> meanPct) {
        DirectoryFigures seeds = FilecryptSeeds.directoryFigures();
        for (Directory dir : dirs) {
            long text = dir.mimes().values().stream().filter(FileMime::isText).count();
            System.out.println();
            System.out.println("Directory totals over " + dir.files().size() + " " + dir.type() + " files of "
                    + dir.corpus().name() + " (" + text
                    + " with a text/* mime type; median of repeats; CPU = user + system, s):");
            ConsoleTable t = new ConsoleTable(
                    "run",
                    "engine",
                    "CPU s",
                    "user s",
                    "sys s",
                    "% of -z 7 run",
                    "mean size %",
                    "seed CPU s",
                    "seed size %");
            for (Run run : Run.values()) {
                for (Engine e : Engine.values()) {
                    DirectoryRunsExperiment.Key key = new DirectoryRunsExperiment.Key(dir.type(), run, e);
                    List<Sample> s = results.get(key);
                    if (s.isEmpty()) {
                        continue; // not timed in this mode
                    }
                    List<Sample> base =
                            results.get(new DirectoryRunsExperiment.Key(dir.type(), Run.PUBLISHED_GPG_DEFAULT_Z7, e));
                    double cpu = SampleGroups.cpu(s).median();
                    double user = Summary.of(
                                    s.stream().mapToDouble(Sample::cpuUserS).toArray())
                            .median();
                    double sys = Summary.of(
                                    s.stream().mapToDouble(Sample::cpuSysS).toArray())
                            .median();
                    DirectoryFigure seed = seeds.get(dir.type(), run.label());
                    double seedCpu = seed.cpuTotalS();
                    double seedPct = seed.meanSizePct();
                    t.row(
                            run.label(),
                            e.label(),
                            SampleGroups.f3(cpu),
                            SampleGroups.f3(user),
                            SampleGroups.f3(sys),
                            base.isEmpty()
                                    ? "-"
                                    : String.format(
                                            Locale.ROOT,
                                            "%.0f %%",
                                            100 * cpu / SampleGroups.cpu(base).median()),
                            SampleGroups.f2(meanPct.getOrDefault(key, Double.NaN)),
                            e == Engine.GPG && !Double.isNaN(seedCpu) ? SampleGroups.f2(seedCpu) : "",
                            e == Engine.GPG && !Double.isNaN(seedPct) ? SampleGroups.f2(seedPct) : "");
                }
            }
            t.print(System.out);
        }
        System.out.println("(seed: 2011 MacBook Pro, gpg 2.0.22, S2K not pinned; text: enwik8 + 5 heads, 64 % and 33 % "
                + "of the -z 7 run;"
                + " mp3: ten files of 3.5-4.3 MB; pdf: 84.8 MB and 12.2 MB of PDFs; png: eight files "
                + "of 88 kB-7.3 MB)");
    }
}
