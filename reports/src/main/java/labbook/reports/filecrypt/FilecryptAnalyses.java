package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.ALGO;
import static labbook.filecrypt.FilecryptSchemas.CPU_SYS_S;
import static labbook.filecrypt.FilecryptSchemas.CPU_USER_S;
import static labbook.filecrypt.FilecryptSchemas.DEFAULT_LEVEL;
import static labbook.filecrypt.FilecryptSchemas.DEFLATER;
import static labbook.filecrypt.FilecryptSchemas.DIRECTION;
import static labbook.filecrypt.FilecryptSchemas.ENGINE;
import static labbook.filecrypt.FilecryptSchemas.FILE;
import static labbook.filecrypt.FilecryptSchemas.FILE_BYTES;
import static labbook.filecrypt.FilecryptSchemas.LEVEL;
import static labbook.filecrypt.FilecryptSchemas.MB_PER_S;
import static labbook.filecrypt.FilecryptSchemas.MIME;
import static labbook.filecrypt.FilecryptSchemas.OUT_BYTES;
import static labbook.filecrypt.FilecryptSchemas.PASSED;
import static labbook.filecrypt.FilecryptSchemas.RUN;
import static labbook.filecrypt.FilecryptSchemas.SCOPE;
import static labbook.filecrypt.FilecryptSchemas.TYPE;
import static labbook.reports.filecrypt.FilecryptData.CPU_S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.filecrypt.FilecryptSchemas;
import labbook.reports.results.Results;
import labbook.reports.stats.Format;
import labbook.reports.stats.Pareto;
import labbook.reports.stats.Summaries;
import labbook.reports.stats.TableOf;
import labbook.reports.stats.TradeOff;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/** The file-encryption page's analysis tables: the seed's rule and the bandwidth view, the Pareto front, medians. */
final class FilecryptAnalyses {
    private FilecryptAnalyses() {}

    static Map<String, Table> of(Results results) {
        Map<String, Table> out = new LinkedHashMap<>();
        for (var sweep : results.tables(FilecryptSchemas.LEVEL_SWEEP)) {
            Table rows = FilecryptData.seedLike(sweep.value());
            String setup = rows.isEmpty()
                    ? ""
                    : rows.stringColumn(ENGINE.name()).get(0) + " "
                            + rows.stringColumn(SCOPE.name()).get(0) + " "
                            + rows.stringColumn(ALGO.name()).get(0);
            out.put(
                    "The seed's rule (minimise CPU time x size) and the bandwidth view it stands in for "
                            + "(cost = CPU time + size / bandwidth) [" + sweep.label() + ", " + setup + "]",
                    rule(rows));
            settings(sweep.value(), sweep.label(), out);
            WallTime.analyses(sweep.value(), sweep.label(), out);
        }
        for (var decrypt : results.tables(FilecryptSchemas.LEVEL_DECRYPT)) {
            out.put(
                    "level-decrypt: median CPU time (user + system) to decrypt gpg's output, gpg and bcpg "
                            + "in-process, largest file,"
                            + " ZIP (the lab's target, bcpg " + DecryptLevels.GOAL + ", is on the targets table) ["
                            + decrypt.label() + "]",
                    DecryptLevels.table(DecryptLevels.levels(decrypt.value())));
        }
        for (var dir : results.tables(FilecryptSchemas.DIRECTORY_RUNS)) {
            Table t = DirectoryTypes.withType(dir);
            DoubleColumn total = DoubleColumn.create(CPU_S, t.rowCount());
            for (int i = 0; i < t.rowCount(); i++) {
                total.set(
                        i,
                        t.numberColumn(CPU_USER_S.name()).getDouble(i)
                                + t.numberColumn(CPU_SYS_S.name()).getDouble(i));
            }
            t.addColumns(total);
            out.put(
                    "directory-runs: median CPU time per folder and run [" + dir.label() + "]",
                    Summaries.medians(t, CPU_S, TYPE.name(), RUN.name(), ENGINE.name(), SCOPE.name()));
        }
        for (var files : results.tables(FilecryptSchemas.DIRECTORY_FILES)) {
            out.put(
                    "directory-files: files per folder, mime type (file --mime-type) and the level crypto's "
                            + "default gave them ["
                            + files.label() + "]",
                    Summaries.counts(files.value(), FILE_BYTES.name(), TYPE.name(), MIME.name(), DEFAULT_LEVEL.name()));
        }
        for (var interop : results.tables(FilecryptSchemas.INTEROP)) {
            out.put(
                    "interop: cases per direction and result [" + interop.label() + "]",
                    Summaries.counts(interop.value(), null, DIRECTION.name(), PASSED.name()));
        }
        for (var jmh : results.tables(FilecryptSchemas.LEVEL_JMH)) {
            Table t = jmh.value();
            // a deflater column with nothing in it (gpg's side, or an older writer) does not split the rows
            String[] by = t.containsColumn(DEFLATER.name())
                            && t.column(DEFLATER.name()).countMissing() < t.rowCount()
                    ? new String[] {ALGO.name(), DEFLATER.name(), LEVEL.name()}
                    : new String[] {ALGO.name(), LEVEL.name()};
            out.put(
                    "level-jmh: compression throughput per algorithm and level [" + jmh.label() + "]",
                    Summaries.medians(t, MB_PER_S.name(), by));
        }
        return out;
    }

