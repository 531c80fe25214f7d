package labbook.reports.vfs;

import static labbook.vfs.VfsSchemas.MODE;
import static labbook.vfs.VfsSchemas.WALK;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.reports.results.Results;
import labbook.reports.stats.Summaries;
import labbook.reports.stats.TableOf;
import labbook.vfs.VfsSchemas;
import tech.tablesaw.api.Table;

/** The path-walk page's analysis tables: git diff per 100 runs, the normalised table, scaling. */
final class VfsAnalyses {
    private VfsAnalyses() {}

    static Map<String, Table> of(Results results) {
        Map<String, Table> out = new LinkedHashMap<>();
        for (var diff : results.tables(VfsSchemas.GIT_DIFF)) {
            List<VfsData.GitDiff> modes = Summaries.distinct(diff.value(), MODE.name()).stream()
                    .flatMap(m -> VfsData.gitDiff(diff.value(), m).stream())
                    .toList();
            out.put(
                    "git-diff: medians per 100 runs [" + diff.label() + "]",
                    TableOf.rows(modes)
                            .text("mode", VfsData.GitDiff::mode)
                            .number("user s / 100 runs", VfsData.GitDiff::userS)
                            .number("sys s / 100 runs", VfsData.GitDiff::sysS)
                            .number("elapsed s / 100 runs", VfsData.GitDiff::elapsedS)
                            .number("loops", VfsData.GitDiff::loops)
                            .named("git diff"));
        }
        List<VfsData.Normalised> rows = VfsData.normalisedRows(results);
        if (rows.size() > 4) {
            out.put(
                    "Axboe's normalised table (2.6.32-rc3 serial = 1.00) beside ours (today's serial = 1.00)",
                    TableOf.rows(rows)
                            .text("configuration", VfsData.Normalised::name)
                            .number("real", VfsData.Normalised::real)
                            .number("user", VfsData.Normalised::user)
                            .number("sys", VfsData.Normalised::sys)
                            .named("normalised"));
        }
        for (var model : results.tables(VfsSchemas.DCACHE_MODEL)) {
            out.put(
                    "dcache-model: speed-up and parallel efficiency per walk, fewest renames [" + model.label() + "]",
                    scalingTable(
                            model.value(), true, VfsData.cores(model.root(), VfsSchemas.DCACHE_MODEL.experiment())));
        }
        for (var walk : results.tables(VfsSchemas.STAT_WALK)) {
            out.put(
                    "stat-walk: speed-up and parallel efficiency [" + walk.label() + "]",
                    scalingTable(walk.value(), false, VfsData.cores(walk.root(), VfsSchemas.STAT_WALK.experiment())));
        }
        out.putAll(KernelProfileAnalyses.of(results));
        return out;
    }

    private static Table scalingTable(Table raw, boolean model, int cores) {
        record Point(String walk, VfsData.ScalingPoint at) {}
        List<String> walks = model ? Summaries.distinct(raw, WALK.name()) : List.of("java stat");
        List<Point> points = walks.stream()
                .flatMap(w -> (model ? VfsData.modelScaling(raw, w, cores) : VfsData.statWalkScaling(raw, cores))
                        .stream().map(p -> new Point(w, p)))
                .toList();
        return TableOf.rows(points)
                .text("walk", Point::walk)
                .number("threads", p -> p.at().threads())
                .number(model ? "ops/s (median)" : "wall s (median)", p -> p.at().median())
                .number("speed-up", p -> p.at().speedup())
                .number("efficiency (per thread)", p -> p.at().efficiency())
                .number("efficiency (on " + (cores > 0 ? cores : "?") + " cores)", p -> p.at().efficiencyOnCores())
                .named("scaling");
    }
}
