package labbook.reports.filecrypt;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.reports.stats.Pareto;
import labbook.reports.stats.TradeOff;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import tech.tablesaw.api.Table;

/**
 * Every level, algorithm, engine and scope measured on the largest file: CPU time against output size, with the Pareto
 * front (nothing else is both faster and smaller) drawn through.
 */
public final class ParetoChart {
    /** The chart's name: its anchor on the study's page, its file name and its key in {@code Explore.chart}. */
    public static final String NAME = "pareto";

    static Optional<XYChart> draw(Results results, List<Labelled<Table>> sweeps) {
        Table all = sweeps.get(0).value();
        FilecryptData.InputFile largest = FilecryptData.largest(all).orElseThrow();
        XYChart chart = ChartStyle.xy(
                "Pareto front: CPU time against size, every setting, " + largest.withSize(),
                "CPU time, user + system (s, median)",
                "output size (% of input)");
        List<double[]> points = new ArrayList<>();
        for (FilecryptData.Setting setting : FilecryptData.settings(all)) {
            List<TradeOff.Level> levels = FilecryptData.levels(FilecryptData.rowsOf(all, setting), largest.file());
            if (levels.isEmpty()) {
                continue;
            }
            double[] x = levels.stream().mapToDouble(TradeOff.Level::cpuS).toArray();
            double[] y = levels.stream()
                    .mapToDouble(l -> 100 * l.outBytes() / largest.bytes())
                    .toArray();
            for (int i = 0; i < x.length; i++) {
                points.add(new double[] {x[i], y[i]});
            }
            ChartStyle.add(chart, setting.label(), x, y).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        }
        List<double[]> front = Pareto.front(points, p -> p[0], p -> p[1]);
        ChartStyle.guide(
                ChartStyle.add(
                        chart,
                        "Pareto front",
                        front.stream().mapToDouble(p -> p[0]).toArray(),
                        front.stream().mapToDouble(p -> p[1]).toArray()),
                ChartStyle.SEED);
        return Optional.of(chart);
    }
}
