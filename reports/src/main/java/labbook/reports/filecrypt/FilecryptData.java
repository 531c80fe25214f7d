package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.ALGO;
import static labbook.filecrypt.FilecryptSchemas.CPU_SYS_S;
import static labbook.filecrypt.FilecryptSchemas.CPU_USER_S;
import static labbook.filecrypt.FilecryptSchemas.DEFLATER;
import static labbook.filecrypt.FilecryptSchemas.ENGINE;
import static labbook.filecrypt.FilecryptSchemas.FILE;
import static labbook.filecrypt.FilecryptSchemas.FILE_BYTES;
import static labbook.filecrypt.FilecryptSchemas.LEVEL;
import static labbook.filecrypt.FilecryptSchemas.OUT_BYTES;
import static labbook.filecrypt.FilecryptSchemas.RUN;
import static labbook.filecrypt.FilecryptSchemas.SCOPE;
import static labbook.filecrypt.FilecryptSchemas.TYPE;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import labbook.core.Column;
import labbook.filecrypt.CryptoPolicy;
import labbook.filecrypt.CryptoPolicy.Run;
import labbook.filecrypt.FilecryptSeeds;
import labbook.filecrypt.corpus.FolderTypes;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.pgp.Compression;
import labbook.reports.stats.Format;
import labbook.reports.stats.Stats;
import labbook.reports.stats.Summaries;
import labbook.reports.stats.TableOf;
import labbook.reports.stats.TradeOff;
import labbook.reports.study.Seed;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/**
 * The file-encryption study's analyses, pure functions of the tables. The seed: "I elected to minimize the encryption
 * time x file size product [...] Across each of these tested file sizes, that occurred at the -z 1 compression level."
 */
public final class FilecryptData {
    /** crypto's gpg size and CPU time per level for the 100/10/1 MB heads (approximate chart readings). */
    public static final Seed CRYPTO_LEVELS =
            new Seed(FilecryptSeeds.CRYPTO_LEVELS, FilecryptSeeds.CRYPTO_LEVELS_RESOURCE);
    /**
     * crypto's three directory runs on its text, MP3, PDF and PNG folders: CPU totals, user/system split, mean sizes.
     */
    public static final Seed CRYPTO_DIRECTORY =
            new Seed(FilecryptSeeds.CRYPTO_DIRECTORY, FilecryptSeeds.CRYPTO_DIRECTORY_RESOURCE);
    /** The CPU time the seed timed, user + system: the seed's column, which {@link #withCpu} adds to ours. */
    public static final String CPU_S = FilecryptSeeds.CPU_S.name();
    /** The levels the seed tested (its chart labels 1..4). */
    public static final List<Integer> SEED_LEVELS = List.of(0, 1, 7, 9);
    /** Bandwidths the bandwidth view is read at: a slow uplink, 100 Mbit/s, 1 Gbit/s, a SATA SSD, an NVMe SSD. */
    public static final Map<String, Double> TYPICAL_BANDWIDTHS = new LinkedHashMap<>();

    static {
        TYPICAL_BANDWIDTHS.put("2 MB/s uplink", 2e6);
        TYPICAL_BANDWIDTHS.put("100 Mbit/s", 12.5e6);
        TYPICAL_BANDWIDTHS.put("1 Gbit/s", 125e6);
        TYPICAL_BANDWIDTHS.put("SATA SSD 500 MB/s", 500e6);
        TYPICAL_BANDWIDTHS.put("NVMe 3 GB/s", 3e9);
    }

    /** {@code table} with a column per typical link: the level of each row's {@code levels} best at that link. */
    static <R> TableOf<R> bestAt(TableOf<R> table, Function<R, List<TradeOff.Level>> levels) {
        TYPICAL_BANDWIDTHS.forEach((link, bandwidth) -> table.text(
                "best at " + link,
                r -> TradeOff.bestAt(levels.apply(r), bandwidth)
                        .map(TradeOff.Level::name)
                        .orElse("n/a")));
        return table;
    }

    /** Which of the measured files a per-file chart shows. */
    public enum FileChoice {
        LARGEST,
        MIDDLE,
        ONE_MB
    }

