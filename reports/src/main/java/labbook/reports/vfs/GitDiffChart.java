package labbook.reports.vfs;

import static labbook.vfs.VfsSchemas.LOOP_ELAPSED_S;
import static labbook.vfs.VfsSchemas.LOOP_SYS_S;
import static labbook.vfs.VfsSchemas.LOOP_USER_S;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.vfs.experiments.CachedGitDiff;
import org.knowm.xchart.CategoryChart;
import tech.tablesaw.api.Table;

/** User, system and elapsed seconds per 100 git diffs: Piggin's four configurations beside ours. */
public final class GitDiffChart {
    /** The chart's name: its anchor on the study's page, its file name and its key in {@code Explore.chart}. */
    public static final String NAME = "git-diff";

    static Optional<CategoryChart> draw(Results results, List<Labelled<Table>> diffs) {
        CategoryChart chart = ChartStyle.bars(
                "Cached git diff, 100 runs: user, system, elapsed", "configuration", "seconds per 100 runs");
        chart.getStyler().setXAxisLabelRotation(30);
        List<String> names = new ArrayList<>();
        List<Double> user = new ArrayList<>();
        List<Double> sys = new ArrayList<>();
        List<Double> elapsed = new ArrayList<>();
        Table piggin = VfsData.VFS_GIT_DIFF.table();
        for (int i = 0; i < piggin.rowCount(); i++) {
            names.add(VfsData.seedConfig(piggin, i));
            user.add(piggin.numberColumn(LOOP_USER_S.name()).getDouble(i));
            sys.add(piggin.numberColumn(LOOP_SYS_S.name()).getDouble(i));
            elapsed.add(piggin.numberColumn(LOOP_ELAPSED_S.name()).getDouble(i));
        }
        for (var diff : diffs) {
            for (String mode : new String[] {CachedGitDiff.SERIAL, CachedGitDiff.PARALLEL}) {
                VfsData.gitDiff(diff.value(), mode).ifPresent(g -> {
                    names.add(ChartStyle.name("today " + mode, results, diff.root()));
                    user.add(g.userS());
                    sys.add(g.sysS());
                    elapsed.add(g.elapsedS());
                });
            }
        }
        chart.addSeries("user", names, ChartStyle.bars(user));
        chart.addSeries("system", names, ChartStyle.bars(sys));
        chart.addSeries("elapsed", names, ChartStyle.bars(elapsed));
        return Optional.of(chart);
    }
}
