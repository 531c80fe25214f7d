package labbook.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.Table;

/** The file-encryption study's charts, one method per chart; each is empty when its experiment did not run. */
public final class FilecryptCharts {
    private FilecryptCharts() {
    }

    /**
     * Output size and CPU time against level for one file, on two y-axes, as the seed drew them
     * (size dark, time light), with the seed's readings for the nearest size overlaid in grey.
     */
    public static Optional<XYChart> levels(Results results, FilecryptStudy.FileChoice choice) {
        var sweeps = results.tables(FilecryptStudy.STUDY, "level-sweep");
        if (sweeps.isEmpty()) {
            return Optional.empty();
        }
        Table firstRows = FilecryptStudy.seedLike(sweeps.get(0).value());
        Optional<FilecryptStudy.InputFile> file = FilecryptStudy.choose(FilecryptStudy.files(firstRows), choice);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        double bytes = file.get().bytes();
        XYChart chart = ChartStyle.xy("Size and CPU time against level: " + file.get().file() + " ("
                + Format.num(bytes / 1e6) + " MB)", "compression level (-z)", "output size (kB)");
        chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        chart.setYAxisGroupTitle(0, "output size (kB)");
        chart.setYAxisGroupTitle(1, "CPU time, user + system (s)");
        chart.getStyler().setYAxisMin(0, 0.0);
        chart.getStyler().setYAxisMin(1, 0.0);
        for (var sweep : sweeps) {
            Table rows = FilecryptStudy.seedLike(sweep.value());
            Optional<FilecryptStudy.InputFile> f = FilecryptStudy.nearest(FilecryptStudy.files(rows), bytes);
            if (f.isEmpty()) {
                continue;
            }
            List<TradeOff.Level> levels = FilecryptStudy.levels(rows, f.get().file());
            double[] z = levels.stream().mapToDouble(l -> Double.parseDouble(l.name().substring(3))).toArray();
            ChartStyle.add(chart, ChartStyle.name("size here (kB)", results, sweep.root()), z,
                    levels.stream().mapToDouble(l -> l.outBytes() / 1000).toArray()).setMarker(SeriesMarkers.CIRCLE);
            XYSeries time = ChartStyle.add(chart, ChartStyle.name("CPU time here (s)", results, sweep.root()), z,
                    levels.stream().mapToDouble(TradeOff.Level::cpuS).toArray());
            time.setYAxisGroup(1);
            time.setMarker(SeriesMarkers.TRIANGLE_UP);
        }
        Table seed = Seeds.table(Seeds.CRYPTO_LEVELS);
        double seedMb = nearestSeedMb(bytes);
        if (!Double.isNaN(seedMb)) {
            Table s = seed.where(seed.numberColumn("file_mb").isEqualTo(seedMb));
            double[] z = s.numberColumn("level").asDoubleArray();
            double scale = bytes / (seedMb * 1e6);
            XYSeries size = ChartStyle.add(chart, "seed size, " + Format.num(seedMb) + " MB (approx., scaled)",
                    z, s.numberColumn("size_kb").multiply(scale).asDoubleArray());
            size.setMarker(SeriesMarkers.DIAMOND);
            size.setLineColor(ChartStyle.SEED);
            size.setMarkerColor(ChartStyle.SEED);
            XYSeries cpu = ChartStyle.add(chart, "seed CPU, " + Format.num(seedMb) + " MB (approx.)", z,
                    s.numberColumn("cpu_s").asDoubleArray());
            cpu.setYAxisGroup(1);
            cpu.setMarker(SeriesMarkers.SQUARE);
            cpu.setLineColor(ChartStyle.SEED_LIGHT);
            cpu.setMarkerColor(ChartStyle.SEED_LIGHT);
        }
        return Optional.of(chart);
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

    /** The directory runs as stacked user/system bars, the seed's three runs beside ours, as the seed drew them. */
    public static Optional<CategoryChart> directoryRuns(Results results) {
        var dirs = results.tables(FilecryptStudy.STUDY, "directory-runs");
        if (dirs.isEmpty()) {
            return Optional.empty();
        }
        CategoryChart chart = ChartStyle.bars("Directory runs: CPU time, user and system", "run", "CPU time (s)");
        chart.getStyler().setStacked(true);
        chart.getStyler().setXAxisLabelRotation(30);
        List<String> names = new ArrayList<>();
        List<Double> user = new ArrayList<>();
        List<Double> sys = new ArrayList<>();
        Table seed = Seeds.table(Seeds.CRYPTO_DIRECTORY);
        for (int i = 0; i < seed.rowCount(); i++) {
            // the published text gives only totals; the split was read off the seed's bars by eye
            names.add(seed.stringColumn("label").get(i)
                    + (seed.booleanColumn("split_approximate").get(i) ? " (seed, split approx.)" : " (seed)"));
            user.add(seed.numberColumn("cpu_user_s").getDouble(i));
            sys.add(seed.numberColumn("cpu_sys_s").getDouble(i));
        }
        for (var dir : dirs) {
            Table runs = dir.value();
            for (String run : Summaries.distinct(runs, "run")) {
                Table ofRun = runs.where(runs.stringColumn("run").isEqualTo(run));
                for (String engine : Summaries.distinct(ofRun, "engine")) {
                    List<String> scopes = Summaries.distinct(ofRun.where(ofRun.stringColumn("engine").isEqualTo(engine)), "scope");
                    for (String scope : scopes) {
                        String what = scopes.size() > 1 ? engine + ", " + scope : engine;
                        FilecryptStudy.directoryCpu(runs, run, engine, scope).ifPresent(c -> {
                            names.add(ChartStyle.name(run + " (" + what + ")", results, dir.root()));
                            user.add(c[0]);
                            sys.add(c[1]);
                        });
                    }
                }
            }
        }
        chart.addSeries("user time", names, ChartStyle.bars(user));
        chart.addSeries("system time", names, ChartStyle.bars(sys));
        return Optional.of(chart);
    }

    /**
     * Time x size per level (the seed's rule: the lowest point of each line is the level it picks),
     * in CPU seconds x MB on a log axis so every file size fits; a level whose CPU time is below the
     * clock's resolution has a product of 0 and no point.
     */
    public static Optional<XYChart> timeTimesSize(Results results) {
        var sweeps = results.tables(FilecryptStudy.STUDY, "level-sweep");
        if (sweeps.isEmpty()) {
            return Optional.empty();
        }
        XYChart chart = ChartStyle.xy("CPU time x output size per level (the seed's rule: lowest wins)",
                "compression level (-z)", "CPU s x output MB (log)");
        chart.getStyler().setYAxisLogarithmic(true);
        for (var sweep : sweeps) {
            Table rows = FilecryptStudy.seedLike(sweep.value());
            for (FilecryptStudy.InputFile f : FilecryptStudy.files(rows)) {
                List<TradeOff.Level> levels = FilecryptStudy.levels(rows, f.file());
                ChartStyle.add(chart, ChartStyle.name(f.file() + " (" + Format.num(f.bytes() / 1e6) + " MB)", results, sweep.root()),
                        levels.stream().mapToDouble(l -> Double.parseDouble(l.name().substring(3))).toArray(),
                        levels.stream().mapToDouble(l -> l.timeTimesSize() / 1e6).toArray())
                        .setMarker(SeriesMarkers.CIRCLE);
            }
        }
        Table seed = Seeds.table(Seeds.CRYPTO_LEVELS);
        for (double mb : new double[] {100, 10, 1}) {
            Table s = seed.where(seed.numberColumn("file_mb").isEqualTo(mb));
            double[] product = new double[s.rowCount()];
            for (int i = 0; i < product.length; i++) {
                product[i] = s.numberColumn("size_kb").getDouble(i) / 1000 * s.numberColumn("cpu_s").getDouble(i);
            }
            var series = ChartStyle.seedPoints(ChartStyle.add(chart, "seed " + Format.num(mb) + " MB (approx.)",
                    s.numberColumn("level").asDoubleArray(), product), mb == 100);
            if (mb == 1) {
                series.setMarker(SeriesMarkers.TRIANGLE_DOWN);
            }
        }
        return Optional.of(chart);
    }

    /**
     * The view the seed's rule stands in for: compressing then moving the output over a link or
     * disk of bandwidth B costs CPU time + size / B. One line per level (largest file, the seed's
     * setup); where the lines cross, the cheapest level changes.
     */
    public static Optional<XYChart> bandwidth(Results results) {
        var sweeps = results.tables(FilecryptStudy.STUDY, "level-sweep");
        if (sweeps.isEmpty()) {
            return Optional.empty();
        }
        Table rows = FilecryptStudy.seedLike(sweeps.get(0).value());
        List<FilecryptStudy.InputFile> files = FilecryptStudy.files(rows);
        if (files.isEmpty()) {
            return Optional.empty();
        }
        FilecryptStudy.InputFile largest = files.get(files.size() - 1);
        XYChart chart = ChartStyle.xy("Bandwidth view: CPU time + size / bandwidth, " + largest.file() + " ("
                + Format.num(largest.bytes() / 1e6) + " MB)", "bandwidth of the link or disk (MB/s, log)", "total cost (s, log)");
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        int points = 61;
        double[] mbps = new double[points];
        for (int i = 0; i < points; i++) {
            mbps[i] = Math.pow(10, i / 15.0); // 1 MB/s .. 10 GB/s
        }
        for (TradeOff.Level level : FilecryptStudy.levels(rows, largest.file())) {
            ChartStyle.add(chart, level.name(), mbps, java.util.Arrays.stream(mbps).map(b -> level.costAt(b * 1e6)).toArray())
                    .setMarker(SeriesMarkers.NONE);
        }
        return Optional.of(chart);
    }

    /**
     * Every level, algorithm, engine and scope measured on the largest file: CPU time against output
     * size, with the Pareto front (nothing else is both faster and smaller) drawn through.
     */
    public static Optional<XYChart> pareto(Results results) {
        var sweeps = results.tables(FilecryptStudy.STUDY, "level-sweep");
        if (sweeps.isEmpty()) {
            return Optional.empty();
        }
        Table all = sweeps.get(0).value();
        List<FilecryptStudy.InputFile> files = FilecryptStudy.files(all);
        FilecryptStudy.InputFile largest = files.get(files.size() - 1);
        XYChart chart = ChartStyle.xy("Pareto front: CPU time against size, every setting, " + largest.file()
                + " (" + Format.num(largest.bytes() / 1e6) + " MB)", "CPU time, user + system (s, median)", "output size (% of input)");
        List<double[]> points = new ArrayList<>();
        for (FilecryptStudy.Setting setting : FilecryptStudy.settings(all)) {
            Table rows = FilecryptStudy.rowsOf(all, setting);
            List<TradeOff.Level> levels = FilecryptStudy.levels(rows, largest.file());
            if (levels.isEmpty()) {
                continue;
            }
            double[] x = levels.stream().mapToDouble(TradeOff.Level::cpuS).toArray();
            double[] y = levels.stream().mapToDouble(l -> 100 * l.outBytes() / largest.bytes()).toArray();
            for (int i = 0; i < x.length; i++) {
                points.add(new double[] {x[i], y[i]});
            }
            XYSeries s = ChartStyle.add(chart, setting.label(), x, y);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        }
        List<double[]> front = Pareto.front(points, p -> p[0], p -> p[1]);
        ChartStyle.guide(ChartStyle.add(chart, "Pareto front", front.stream().mapToDouble(p -> p[0]).toArray(),
                front.stream().mapToDouble(p -> p[1]).toArray()), ChartStyle.SEED);
        return Optional.of(chart);
    }
}
