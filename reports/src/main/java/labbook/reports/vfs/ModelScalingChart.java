package labbook.reports.vfs;

import static labbook.vfs.VfsSchemas.WALK;

import java.awt.Color;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.reports.stats.Summaries;
import labbook.vfs.VfsSchemas;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.Table;

/** The dcache model's throughput against threads for both walks, ideal scaling dashed. */
public final class ModelScalingChart {
    /** The chart's name: its anchor on the study's page, its file name and its key in {@code Explore.chart}. */
    public static final String NAME = "model-scaling";

    static Optional<XYChart> draw(Results results, List<Labelled<Table>> models) {
        XYChart chart = ChartStyle.xy(
                "dcache model: lookups per second against threads", "threads", "lookups per second (median)");
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        int colour = 0;
        for (var model : models) {
            int cores = VfsData.cores(model.root(), VfsSchemas.DCACHE_MODEL.experiment());
            for (String walk : Summaries.distinct(model.value(), WALK.name())) {
                List<VfsData.ScalingPoint> points = VfsData.modelScaling(model.value(), walk, cores);
                double[] x = points.stream()
                        .mapToDouble(VfsData.ScalingPoint::threads)
                        .toArray();
                XYSeries s = ChartStyle.add(
                        chart,
                        ChartStyle.name(walk + "-walk", results, model.root()),
                        x,
                        points.stream()
                                .mapToDouble(VfsData.ScalingPoint::median)
                                .toArray());
                s.setMarker(SeriesMarkers.CIRCLE);
                Color c = ChartStyle.OURS[colour++ % ChartStyle.OURS.length];
                s.setLineColor(c);
                s.setMarkerColor(c);
                // ideal: linear in threads up to the machine's cores, flat beyond (more threads than cores cannot help)
                double perThread = points.get(0).median() / points.get(0).threads();
                double cap = cores > 0 ? cores : Double.POSITIVE_INFINITY;
                ChartStyle.guide(
                        ChartStyle.add(
                                chart,
                                ChartStyle.name(
                                        walk + "-walk, ideal scaling" + (cores > 0 ? " on " + cores + " cores" : ""),
                                        results,
                                        model.root()),
                                x,
                                Arrays.stream(x)
                                        .map(t -> Math.min(t, cap) * perThread)
                                        .toArray()),
                        c);
            }
        }
        return Optional.of(chart);
    }
}
