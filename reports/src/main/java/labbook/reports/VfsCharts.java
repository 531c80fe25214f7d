package labbook.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.Table;

/** The path-walk study's charts, one method per chart; each is empty when its experiment did not run. */
public final class VfsCharts {
    private VfsCharts() {
    }

    /** User, system and elapsed seconds per 100 git diffs: Piggin's four configurations beside ours. */
    public static Optional<CategoryChart> gitDiff(Results results) {
        var diffs = results.tables(VfsStudy.STUDY, "git-diff");
        if (diffs.isEmpty()) {
            return Optional.empty();
        }
        CategoryChart chart = ChartStyle.bars("Cached git diff, 100 runs: user, system, elapsed", "configuration", "seconds per 100 runs");
        chart.getStyler().setXAxisLabelRotation(30);
        List<String> names = new ArrayList<>();
        List<Double> user = new ArrayList<>();
        List<Double> sys = new ArrayList<>();
        List<Double> elapsed = new ArrayList<>();
        Table piggin = Seeds.table(Seeds.VFS_GIT_DIFF);
        for (int i = 0; i < piggin.rowCount(); i++) {
            names.add(piggin.stringColumn("kernel").get(i) + " " + piggin.stringColumn("mode").get(i) + " (2009)");
            user.add(piggin.numberColumn("user_s").getDouble(i));
            sys.add(piggin.numberColumn("sys_s").getDouble(i));
            elapsed.add(piggin.numberColumn("elapsed_s").getDouble(i));
        }
        for (var diff : diffs) {
            for (String mode : new String[] {"serial", "parallel"}) {
                VfsStudy.gitDiff(diff.value(), mode).ifPresent(g -> {
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

    /** Axboe's normalised table (2.6.32-rc3 serial = 1.00) beside ours (today's serial = 1.00). */
    public static Optional<CategoryChart> normalised(Results results) {
        List<VfsStudy.Normalised> rows = normalisedRows(results);
        if (rows.size() <= 4) {
            return Optional.empty();
        }
        CategoryChart chart = ChartStyle.bars("Normalised to serial = 1.00 (2009: old kernel serial; today: our serial)",
                "configuration", "relative to serial");
        chart.getStyler().setXAxisLabelRotation(30);
        List<String> names = rows.stream().map(VfsStudy.Normalised::name).toList();
        chart.addSeries("real", names, ChartStyle.bars(rows.stream().map(VfsStudy.Normalised::real).toList()));
        chart.addSeries("user", names, ChartStyle.bars(rows.stream().map(VfsStudy.Normalised::user).toList()));
        chart.addSeries("sys", names, ChartStyle.bars(rows.stream().map(VfsStudy.Normalised::sys).toList()));
        return Optional.of(chart);
    }

    /** Axboe's four rows, then today's serial and parallel for each results root. */
    public static List<VfsStudy.Normalised> normalisedRows(Results results) {
        List<VfsStudy.Normalised> rows = new ArrayList<>();
        Table axboe = Seeds.table(Seeds.VFS_AXBOE);
        for (int i = 0; i < axboe.rowCount(); i++) {
            rows.add(new VfsStudy.Normalised(axboe.stringColumn("kernel").get(i) + " " + axboe.stringColumn("mode").get(i) + " (2009)",
                    axboe.numberColumn("real").getDouble(i), axboe.numberColumn("user").getDouble(i), axboe.numberColumn("sys").getDouble(i)));
        }
        for (var diff : results.tables(VfsStudy.STUDY, "git-diff")) {
            var serial = VfsStudy.gitDiff(diff.value(), "serial");
            var parallel = VfsStudy.gitDiff(diff.value(), "parallel");
            if (serial.isPresent() && parallel.isPresent()) {
                rows.add(VfsStudy.normalise(ChartStyle.name("today serial", results, diff.root()), serial.get(), serial.get()));
                rows.add(VfsStudy.normalise(ChartStyle.name("today parallel", results, diff.root()), parallel.get(), serial.get()));
            }
        }
        return rows;
    }

    /** The dcache model's throughput against threads for both walks, ideal scaling dashed. */
    public static Optional<XYChart> modelScaling(Results results) {
        var models = results.tables(VfsStudy.STUDY, "dcache-model");
        if (models.isEmpty()) {
            return Optional.empty();
        }
        XYChart chart = ChartStyle.xy("dcache model: lookups per second against threads", "threads", "lookups per second (median)");
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        int colour = 0;
        for (var model : models) {
            int cores = VfsStudy.cores(model.root(), "dcache-model");
            for (String walk : Summaries.distinct(model.value(), "walk")) {
                List<VfsStudy.ScalingPoint> points = VfsStudy.modelScaling(model.value(), walk, cores);
                double[] x = points.stream().mapToDouble(VfsStudy.ScalingPoint::threads).toArray();
                var s = ChartStyle.add(chart, ChartStyle.name(walk + "-walk", results, model.root()), x,
                        points.stream().mapToDouble(VfsStudy.ScalingPoint::median).toArray());
                s.setMarker(SeriesMarkers.CIRCLE);
                java.awt.Color c = ChartStyle.OURS[colour++ % ChartStyle.OURS.length];
                s.setLineColor(c);
                s.setMarkerColor(c);
                // ideal: linear in threads up to the machine's cores, flat beyond (more threads than cores cannot help)
                double perThread = points.get(0).median() / points.get(0).threads();
                double cap = cores > 0 ? cores : Double.POSITIVE_INFINITY;
                ChartStyle.guide(ChartStyle.add(chart, ChartStyle.name(walk + "-walk, ideal scaling"
                        + (cores > 0 ? " on " + cores + " cores" : ""), results, model.root()), x,
                        java.util.Arrays.stream(x).map(t -> Math.min(t, cap) * perThread).toArray()), c);
            }
        }
        return Optional.of(chart);
    }

    /** The Java stat walk's speed-up over one thread, ideal scaling dashed. */
    public static Optional<XYChart> statWalk(Results results) {
        var walks = results.tables(VfsStudy.STUDY, "stat-walk");
        if (walks.isEmpty()) {
            return Optional.empty();
        }
        XYChart chart = ChartStyle.xy("Java stat walk of the tree: speed-up against threads", "threads", "speed-up over 1 thread");
        java.util.TreeSet<Double> xs = new java.util.TreeSet<>();
        int cores = 0;
        for (var walk : walks) {
            int c = VfsStudy.cores(walk.root(), "stat-walk");
            cores = Math.max(cores, c);
            List<VfsStudy.ScalingPoint> points = VfsStudy.statWalkScaling(walk.value(), c);
            ChartStyle.add(chart, ChartStyle.name("speed-up", results, walk.root()),
                    points.stream().mapToDouble(VfsStudy.ScalingPoint::threads).toArray(),
                    points.stream().mapToDouble(VfsStudy.ScalingPoint::speedup).toArray()).setMarker(SeriesMarkers.CIRCLE);
            points.forEach(p -> xs.add(p.threads()));
        }
        // ideal: linear up to the cores the machine has, flat beyond
        double cap = cores > 0 ? cores : Double.POSITIVE_INFINITY;
        double[] x = xs.stream().mapToDouble(Double::doubleValue).toArray();
        ChartStyle.guide(ChartStyle.add(chart, cores > 0 ? "ideal on " + cores + " cores" : "ideal", x,
                java.util.Arrays.stream(x).map(t -> Math.min(t, cap)).toArray()), ChartStyle.SEED_LIGHT);
        return Optional.of(chart);
    }
}
