package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptResults.CPU_SYS_S;
import static labbook.filecrypt.FilecryptResults.CPU_USER_S;
import static labbook.filecrypt.FilecryptResults.ENGINE;
import static labbook.filecrypt.FilecryptResults.RUN;
import static labbook.filecrypt.FilecryptResults.SCOPE;
import static labbook.filecrypt.FilecryptSeeds.LABEL;
import static labbook.filecrypt.FilecryptSeeds.SPLIT_APPROXIMATE;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import labbook.filecrypt.FilecryptResults;
import labbook.reports.chart.ChartStyle;
import labbook.reports.chart.HorizontalBarChart;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.reports.stats.Summaries;
import labbook.reports.study.ExperimentChart;
import tech.tablesaw.api.Table;

/**
 * The directory runs as the seed drew them: horizontal bars, user and system CPU stacked per run,
 * the seed's three runs above ours.
 */
public final class DirectoryRunsChart extends ExperimentChart<HorizontalBarChart> {
    public DirectoryRunsChart() {
        super("directory-runs", FilecryptResults.DIRECTORY_RUNS);
    }


    @Override
    protected Optional<HorizontalBarChart> draw(Results results, List<Labelled<Table>> dirs) {
        List<String> names = new ArrayList<>();
        List<Double> user = new ArrayList<>();
        List<Double> sys = new ArrayList<>();
        Table seed = FilecryptData.CRYPTO_DIRECTORY.table();
        for (int i = 0; i < seed.rowCount(); i++) {
            // the published text gives only totals; the split was read off the seed's bars by eye
            names.add(seed.stringColumn(LABEL.name()).get(i)
                    + (seed.booleanColumn(SPLIT_APPROXIMATE.name()).get(i) ? " (seed, split approx.)" : " (seed)"));
            user.add(seed.numberColumn(CPU_USER_S.name()).getDouble(i));
            sys.add(seed.numberColumn(CPU_SYS_S.name()).getDouble(i));
        }
        for (var dir : dirs) {
            Table runs = dir.value();
            for (String run : Summaries.distinct(runs, RUN.name())) {
                Table ofRun = Summaries.rowsOf(runs, RUN.name(), run);
                for (String engine : Summaries.distinct(ofRun, ENGINE.name())) {
                    List<String> scopes = Summaries.distinct(Summaries.rowsOf(ofRun, ENGINE.name(), engine), SCOPE.name());
                    for (String scope : scopes) {
                        String what = scopes.size() > 1 ? engine + ", " + scope : engine;
                        FilecryptData.directoryCpu(runs, run, engine, scope).ifPresent(c -> {
                            names.add(ChartStyle.name(run + " (" + what + ")", results, dir.root()));
                            user.add(c[0]);
                            sys.add(c[1]);
                        });
                    }
                }
            }
        }
        int height = Math.max(ChartStyle.HEIGHT, 120 + 26 * names.size());
        HorizontalBarChart chart = new HorizontalBarChart(ChartStyle.WIDTH, height,
                "Directory runs: CPU time, user and system", "CPU time (s)");
        chart.addSeries("user time", names, user);
        chart.addSeries("system time", names, sys);
        return Optional.of(chart);
    }
}
