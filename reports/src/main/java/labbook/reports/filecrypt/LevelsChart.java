package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.LEVEL;
import static labbook.filecrypt.FilecryptSeeds.CPU_S;
import static labbook.filecrypt.FilecryptSeeds.FILE_MB;
import static labbook.filecrypt.FilecryptSeeds.SIZE_KB;

import java.util.List;
import java.util.Optional;
import labbook.filecrypt.FilecryptSchemas;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.reports.stats.Format;
import labbook.reports.stats.TradeOff;
import labbook.reports.study.ExperimentChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.Table;

/**
 * Output size and CPU time against level for one file, on two y-axes, as the seed drew them (size dark, time light),
 * with the seed's readings for the nearest size overlaid in grey. When the sweep ran bcpg compressing on several
 * threads, its wall time and gpg's join the time axis: the threads cut wall time, not CPU time, so that is the clock
 * they are drawn on.
 */
public final class LevelsChart {
    /** What every levels chart's name begins with; {@link #name} gives the rest. */
    public static final String NAME_PREFIX = "levels-";

    private LevelsChart() {}

    /** The chart of one file, named {@link #name}({@code choice}). */
    public static ExperimentChart<XYChart> of(FilecryptData.FileChoice choice) {
        return ExperimentChart.of(
                name(choice), FilecryptSchemas.LEVEL_SWEEP, (results, sweeps) -> draw(choice, results, sweeps));
    }

    /** The chart's name for a file: {@code levels-largest}, {@code levels-middle} or {@code levels-1mb}. */
    public static String name(FilecryptData.FileChoice choice) {
        return NAME_PREFIX
                + switch (choice) {
                    case LARGEST -> "largest";
                    case MIDDLE -> "middle";
                    case ONE_MB -> "1mb";
                };
    }

    private static Optional<XYChart> draw(
            FilecryptData.FileChoice choice, Results results, List<Labelled<Table>> sweeps) {
        Table firstRows = FilecryptData.seedLike(sweeps.get(0).value());
        Optional<FilecryptData.InputFile> file = FilecryptData.choose(FilecryptData.files(firstRows), choice);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        double bytes = file.get().bytes();
        XYChart chart = ChartStyle.xy(
                "Size and CPU time against level: " + file.get().withSize(),
                "compression level (-z)",
                "output size (kB)");
        chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        chart.setYAxisGroupTitle(0, "output size (kB)");
        chart.setYAxisGroupTitle(1, "CPU time, user + system (s); wall time where named");
        chart.getStyler().setYAxisMin(0, 0.0);
        chart.getStyler().setYAxisMin(1, 0.0);
        for (var sweep : sweeps) {
            Table rows = FilecryptData.seedLike(sweep.value());
            Optional<FilecryptData.InputFile> f = FilecryptData.nearest(FilecryptData.files(rows), bytes);
            if (f.isEmpty()) {
                continue;
            }
            List<TradeOff.Level> levels = FilecryptData.levels(rows, f.get().file());
            double[] z = zOf(levels);
            ChartStyle.add(
                            chart,
                            ChartStyle.name("size here (kB)", results, sweep.root()),
                            z,
                            levels.stream()
                                    .mapToDouble(l -> l.outBytes() / 1000)
                                    .toArray())
                    .setMarker(SeriesMarkers.CIRCLE);
            XYSeries time = ChartStyle.add(
                    chart,
                    ChartStyle.name("CPU time here (s)", results, sweep.root()),
                    z,
                    levels.stream().mapToDouble(TradeOff.Level::cpuS).toArray());
            time.setYAxisGroup(1);
            time.setMarker(SeriesMarkers.TRIANGLE_UP);
            addWall(chart, results, sweep, rows, f.get().file());
        }
        addSeed(chart, bytes);
        return Optional.of(chart);
    }

    /**
     * gpg's wall time and the engine on several threads' (its -z 0 is one thread's: nothing to compress), if it ran.
     */
    private static void addWall(XYChart chart, Results results, Labelled<Table> sweep, Table seedLike, String file) {
        Optional<FilecryptData.Setting> parallel = WallTime.parallel(sweep.value());
        if (parallel.isEmpty()) {
            return;
        }
        List<TradeOff.Level> gpg = WallTime.levels(seedLike, file);
        List<TradeOff.Level> threads = WallTime.levels(WallTime.rows(sweep.value(), parallel.get()), file);
        XYSeries gpgWall = ChartStyle.add(
                chart,
                ChartStyle.name("wall time here (s)", results, sweep.root()),
                zOf(gpg),
                gpg.stream().mapToDouble(TradeOff.Level::cpuS).toArray());
        gpgWall.setYAxisGroup(1);
        gpgWall.setMarker(SeriesMarkers.TRIANGLE_DOWN);
        XYSeries wall = ChartStyle.add(
                chart,
                ChartStyle.name("wall time, " + parallel.get().label() + " (s)", results, sweep.root()),
                zOf(threads),
                threads.stream().mapToDouble(TradeOff.Level::cpuS).toArray());
        wall.setYAxisGroup(1);
        wall.setMarker(SeriesMarkers.RECTANGLE);
    }

    /** The seed's readings for the seed size nearest this file (size scaled to it), in greys. */
    private static void addSeed(XYChart chart, double bytes) {
        double seedMb = nearestSeedMb(bytes);
        if (Double.isNaN(seedMb)) {
            return;
        }
        Table seed = FilecryptData.CRYPTO_LEVELS.table();
        Table s = seed.where(seed.numberColumn(FILE_MB.name()).isEqualTo(seedMb));
        double[] z = s.numberColumn(LEVEL.name()).asDoubleArray();
        double scale = bytes / (seedMb * 1e6);
        XYSeries size = ChartStyle.add(
                chart,
                "seed size, " + Format.num(seedMb) + " MB (approx., scaled)",
                z,
                s.numberColumn(SIZE_KB.name()).multiply(scale).asDoubleArray());
        size.setMarker(SeriesMarkers.DIAMOND);
        size.setLineColor(ChartStyle.SEED);
        size.setMarkerColor(ChartStyle.SEED);
        XYSeries cpu = ChartStyle.add(
                chart,
                "seed CPU, " + Format.num(seedMb) + " MB (approx.)",
                z,
                s.numberColumn(CPU_S.name()).asDoubleArray());
        cpu.setYAxisGroup(1);
        cpu.setMarker(SeriesMarkers.SQUARE);
        cpu.setLineColor(ChartStyle.SEED_LIGHT);
        cpu.setMarkerColor(ChartStyle.SEED_LIGHT);
    }

    /** The levels' numbers (a level is named "-z N"). */
    static double[] zOf(List<TradeOff.Level> levels) {
        return levels.stream()
                .mapToDouble(l -> Double.parseDouble(l.name().substring(3)))
                .toArray();
    }

    /** The seed size (100, 10 or 1 MB) within a factor 2 of this file, else NaN. */
    static double nearestSeedMb(double bytes) {
        for (double mb : new double[] {100, 10, 1}) {
            if (Math.abs(Math.log(bytes / (mb * 1e6))) < Math.log(2)) {
                return mb;
            }
        }
        return Double.NaN;
    }
}
