package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.COMPRESS_THREADS;
import static labbook.filecrypt.FilecryptSchemas.FILE;
import static labbook.filecrypt.FilecryptSchemas.LEVEL;
import static labbook.filecrypt.FilecryptSchemas.OUT_BYTES;
import static labbook.filecrypt.FilecryptSchemas.WALL_S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.filecrypt.pgp.Compression;
import labbook.reports.stats.Pareto;
import labbook.reports.stats.Summaries;
import labbook.reports.stats.TableOf;
import labbook.reports.stats.TradeOff;
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
        return t.containsColumn(COMPRESS_THREADS.name())
                ? (int) t.numberColumn(COMPRESS_THREADS.name()).getDouble(row)
                : 1;
    }

    static Table onThreads(Table t, int threads) {
        if (!t.containsColumn(COMPRESS_THREADS.name())) {
            return threads == 1 ? t : t.emptyCopy();
        }
        return t.where(t.numberColumn(COMPRESS_THREADS.name()).isEqualTo(threads));
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
        Table wall = Summaries.groupMedians(t, WALL_S.name(), LEVEL.name());
        Table out = Summaries.groupMedians(t, OUT_BYTES.name(), LEVEL.name());
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
        double mb = f.bytes() / 1e6;
        return TableOf.rows(pWall)
                .text("level", TradeOff.Level::name)
                .number(
                        "gpg wall s",
                        l -> at(gpgWall, l).map(TradeOff.Level::cpuS).orElse(Double.NaN))
                .number(
                        "gpg CPU ms/MB",
                        l -> at(gpgCpu, l).map(x -> x.cpuS() * 1000 / mb).orElse(Double.NaN))
                .number(p.threads() + " threads wall s", TradeOff.Level::cpuS)
                .number(
                        p.threads() + " threads CPU ms/MB",
                        l -> at(pCpu, l).map(x -> x.cpuS() * 1000 / mb).orElse(Double.NaN))
                .number(
                        p.threads() + " threads wall / gpg's",
                        l -> l.cpuS() / at(gpgWall, l).map(TradeOff.Level::cpuS).orElse(Double.NaN))
                .number(
                        p.threads() + " threads size % of 1 thread's",
                        l -> at(single, l)
                                .map(x -> 100 * l.outBytes() / x.outBytes())
                                .orElse(Double.NaN))
                .named("wall");
    }

    /** The level of {@code levels} at the same -z as {@code like} (named "-z N"). */
    private static Optional<TradeOff.Level> at(List<TradeOff.Level> levels, TradeOff.Level like) {
        return FilecryptData.level(levels, Integer.parseInt(like.name().substring(3)));
    }

    /**
     * Per file and engine: the rule's pick by wall time over the seed's levels and over every level, and the best level
     * per link.
     */
    private static Table rule(List<FilecryptData.InputFile> files, Map<String, Table> engines) {
        record EngineLevels(FilecryptData.InputFile file, String engine, List<TradeOff.Level> levels) {}
        List<EngineLevels> rows = new ArrayList<>();
        for (FilecryptData.InputFile f : files) {
            engines.forEach((engine, t) -> rows.add(new EngineLevels(f, engine, levels(t, f.file()))));
        }
        TableOf<EngineLevels> rule = TableOf.rows(rows)
                .text("file", r -> r.file().withSize())
                .text("engine", EngineLevels::engine)
                .text("min wall x size, levels 0/1/7/9", r -> pick(FilecryptData.seedLevels(r.levels())))
                .text("min wall x size, every level", r -> pick(r.levels()));
        return FilecryptData.bestAt(rule, EngineLevels::levels).named("wall rule");
    }

    private static String pick(List<TradeOff.Level> levels) {
        return TradeOff.minTimeTimesSize(levels).map(TradeOff.Level::name).orElse("n/a");
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
        return TableOf.rows(Pareto.front(points, Point::wall, Point::pct))
                .text("setting", Point::name)
                .number("wall s (median)", Point::wall)
                .number("size % of input", Point::pct)
                .named("wall front");
    }
}
