package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.FILE;
import static labbook.filecrypt.FilecryptSchemas.LEVEL;
import static labbook.filecrypt.FilecryptSchemas.OUT_BYTES;
import static labbook.filecrypt.FilecryptSchemas.THREADS;
import static labbook.filecrypt.FilecryptSchemas.WALL_S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.filecrypt.pgp.Compression;
import labbook.reports.stats.Format;
import labbook.reports.stats.Pareto;
import labbook.reports.stats.Summaries;
import labbook.reports.stats.TradeOff;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The level sweep on the wall clock, where bcpg compressing on several threads (the sweep's {@code threads} column
 * above 1) shows what it buys: it spends more CPU time than one thread and less wall time, so on the seed's CPU axis it
 * can only lose. Here its levels are read by median wall time: beside gpg's, under the seed's time x size rule, in the
 * bandwidth view and on a Pareto front of wall time against size. A {@link TradeOff.Level} built here carries wall
 * seconds where the CPU-time analyses carry CPU seconds.
 */
final class WallTime {
    private WallTime() {}

    /** A row's compressing threads; a table without the column (an older writer, a test) is all on one. */
    static int threads(Table t, int row) {
        return t.containsColumn(THREADS.name())
                ? (int) t.numberColumn(THREADS.name()).getDouble(row)
                : 1;
    }

    static Table onThreads(Table t, int threads) {
        if (!t.containsColumn(THREADS.name())) {
            return threads == 1 ? t : t.emptyCopy();
        }
        return t.where(t.numberColumn(THREADS.name()).isEqualTo(threads));
    }

    /** The engine on several threads the sweep measured on ZIP (the seed's algorithm), if any. */
    static Optional<FilecryptData.Setting> parallel(Table sweep) {
        return FilecryptData.settings(sweep).stream()
                .filter(s -> s.threads() > 1 && s.algo().equals(Compression.ZIP.gpgName()))
                .findFirst();
    }

    /** Its rows, and the same engine's -z 0 rows on one thread: no compressed packet, so nothing to share out. */
    static Table rows(Table sweep, FilecryptData.Setting parallel) {
        Table t = FilecryptData.rowsOf(sweep, parallel).copy();
        Table single = FilecryptData.rowsOf(
                sweep,
                new FilecryptData.Setting(
                        parallel.engine(), parallel.scope(), parallel.algo(), parallel.deflater(), 1));
        return t.append(single.where(single.numberColumn(LEVEL.name()).isEqualTo(0)));
    }

    /** Median wall time (in the level's time) and output size per level, for one file of the given rows. */
    static List<TradeOff.Level> levels(Table rows, String file) {
        Table t = rows.where(rows.stringColumn(FILE.name()).isEqualTo(file));
        Table wall = Summaries.medians(t, WALL_S.name(), LEVEL.name());
        Table out = Summaries.medians(t, OUT_BYTES.name(), LEVEL.name());
        List<TradeOff.Level> levels = new ArrayList<>();
        for (int i = 0; i < wall.rowCount(); i++) {
            levels.add(new TradeOff.Level(
                    "-z " + (long) wall.numberColumn(LEVEL.name()).getDouble(i),
                    wall.numberColumn(WALL_S.name()).getDouble(i),
                    out.numberColumn(OUT_BYTES.name()).getDouble(i)));
        }
        return levels;
    }

    /** The wall-time tables, when the sweep measured an engine on several threads. */
    static void analyses(Table sweep, String label, Map<String, Table> out) {
        Optional<FilecryptData.Setting> parallel = parallel(sweep);
        List<FilecryptData.InputFile> files = FilecryptData.files(sweep);
        if (parallel.isEmpty() || files.isEmpty()) {
            return;
        }
        FilecryptData.Setting p = parallel.get();
        FilecryptData.InputFile largest = files.get(files.size() - 1);
        Table gpg = FilecryptData.seedLike(sweep);
        Table rows = rows(sweep, p);
        out.put(
                "Wall time against gpg's: median wall time, CPU time per MB and size per level, " + p.label()
                        + " beside " + setup(gpg) + ", " + largest.file() + " [" + label + "]",
                perLevel(sweep, gpg, rows, p, largest));
        Map<String, Table> engines = new LinkedHashMap<>();
        engines.put(setup(gpg), gpg);
        engines.put(p.label(), rows);
        out.put(
                "The seed's rule and the bandwidth view with wall time (cost = wall time + size / bandwidth), "
                        + setup(gpg) + " and " + p.label() + " [" + label + "]",
                rule(files, engines));
        out.put(
                "Pareto front on " + largest.file()
                        + " by wall time: the settings nothing else beats on both wall time and size [" + label + "]",
                front(sweep, largest));
    }

    private static String setup(Table seedLike) {
        List<FilecryptData.Setting> s = FilecryptData.settings(seedLike);
        return s.isEmpty() ? "" : s.get(0).label();
    }

