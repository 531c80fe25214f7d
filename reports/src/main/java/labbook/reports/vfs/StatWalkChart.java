package labbook.reports.vfs;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.vfs.VfsSchemas;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.Table;

/** The Java stat walk's speed-up over one thread, ideal scaling dashed. */
public final class StatWalkChart {
    /** The chart's name: its anchor on the study's page, its file name and its key in {@code Explore.chart}. */
    public static final String NAME = "stat-walk";

    static Optional<XYChart> draw(Results results, List<Labelled<Table>> walks) {
        XYChart chart = ChartStyle.xy(
                "Java stat walk of the tree: speed-up against threads", "threads", "speed-up over 1 thread");
        TreeSet<Double> xs = new TreeSet<>();
        int cores = 0;
        for (var walk : walks) {
            int c = VfsData.cores(walk.root(), VfsSchemas.STAT_WALK.experiment());
            cores = Math.max(cores, c);
            List<VfsData.ScalingPoint> points = VfsData.statWalkScaling(walk.value(), c);
            ChartStyle.add(
                            chart,
                            ChartStyle.name("speed-up", results, walk.root()),
                            points.stream()
                                    .mapToDouble(VfsData.ScalingPoint::threads)
                                    .toArray(),
                            points.stream()
                                    .mapToDouble(VfsData.ScalingPoint::speedup)
                                    .toArray())
                    .setMarker(SeriesMarkers.CIRCLE);
            points.forEach(p -> xs.add(p.threads()));
        }
        // ideal: linear up to the cores the machine has, flat beyond
        double cap = cores > 0 ? cores : Double.POSITIVE_INFINITY;
        double[] x = xs.stream().mapToDouble(Double::doubleValue).toArray();
        ChartStyle.guide(
                ChartStyle.add(
                        chart,
                        cores > 0 ? "ideal on " + cores + " cores" : "ideal",
                        x,
                        Arrays.stream(x).map(t -> Math.min(t, cap)).toArray()),
                ChartStyle.SEED_LIGHT);
        return Optional.of(chart);
    }
}