    /**
     * Per file: the seed's rule over its levels and over every level, where compressing pays, the best level per link.
     */
    private static Table rule(Table rows) {
        record FileLevels(FilecryptData.InputFile file, List<TradeOff.Level> levels) {
            Optional<TradeOff.Level> level(int z) {
                return FilecryptData.level(levels, z);
            }

            // runs made before peers were timed to the microsecond counted CPU in 10 ms ticks: below a few ticks
            // the product compares noise
            String pick(List<TradeOff.Level> among) {
                String coarse = FilecryptData.inTicks(levels)
                                && levels.stream()
                                                .mapToDouble(TradeOff.Level::cpuS)
                                                .max()
                                                .orElse(0)
                                        < 0.03
                        ? " (CPU under 3 clock ticks: not meaningful)"
                        : "";
                return TradeOff.minTimeTimesSize(among)
                                .map(TradeOff.Level::name)
                                .orElse("n/a")
                        + coarse;
            }
        }
        List<FileLevels> files = FilecryptData.files(rows).stream()
                .map(f -> new FileLevels(f, FilecryptData.levels(rows, f.file())))
                .toList();
        TableOf<FileLevels> rule = TableOf.rows(files)
                .text("file", f -> f.file().file())
                .number("MB", f -> f.file().bytes() / 1e6)
                .text("min time x size, levels 0/1/7/9", f -> f.pick(FilecryptData.seedLevels(f.levels())))
                .text("min time x size, every level", f -> f.pick(f.levels()))
                .text("-z 1 pays below", f -> pays(f.level(0), f.level(1)))
                .text("-z 7 pays below", f -> pays(f.level(0), f.level(7)));
        return FilecryptData.bestAt(rule, FileLevels::levels).named("rule");
    }

    private static String pays(Optional<TradeOff.Level> zero, Optional<TradeOff.Level> level) {
        if (zero.isEmpty() || level.isEmpty()) {
            return "n/a";
        }
        return Format.bandwidth(TradeOff.breakEvenBandwidth(zero.get(), level.get()));
    }

    /** A setting at one level on the largest file: its median CPU time with the IQR, and its size. */
    private record Point(String setting, String level, double cpu, double iqr, double pct) {
        String name() {
            return setting + " " + level;
        }
    }

    /** Every setting's medians on the largest file, and the Pareto front through them. */
    private static void settings(Table sweep, String label, Map<String, Table> out) {
        Table withCpu = FilecryptData.withCpu(sweep);
        FilecryptData.InputFile largest = FilecryptData.largest(withCpu).orElseThrow();
        Table onLargest = withCpu.where(withCpu.stringColumn(FILE.name()).isEqualTo(largest.file()));
        List<Point> points = new ArrayList<>();
        for (FilecryptData.Setting s : FilecryptData.settings(onLargest)) {
            Table rowsOf = FilecryptData.rowsOf(onLargest, s);
            Table cpuM = Summaries.medians(rowsOf, CPU_S, LEVEL.name());
            Table outM = Summaries.medians(rowsOf, OUT_BYTES.name(), LEVEL.name());
            for (int i = 0; i < cpuM.rowCount(); i++) {
                points.add(new Point(
                        s.label(),
                        "-z " + (long) cpuM.numberColumn(LEVEL.name()).getDouble(i),
                        cpuM.numberColumn(CPU_S).getDouble(i),
                        cpuM.numberColumn(Summaries.IQR).getDouble(i),
                        100 * outM.numberColumn(OUT_BYTES.name()).getDouble(i) / largest.bytes()));
            }
        }
        out.put(
                "Pareto front on " + largest.file() + ": the settings nothing else beats on both CPU time and size ["
                        + label + "]",
                TableOf.rows(Pareto.front(points, Point::cpu, Point::pct))
                        .text("setting", Point::name)
                        .number("CPU s (median)", Point::cpu)
                        .number("size % of input", Point::pct)
                        .named("front"));
        out.put(
                "level-sweep: median CPU time (user + system) and size per setting, largest file [" + label + "]",
                TableOf.rows(points)
                        .text("setting", Point::setting)
                        .text("level", Point::level)
                        .number("CPU s (median)", Point::cpu)
                        .number("CPU IQR s", Point::iqr)
                        .number("size % of input", Point::pct)
                        .named("settings"));
    }
}
