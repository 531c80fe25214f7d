package labbook.reports.filecrypt;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.reports.stats.TradeOff;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.Table;

/**
 * The view the seed's rule stands in for: compressing then moving the output over a link or disk of bandwidth B costs
 * CPU time + size / B. One line per level (largest file, the seed's setup); where the lines cross, the cheapest level
 * changes.
 */
public final class BandwidthChart {
    /** The chart's name: its anchor on the study's page, its file name and its key in {@code Explore.chart}. */
    public static final String NAME = "bandwidth";

    static Optional<XYChart> draw(Results results, List<Labelled<Table>> sweeps) {
        Table rows = FilecryptData.seedLike(sweeps.get(0).value());
        Optional<FilecryptData.InputFile> file = FilecryptData.largest(rows);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        FilecryptData.InputFile largest = file.get();
        XYChart chart = ChartStyle.xy(
                "Bandwidth view: CPU time + size / bandwidth, " + largest.withSize(),
                "bandwidth of the link or disk (MB/s, log)",
                "total cost (s, log)");
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        int points = 61;
        double[] mbps = new double[points];
        for (int i = 0; i < points; i++) {
            mbps[i] = Math.pow(10, i / 15.0); // 1 MB/s .. 10 GB/s
        }
        for (TradeOff.Level level : FilecryptData.levels(rows, largest.file())) {
            ChartStyle.add(
                            chart,
                            level.name(),
                            mbps,
                            Arrays.stream(mbps).map(b -> level.costAt(b * 1e6)).toArray())
                    .setMarker(SeriesMarkers.NONE);
        }
        return Optional.of(chart);
    }
}
