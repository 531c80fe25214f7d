package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.LEVEL;
import static labbook.filecrypt.FilecryptSeeds.CPU_S;
import static labbook.filecrypt.FilecryptSeeds.FILE_MB;
import static labbook.filecrypt.FilecryptSeeds.SIZE_KB;

import java.util.List;
import java.util.Optional;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.reports.stats.Format;
import labbook.reports.stats.TradeOff;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.Table;

/**
 * Time x size per level (the seed's rule: the lowest point of each line is the level it picks), in CPU seconds x MB on
 * a log axis so every file size fits; a level whose CPU time is below the clock's resolution has a product of 0 and no
 * point. bcpg compressing on several threads is drawn by wall time on the largest file: its threads save wall time,
 * which is what the rule would then weigh.
 */
public final class TimeTimesSizeChart {
    /** The chart's name: its anchor on the study's page, its file name and its key in {@code Explore.chart}. */
    public static final String NAME = "time-x-size";

    static Optional<XYChart> draw(Results results, List<Labelled<Table>> sweeps) {
        XYChart chart = ChartStyle.xy(
                "CPU time x output size per level (the seed's rule: lowest wins)",
                "compression level (-z)",
                "CPU s (wall s where named) x output MB (log)");
        chart.getStyler().setYAxisLogarithmic(true);
        for (var sweep : sweeps) {
            Table rows = FilecryptData.seedLike(sweep.value());
            for (FilecryptData.InputFile f : FilecryptData.files(rows)) {
                List<TradeOff.Level> levels = FilecryptData.levels(rows, f.file());
                ChartStyle.add(
                                chart,
                                ChartStyle.name(f.withSize(), results, sweep.root()),
                                LevelsChart.zOf(levels),
                                levels.stream()
                                        .mapToDouble(l -> l.timeTimesSize() / 1e6)
                                        .toArray())
                        .setMarker(SeriesMarkers.CIRCLE);
            }
            Optional<FilecryptData.Setting> parallel = WallTime.parallel(sweep.value());
            Optional<FilecryptData.InputFile> largest = FilecryptData.largest(rows);
            if (parallel.isPresent() && largest.isPresent()) {
                FilecryptData.InputFile f = largest.get();
                List<TradeOff.Level> wall = WallTime.levels(WallTime.rows(sweep.value(), parallel.get()), f.file());
                ChartStyle.add(
                                chart,
                                ChartStyle.name(
                                        f.file() + ", " + parallel.get().label() + ", wall s", results, sweep.root()),
                                LevelsChart.zOf(wall),
                                wall.stream()
                                        .mapToDouble(l -> l.timeTimesSize() / 1e6)
                                        .toArray())
                        .setMarker(SeriesMarkers.RECTANGLE);
            }
        }
        Table seed = FilecryptData.CRYPTO_LEVELS.table();
        for (double mb : new double[] {100, 10, 1}) {
            Table s = seed.where(seed.numberColumn(FILE_MB.name()).isEqualTo(mb));
            double[] product = new double[s.rowCount()];
            for (int i = 0; i < product.length; i++) {
                product[i] = s.numberColumn(SIZE_KB.name()).getDouble(i)
                        / 1000
                        * s.numberColumn(CPU_S.name()).getDouble(i);
            }
            XYSeries series = ChartStyle.seedPoints(
                    ChartStyle.add(
                            chart,
                            "seed " + Format.num(mb) + " MB (approx.)",
                            s.numberColumn(LEVEL.name()).asDoubleArray(),
                            product),
                    mb == 100);
            if (mb == 1) {
                series.setMarker(SeriesMarkers.TRIANGLE_DOWN);
            }
        }
        return Optional.of(chart);
    }
}