    private FilecryptData() {}

    /** A measured input file: its name and size. */
    public record InputFile(String file, double bytes) {
        /** The file with its size, as charts and tables name it: "gcide-10MB (10 MB)". */
        public String withSize() {
            return file + " (" + Format.num(bytes / 1e6) + " MB)";
        }
    }

    /** The largest input file of {@code rows}: the one the seed's single-file figures are about. */
    public static Optional<InputFile> largest(Table rows) {
        return choose(files(rows), FileChoice.LARGEST);
    }

    /** The raw rows with a {@code cpu_s} column added: user + system, what the seed timed. */
    public static Table withCpu(Table levelSweep) {
        Table t = levelSweep.copy();
        DoubleColumn cpu = DoubleColumn.create(CPU_S, t.rowCount());
        for (int i = 0; i < t.rowCount(); i++) {
            cpu.set(
                    i,
                    t.numberColumn(CPU_USER_S.name()).getDouble(i)
                            + t.numberColumn(CPU_SYS_S.name()).getDouble(i));
        }
        if (t.containsColumn(CPU_S)) {
            t.removeColumns(CPU_S);
        }
        return t.addColumns(cpu);
    }

    /** The seed's setup when we have it: the gpg process with ZIP; else the first engine/scope/algo measured. */
    public static Table seedLike(Table levelSweep) {
        Table t = levelSweep;
        for (String[] pref : new String[][] {
            {ENGINE.name(), Engine.GPG.engine()},
            {SCOPE.name(), Engine.GPG.scope()},
            {ALGO.name(), Compression.ZIP.gpgName()}
        }) {
            Table narrowed = t.where(t.stringColumn(pref[0]).isEqualTo(pref[1]));
            String first = t.isEmpty() ? null : t.stringColumn(pref[0]).get(0);
            t = !narrowed.isEmpty()
                    ? narrowed
                    : first == null ? t : t.where(t.stringColumn(pref[0]).isEqualTo(first));
        }
        List<Setting> settings = settings(t);
        return settings.isEmpty() ? t : rowsOf(t, settings.get(0));
    }

    /**
     * One way of encrypting: engine, scope, algorithm, the deflater when an engine was measured with more than one
     * (bcpg with JZlib's 8 KiB window and with the JDK's 32 KiB one), and the compressing threads (bcpg in-process on N
     * threads is a setting of its own).
     */
    public record Setting(String engine, String scope, String algo, String deflater, int threads) {
        public String label() {
            return engine + " " + scope + " " + algo + (deflater == null ? "" : " " + deflater)
                    + (threads == 1 ? "" : " on " + threads + " threads");
        }
    }

