package labbook.reports.vfs;

import static labbook.vfs.VfsSchemas.MODE;
import static labbook.vfs.VfsSchemas.WALK;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.reports.results.Results;
import labbook.reports.stats.Summaries;
import labbook.vfs.VfsSchemas;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/** The path-walk page's analysis tables: git diff per 100 runs, the normalised table, scaling. */
final class VfsAnalyses {
    private VfsAnalyses() {}

    static Map<String, Table> of(Results results) {
        Map<String, Table> out = new LinkedHashMap<>();
        for (var diff : results.tables(VfsSchemas.GIT_DIFF)) {
            StringColumn mode = StringColumn.create("mode");
            DoubleColumn user = DoubleColumn.create("user s / 100 runs");
            DoubleColumn sys = DoubleColumn.create("sys s / 100 runs");
            DoubleColumn elapsed = DoubleColumn.create("elapsed s / 100 runs");
            DoubleColumn loops = DoubleColumn.create("loops");
            for (String m : Summaries.distinct(diff.value(), MODE.name())) {
                VfsData.gitDiff(diff.value(), m).ifPresent(g -> {
                    mode.append(m);
                    user.append(g.userS());
                    sys.append(g.sysS());
                    elapsed.append(g.elapsedS());
                    loops.append(g.loops());
                });
            }
            out.put(
                    "git-diff: medians per 100 runs [" + diff.label() + "]",
                    Table.create("git diff").addColumns(mode, user, sys, elapsed, loops));
        }
        List<VfsData.Normalised> rows = VfsData.normalisedRows(results);
        if (rows.size() > 4) {
            out.put(
                    "Axboe's normalised table (2.6.32-rc3 serial = 1.00) beside ours (today's serial = 1.00)",
                    Table.create("normalised")
                            .addColumns(
                                    StringColumn.create(
                                            "configuration",
                                            rows.stream()
                                                    .map(VfsData.Normalised::name)
                                                    .toList()),
                                    DoubleColumn.create(
                                            "real",
                                            rows.stream()
                                                    .mapToDouble(VfsData.Normalised::real)
                                                    .toArray()),
                                    DoubleColumn.create(
                                            "user",
                                            rows.stream()
                                                    .mapToDouble(VfsData.Normalised::user)
                                                    .toArray()),
                                    DoubleColumn.create(
                                            "sys",
                                            rows.stream()
                                                    .mapToDouble(VfsData.Normalised::sys)
                                                    .toArray())));
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
        return out;
    }

    private static Table scalingTable(Table raw, boolean model, int cores) {
        StringColumn walk = StringColumn.create("walk");
        DoubleColumn threads = DoubleColumn.create("threads");
        DoubleColumn median = DoubleColumn.create(model ? "ops/s (median)" : "wall s (median)");
        DoubleColumn speedup = DoubleColumn.create("speed-up");
        DoubleColumn efficiency = DoubleColumn.create("efficiency (per thread)");
        DoubleColumn onCores = DoubleColumn.create("efficiency (on " + (cores > 0 ? cores : "?") + " cores)");
        List<String> walks = model ? Summaries.distinct(raw, WALK.name()) : List.of("java stat");
        for (String w : walks) {
            List<VfsData.ScalingPoint> points =
                    model ? VfsData.modelScaling(raw, w, cores) : VfsData.statWalkScaling(raw, cores);
            for (VfsData.ScalingPoint p : points) {
                walk.append(w);
                threads.append(p.threads());
                median.append(p.median());
                speedup.append(p.speedup());
                efficiency.append(p.efficiency());
                onCores.append(p.efficiencyOnCores());
            }
        }
        return Table.create("scaling").addColumns(walk, threads, median, speedup, efficiency, onCores);
    }
}
