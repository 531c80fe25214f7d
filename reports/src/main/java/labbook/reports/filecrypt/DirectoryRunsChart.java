package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.CPU_SYS_S;
import static labbook.filecrypt.FilecryptSchemas.CPU_USER_S;
import static labbook.filecrypt.FilecryptSchemas.ENGINE;
import static labbook.filecrypt.FilecryptSchemas.RUN;
import static labbook.filecrypt.FilecryptSchemas.SCOPE;
import static labbook.filecrypt.FilecryptSeeds.LABEL;
import static labbook.filecrypt.FilecryptSeeds.SPLIT_APPROXIMATE;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.corpus.FolderTypes;
import labbook.reports.chart.ChartStyle;
import labbook.reports.chart.HorizontalBarChart;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.reports.stats.Summaries;
import labbook.reports.study.ExperimentChart;
import tech.tablesaw.api.Table;

/**
 * The directory runs as the seed drew them: horizontal bars, user and system CPU stacked per run, the seed's three runs
 * above ours; one chart per folder type (text, mp3, pdf, png), each with the seed's own bars for that folder.
 */
public final class DirectoryRunsChart {
    /** The text folder's chart's name, as before the binary folders; {@link #name(String)} names every folder's. */
    public static final String NAME = "directory-runs";

    private DirectoryRunsChart() {}

    /** The chart of one folder type ({@link FolderTypes}), named by {@link #name(String)}. */
    public static ExperimentChart<HorizontalBarChart> of(String type) {
        return ExperimentChart.of(
                name(type), FilecryptSchemas.DIRECTORY_RUNS, (results, dirs) -> draw(type, results, dirs));
    }

    /** The chart's name for a folder type: "directory-runs" for text, "directory-runs-mp3" and so on. */
    public static String name(String type) {
        return type.equals(FolderTypes.TEXT) ? NAME : NAME + "-" + type;
    }

    private static Optional<HorizontalBarChart> draw(String type, Results results, List<Labelled<Table>> dirs) {
        List<String> names = new ArrayList<>();
        List<Double> user = new ArrayList<>();
        List<Double> sys = new ArrayList<>();
        Table seed = DirectoryTypes.seedOf(type);
        for (int i = 0; i < seed.rowCount(); i++) {
            // the published text gives only totals; the split was read off the seed's bars by eye
            names.add(seed.stringColumn(LABEL.name()).get(i)
                    + (seed.booleanColumn(SPLIT_APPROXIMATE.name()).get(i) ? " (seed, split approx.)" : " (seed)"));
            user.add(seed.numberColumn(CPU_USER_S.name()).getDouble(i));
            sys.add(seed.numberColumn(CPU_SYS_S.name()).getDouble(i));
        }
        int ours = 0;
        for (var dir : dirs) {
            Table runs = DirectoryTypes.ofType(dir, type);
            for (String run : Summaries.distinct(runs, RUN.name())) {
                Table ofRun = Summaries.rowsOf(runs, RUN.name(), run);
                for (String engine : Summaries.distinct(ofRun, ENGINE.name())) {
                    List<String> scopes =
                            Summaries.distinct(Summaries.rowsOf(ofRun, ENGINE.name(), engine), SCOPE.name());
                    for (String scope : scopes) {
                        String what = scopes.size() > 1 ? engine + ", " + scope : engine;
                        Optional<double[]> cpu = FilecryptData.directoryCpu(runs, run, engine, scope);
                        if (cpu.isPresent()) {
                            names.add(ChartStyle.name(run + " (" + what + ")", results, dir.root()));
                            user.add(cpu.get()[0]);
                            sys.add(cpu.get()[1]);
                            ours++;
                        }
                    }
                }
            }
        }
        if (ours == 0) {
            return Optional.empty(); // no root ran this folder
        }
        int height = Math.max(ChartStyle.HEIGHT, 120 + 26 * names.size());
        String title = type.equals(FolderTypes.TEXT)
                ? "Directory runs: CPU time, user and system"
                : "Directory runs, " + type.toUpperCase(Locale.ROOT) + " files: CPU time, user and system";
        HorizontalBarChart chart = new HorizontalBarChart(ChartStyle.WIDTH, height, title, "CPU time (s)");
        chart.addSeries("user time", names, user);
        chart.addSeries("system time", names, sys);
        return Optional.of(chart);
    }
}