    /** Every setting measured, in first-seen order. */
    public static List<Setting> settings(Table levelSweep) {
        boolean hasDeflater = levelSweep.containsColumn(DEFLATER.name());
        List<Setting> out = new ArrayList<>();
        // each engine, scope and algorithm's deflaters, looked up once (a claim's bootstrap asks thousands of times)
        Map<List<String>, Boolean> severalDeflaters = new HashMap<>();
        for (int i = 0; i < levelSweep.rowCount(); i++) {
            String engine = levelSweep.stringColumn(ENGINE.name()).get(i);
            String scope = levelSweep.stringColumn(SCOPE.name()).get(i);
            String algo = levelSweep.stringColumn(ALGO.name()).get(i);
            boolean several = hasDeflater
                    && severalDeflaters.computeIfAbsent(
                            List.of(engine, scope, algo),
                            k -> deflatersOf(levelSweep, engine, scope, algo).size() > 1);
            String deflater = null;
            if (several) {
                String d = levelSweep.column(DEFLATER.name()).getString(i);
                if (isNoDeflater(d)) {
                    continue; // a level-0 row: it joins every deflater's setting in rowsOf
                }
                deflater = d;
            }
            Setting s = new Setting(engine, scope, algo, deflater, WallTime.threads(levelSweep, i));
            if (!out.contains(s)) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The rows of one setting; level-0 rows (no deflater at all) belong to every deflater's setting on as many threads.
     */
    public static Table rowsOf(Table levelSweep, Setting s) {
        Table t = WallTime.onThreads(
                levelSweep.where(levelSweep
                        .stringColumn(ENGINE.name())
                        .isEqualTo(s.engine())
                        .and(levelSweep.stringColumn(SCOPE.name()).isEqualTo(s.scope()))
                        .and(levelSweep.stringColumn(ALGO.name()).isEqualTo(s.algo()))),
                s.threads());
        if (s.deflater() == null) {
            return t;
        }
        Table keep = t.emptyCopy();
        for (int i = 0; i < t.rowCount(); i++) {
            String d = t.column(DEFLATER.name()).getString(i);
            if (d.equals(s.deflater()) || isNoDeflater(d)) {
                keep.append(t.row(i));
            }
        }
        return keep;
    }

    private static List<String> deflatersOf(Table t, String engine, String scope, String algo) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < t.rowCount(); i++) {
            if (t.stringColumn(ENGINE.name()).get(i).equals(engine)
                    && t.stringColumn(SCOPE.name()).get(i).equals(scope)
                    && t.stringColumn(ALGO.name()).get(i).equals(algo)) {
                String d = t.column(DEFLATER.name()).getString(i);
                if (!isNoDeflater(d) && !out.contains(d)) {
                    out.add(d);
                }
            }
        }
        return out;
    }

    private static boolean isNoDeflater(String d) {
        return d == null || d.isEmpty() || d.equals("none");
    }

    /** The distinct input files, smallest first. */
    public static List<InputFile> files(Table levelSweep) {
        Map<String, Double> sizes = new LinkedHashMap<>();
        for (int i = 0; i < levelSweep.rowCount(); i++) {
            sizes.putIfAbsent(
                    levelSweep.stringColumn(FILE.name()).get(i),
                    levelSweep.numberColumn(FILE_BYTES.name()).getDouble(i));
        }
        List<InputFile> out = new ArrayList<>();
        sizes.forEach((f, b) -> out.add(new InputFile(f, b)));
        out.sort(Comparator.comparingDouble(InputFile::bytes));
        return out;
    }

    /** The file nearest a size, on a log scale. */
    public static Optional<InputFile> nearest(List<InputFile> files, double bytes) {
        return files.stream().min(Comparator.comparingDouble(f -> Math.abs(Math.log(f.bytes() / bytes))));
    }

    /** The largest file, the 1 MB one, and a middle one (nearest 10 MB, as the seed's middle chart). */
    public static Optional<InputFile> choose(List<InputFile> files, FileChoice choice) {
        if (files.isEmpty()) {
            return Optional.empty();
        }
        InputFile largest = files.get(files.size() - 1);
        InputFile oneMb = nearest(files, 1e6).orElseThrow();
        return switch (choice) {
            case LARGEST -> Optional.of(largest);
            case ONE_MB -> oneMb.equals(largest) ? Optional.empty() : Optional.of(oneMb);
            case MIDDLE ->
                nearest(
                        files.stream()
                                .filter(f -> !f.equals(largest) && !f.equals(oneMb))
                                .toList(),
                        1e7);
        };
    }

    /** Median CPU time and output size per level, for one file of the given rows. */
    public static List<TradeOff.Level> levels(Table rows, String file) {
        Table t = withCpu(rows.where(rows.stringColumn(FILE.name()).isEqualTo(file)));
        Table cpu = Summaries.groupMedians(t, CPU_S, LEVEL.name());
        Table out = Summaries.groupMedians(t, OUT_BYTES.name(), LEVEL.name());
        List<TradeOff.Level> levels = new ArrayList<>();
        for (int i = 0; i < cpu.rowCount(); i++) {
            levels.add(new TradeOff.Level(
                    "-z " + (long) cpu.numberColumn(LEVEL.name()).getDouble(i),
                    cpu.numberColumn(CPU_S).getDouble(i),
                    out.numberColumn(OUT_BYTES.name()).getDouble(i)));
        }
        return levels;
    }