    private static Table perLevel(
            Table sweep, Table gpg, Table rows, FilecryptData.Setting p, FilecryptData.InputFile f) {
        List<TradeOff.Level> gpgWall = levels(gpg, f.file());
        List<TradeOff.Level> pWall = levels(rows, f.file());
        List<TradeOff.Level> gpgCpu = FilecryptData.levels(gpg, f.file());
        List<TradeOff.Level> pCpu = FilecryptData.levels(rows, f.file());
        List<TradeOff.Level> single = FilecryptData.levels(
                FilecryptData.rowsOf(
                        sweep, new FilecryptData.Setting(p.engine(), p.scope(), p.algo(), p.deflater(), 1)),
                f.file());
        StringColumn level = StringColumn.create("level");
        DoubleColumn gw = DoubleColumn.create("gpg wall s");
        DoubleColumn gc = DoubleColumn.create("gpg CPU ms/MB");
        DoubleColumn pw = DoubleColumn.create(p.threads() + " threads wall s");
        DoubleColumn pc = DoubleColumn.create(p.threads() + " threads CPU ms/MB");
        DoubleColumn ratio = DoubleColumn.create(p.threads() + " threads wall / gpg's");
        DoubleColumn size = DoubleColumn.create(p.threads() + " threads size % of 1 thread's");
        for (TradeOff.Level l : pWall) {
            int z = Integer.parseInt(l.name().substring(3));
            double g = FilecryptData.level(gpgWall, z).map(TradeOff.Level::cpuS).orElse(Double.NaN);
            level.append(l.name());
            gw.append(g);
            gc.append(FilecryptData.level(gpgCpu, z)
                    .map(x -> x.cpuS() * 1000 / (f.bytes() / 1e6))
                    .orElse(Double.NaN));
            pw.append(l.cpuS());
            pc.append(FilecryptData.level(pCpu, z)
                    .map(x -> x.cpuS() * 1000 / (f.bytes() / 1e6))
                    .orElse(Double.NaN));
            ratio.append(l.cpuS() / g);
            size.append(FilecryptData.level(single, z)
                    .map(x -> 100 * l.outBytes() / x.outBytes())
                    .orElse(Double.NaN));
        }
        return Table.create("wall").addColumns(level, gw, gc, pw, pc, ratio, size);
    }

    /**
     * Per file and engine: the rule's pick by wall time over the seed's levels and over every level, and the best level
     * per link.
     */
    private static Table rule(List<FilecryptData.InputFile> files, Map<String, Table> engines) {
        StringColumn file = StringColumn.create("file");
        StringColumn engine = StringColumn.create("engine");
        StringColumn best = StringColumn.create("min wall x size, levels 0/1/7/9");
        StringColumn bestAny = StringColumn.create("min wall x size, every level");
        Map<String, StringColumn> at = FilecryptData.bestAtColumns();
        for (FilecryptData.InputFile f : files) {
            for (Map.Entry<String, Table> e : engines.entrySet()) {
                List<TradeOff.Level> levels = levels(e.getValue(), f.file());
                file.append(f.file() + " (" + Format.num(f.bytes() / 1e6) + " MB)");
                engine.append(e.getKey());
                best.append(TradeOff.minTimeTimesSize(FilecryptData.seedLevels(levels))
                        .map(TradeOff.Level::name)
                        .orElse("n/a"));
                bestAny.append(TradeOff.minTimeTimesSize(levels)
                        .map(TradeOff.Level::name)
                        .orElse("n/a"));
                FilecryptData.appendBestAt(at, levels);
            }
        }
        Table rule = Table.create("wall rule").addColumns(file, engine, best, bestAny);
        at.values().forEach(rule::addColumns);
        return rule;
    }

    /** A setting at one level on the largest file, by wall time. */
    private record Point(String name, double wall, double pct) {}

    private static Table front(Table sweep, FilecryptData.InputFile largest) {
        Table onLargest = sweep.where(sweep.stringColumn(FILE.name()).isEqualTo(largest.file()));
        List<Point> points = new ArrayList<>();
        for (FilecryptData.Setting s : FilecryptData.settings(onLargest)) {
            for (TradeOff.Level l : levels(FilecryptData.rowsOf(onLargest, s), largest.file())) {
                points.add(new Point(s.label() + " " + l.name(), l.cpuS(), 100 * l.outBytes() / largest.bytes()));
            }
        }
        List<Point> front = Pareto.front(points, Point::wall, Point::pct);
        return Table.create("wall front")
                .addColumns(
                        StringColumn.create(
                                "setting", front.stream().map(Point::name).toList()),
                        DoubleColumn.create(
                                "wall s (median)",
                                front.stream().mapToDouble(Point::wall).toArray()),
                        DoubleColumn.create(
                                "size % of input",
                                front.stream().mapToDouble(Point::pct).toArray()));
    }
}