    public static Optional<TradeOff.Level> level(List<TradeOff.Level> levels, int z) {
        return levels.stream().filter(l -> l.name().equals("-z " + z)).findFirst();
    }

    /**
     * True when every CPU time of these levels is a whole number of 10 ms clock ticks: a run made before the lab timed
     * its peers to the microsecond (run.json's commit says which), whose CPU times under a few ticks compare noise.
     */
    public static boolean inTicks(List<TradeOff.Level> levels) {
        return levels.stream()
                .mapToDouble(TradeOff.Level::cpuS)
                .filter(c -> !Double.isNaN(c))
                .allMatch(c -> Math.abs(c * 100 - Math.rint(c * 100)) < 1e-6);
    }

    /** Only the levels the seed tested. */
    public static List<TradeOff.Level> seedLevels(List<TradeOff.Level> levels) {
        return levels.stream()
                .filter(l -> SEED_LEVELS.stream().anyMatch(z -> l.name().equals("-z " + z)))
                .toList();
    }

    /**
     * The mean, over files, of output size as a fraction of input under a per-file level rule (the seed's "mean %
     * original file size"). NaN when a file lacks the level its rule picks.
     */
    public static double meanSizeFraction(Table rows, ToIntFunction<InputFile> rule) {
        List<InputFile> files = files(rows);
        if (files.isEmpty()) {
            return Double.NaN;
        }
        double sum = 0;
        for (InputFile f : files) {
            Optional<TradeOff.Level> l = level(levels(rows, f.file()), rule.applyAsInt(f));
            if (l.isEmpty()) {
                return Double.NaN;
            }
            sum += l.get().outBytes() / f.bytes();
        }
        return sum / files.size();
    }

    /** crypto's default rule ({@link CryptoPolicy}): -z 1 for (text) files over 10,240 bytes, else -z 0. */
    public static int cryptoDefaultLevel(InputFile f) {
        return level(Run.CRYPTO_DEFAULT, f);
    }

    /** The level a directory run gives a text file, by crypto's rules ({@link CryptoPolicy#level}). */
    public static int level(Run run, InputFile f) {
        return CryptoPolicy.level(run, (long) f.bytes(), true);
    }

    /** Median user, system and total CPU of one directory run (one engine, every scope), or empty. */
    public static Optional<double[]> directoryCpu(Table runs, String run, String engine) {
        return directoryCpu(runs, run, engine, null);
    }

    /** As above for one scope (process or in-process); a null scope takes every row of the engine. */
    public static Optional<double[]> directoryCpu(Table runs, String run, String engine, String scope) {
        Table t = runs.where(runs.stringColumn(RUN.name())
                .isEqualTo(run)
                .and(runs.stringColumn(ENGINE.name()).isEqualTo(engine)));
        if (scope != null) {
            t = t.where(t.stringColumn(SCOPE.name()).isEqualTo(scope));
        }
        if (t.isEmpty()) {
            return Optional.empty();
        }
        double user = Stats.median(t.numberColumn(CPU_USER_S.name()).asDoubleArray());
        double sys = Stats.median(t.numberColumn(CPU_SYS_S.name()).asDoubleArray());
        return Optional.of(new double[] {user, sys, user + sys});
    }

    /** One published figure of a seed directory run on the text folder (a row of crypto-directory.csv). */
    static double seedDirectory(Table seedDir, Run run, Column column) {
        return seedDirectory(seedDir, FolderTypes.TEXT, run, column);
    }

    /** One published figure of a seed directory run on the folder of {@code type} (text, mp3, pdf, png). */
    static double seedDirectory(Table seedDir, String type, Run run, Column column) {
        Table t = seedDir.where(seedDir.stringColumn(RUN.name())
                .isEqualTo(run.label())
                .and(seedDir.stringColumn(TYPE.name()).isEqualTo(type)));
        if (t.rowCount() != 1) {
            throw new IllegalStateException(
                    "seed " + CRYPTO_DIRECTORY.name() + " has no single row for run " + run.label() + " on " + type);
        }
        return t.numberColumn(column.name()).getDouble(0);
    }
}
