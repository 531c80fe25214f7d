package labbook.reports;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/**
 * The file-encryption study's analyses and reproduction table. The seed: "I elected to minimize the
 * encryption time x file size product [...] Across each of these tested file sizes, that occurred at
 * the -z 1 compression level."
 */
public final class FilecryptStudy {
    public static final String STUDY = "filecrypt";
    /** The seed's directory runs (the {@code run} column of directory-runs.csv and of its seed table). */
    static final String GPG_DEFAULT_RUN = "published-gpg-default-z7";
    static final String CRYPTO_DEFAULT_RUN = "crypto-default";
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

    /** Which of the measured files a per-file chart shows. */
    public enum FileChoice { LARGEST, MIDDLE, ONE_MB }

    private FilecryptStudy() {
    }

    /** A measured input file: its name and size. */
    public record InputFile(String file, double bytes) {
    }

    /** The raw rows with a {@code cpu_s} column added: user + system, what the seed timed. */
    public static Table withCpu(Table levelSweep) {
        Table t = levelSweep.copy();
        DoubleColumn cpu = DoubleColumn.create("cpu_s", t.rowCount());
        for (int i = 0; i < t.rowCount(); i++) {
            cpu.set(i, t.numberColumn("cpu_user_s").getDouble(i) + t.numberColumn("cpu_sys_s").getDouble(i));
        }
        if (t.containsColumn("cpu_s")) {
            t.removeColumns("cpu_s");
        }
        return t.addColumns(cpu);
    }

    /** The seed's setup when we have it: the gpg process with ZIP; else the first engine/scope/algo measured. */
    public static Table seedLike(Table levelSweep) {
        Table t = levelSweep;
        for (String[] pref : new String[][] {{"engine", "gpg"}, {"scope", "process"}, {"algo", "zip"}}) {
            Table narrowed = t.where(t.stringColumn(pref[0]).isEqualTo(pref[1]));
            String first = t.isEmpty() ? null : t.stringColumn(pref[0]).get(0);
            t = !narrowed.isEmpty() ? narrowed : first == null ? t : t.where(t.stringColumn(pref[0]).isEqualTo(first));
        }
        List<Setting> settings = settings(t);
        return settings.isEmpty() ? t : rowsOf(t, settings.get(0));
    }

    /**
     * One way of encrypting: engine, scope, algorithm, and the deflater when an engine was measured
     * with more than one (bcpg with JZlib's 8 KiB window and with the JDK's 32 KiB one).
     */
    public record Setting(String engine, String scope, String algo, String deflater) {
        public String label() {
            return engine + " " + scope + " " + algo + (deflater == null ? "" : " " + deflater);
        }
    }

    /** Every setting measured, in first-seen order. */
    public static List<Setting> settings(Table levelSweep) {
        boolean hasDeflater = levelSweep.containsColumn("deflater");
        List<Setting> out = new ArrayList<>();
        for (int i = 0; i < levelSweep.rowCount(); i++) {
            String engine = levelSweep.stringColumn("engine").get(i);
            String scope = levelSweep.stringColumn("scope").get(i);
            String algo = levelSweep.stringColumn("algo").get(i);
            boolean several = hasDeflater && deflatersOf(levelSweep, engine, scope, algo).size() > 1;
            String deflater = null;
            if (several) {
                String d = levelSweep.column("deflater").getString(i);
                if (isNoDeflater(d)) {
                    continue; // a level-0 row: it joins every deflater's setting in rowsOf
                }
                deflater = d;
            }
            Setting s = new Setting(engine, scope, algo, deflater);
            if (!out.contains(s)) {
                out.add(s);
            }
        }
        return out;
    }

    /** The rows of one setting; level-0 rows (no deflater at all) belong to every deflater's setting. */
    public static Table rowsOf(Table levelSweep, Setting s) {
        Table t = levelSweep.where(levelSweep.stringColumn("engine").isEqualTo(s.engine())
                .and(levelSweep.stringColumn("scope").isEqualTo(s.scope()))
                .and(levelSweep.stringColumn("algo").isEqualTo(s.algo())));
        if (s.deflater() == null) {
            return t;
        }
        Table keep = t.emptyCopy();
        for (int i = 0; i < t.rowCount(); i++) {
            String d = t.column("deflater").getString(i);
            if (d.equals(s.deflater()) || isNoDeflater(d)) {
                keep.append(t.row(i));
            }
        }
        return keep;
    }

    private static List<String> deflatersOf(Table t, String engine, String scope, String algo) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < t.rowCount(); i++) {
            if (t.stringColumn("engine").get(i).equals(engine) && t.stringColumn("scope").get(i).equals(scope)
                    && t.stringColumn("algo").get(i).equals(algo)) {
                String d = t.column("deflater").getString(i);
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
            sizes.putIfAbsent(levelSweep.stringColumn("file").get(i), levelSweep.numberColumn("file_bytes").getDouble(i));
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
            case MIDDLE -> nearest(files.stream().filter(f -> !f.equals(largest) && !f.equals(oneMb)).toList(), 1e7);
        };
    }

    /** Median CPU time and output size per level, for one file of the given rows. */
    public static List<TradeOff.Level> levels(Table rows, String file) {
        Table t = withCpu(rows.where(rows.stringColumn("file").isEqualTo(file)));
        Table cpu = Summaries.medians(t, "cpu_s", "level");
        Table out = Summaries.medians(t, "out_bytes", "level");
        List<TradeOff.Level> levels = new ArrayList<>();
        for (int i = 0; i < cpu.rowCount(); i++) {
            levels.add(new TradeOff.Level("-z " + (long) cpu.numberColumn("level").getDouble(i),
                    cpu.numberColumn("cpu_s").getDouble(i), out.numberColumn("out_bytes").getDouble(i)));
        }
        return levels;
    }

    static Optional<TradeOff.Level> level(List<TradeOff.Level> levels, int z) {
        return levels.stream().filter(l -> l.name().equals("-z " + z)).findFirst();
    }

    /** Only the levels the seed tested. */
    public static List<TradeOff.Level> seedLevels(List<TradeOff.Level> levels) {
        return levels.stream().filter(l -> SEED_LEVELS.stream().anyMatch(z -> l.name().equals("-z " + z))).toList();
    }

    /**
     * The mean, over files, of output size as a fraction of input under a per-file level rule
     * (the seed's "mean % original file size"). NaN when a file lacks the level its rule picks.
     */
    public static double meanSizeFraction(Table rows, java.util.function.ToIntFunction<InputFile> rule) {
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

    /** crypto's default rule: -z 1 for (text) files over 10,240 bytes, else -z 0. */
    public static int cryptoDefaultLevel(InputFile f) {
        return f.bytes() > 10_240 ? 1 : 0;
    }

    /** Median user, system and total CPU of one directory run (one engine/scope), or empty. */
    public static Optional<double[]> directoryCpu(Table runs, String run, String engine) {
        return directoryCpu(runs, run, engine, null);
    }

    /** As above for one scope (process or in-process); a null scope takes every row of the engine. */
    public static Optional<double[]> directoryCpu(Table runs, String run, String engine, String scope) {
        Table t = runs.where(runs.stringColumn("run").isEqualTo(run).and(runs.stringColumn("engine").isEqualTo(engine)));
        if (scope != null) {
            t = t.where(t.stringColumn("scope").isEqualTo(scope));
        }
        if (t.isEmpty()) {
            return Optional.empty();
        }
        double user = Stats.median(t.numberColumn("cpu_user_s").asDoubleArray());
        double sys = Stats.median(t.numberColumn("cpu_sys_s").asDoubleArray());
        return Optional.of(new double[] {user, sys, user + sys});
    }

    /** One published figure of a seed directory run (a row of crypto-directory.csv). */
    static double seedDirectory(Table seedDir, String run, String column) {
        Table t = seedDir.where(seedDir.stringColumn("run").isEqualTo(run));
        if (t.rowCount() != 1) {
            throw new IllegalStateException("seed " + Seeds.CRYPTO_DIRECTORY + " has no single row for run " + run);
        }
        return t.numberColumn(column).getDouble(0);
    }

    public static List<Claim> reproduction(Results results) {
        List<Claim> claims = new ArrayList<>();
        Table seedLevels = Seeds.table(Seeds.CRYPTO_LEVELS);
        Table seedDir = Seeds.table(Seeds.CRYPTO_DIRECTORY);
        double seedGpgMean = seedDirectory(seedDir, GPG_DEFAULT_RUN, "mean_size_pct") / 100;
        double seedCryptoMean = seedDirectory(seedDir, CRYPTO_DEFAULT_RUN, "mean_size_pct") / 100;
        double seedGpgTotal = seedDirectory(seedDir, GPG_DEFAULT_RUN, "cpu_total_s");
        var sweeps = results.tables(STUDY, "level-sweep");
        if (sweeps.isEmpty()) {
            claims.add(Claim.notMeasured(STUDY, "time x size is smallest at -z 1 for every file size", "-z 1 (100, 10, 1 MB)"));
        }
        for (var sweep : sweeps) {
            Table rows = seedLike(sweep.value());
            List<InputFile> files = files(rows);
            String setup = rows.isEmpty() ? "" : rows.stringColumn("engine").get(0) + " " + rows.stringColumn("scope").get(0)
                    + ", " + rows.stringColumn("algo").get(0);
            for (double mb : new double[] {100, 10, 1}) {
                Optional<InputFile> f = nearest(files, mb * 1e6)
                        .filter(x -> Math.abs(Math.log(x.bytes() / (mb * 1e6))) < Math.log(1.5));
                String size = Format.num(mb) + " MB";
                if (f.isEmpty()) {
                    claims.add(new Claim(STUDY, "time x size is smallest at -z 1 (" + size + " file)", "-z 1",
                            "no file near " + size, Double.NaN, Verdict.NOT_MEASURED, sweep.label(), "quick mode may stop below " + size));
                    continue;
                }
                List<TradeOff.Level> levels = levels(rows, f.get().file());
                Optional<TradeOff.Level> best = TradeOff.minTimeTimesSize(seedLevels(levels));
                Optional<TradeOff.Level> bestAny = TradeOff.minTimeTimesSize(levels);
                claims.add(new Claim(STUDY, "time x size is smallest at -z 1 (" + size + " file, levels 0/1/7/9)", "-z 1",
                        best.map(TradeOff.Level::name).orElse("n/a"), Double.NaN,
                        best.isEmpty() ? Verdict.NOT_MEASURED : Verdict.claim(best.get().name().equals("-z 1"), 0),
                        sweep.label(), f.get().file() + " (" + Format.num(f.get().bytes() / 1e6) + " MB), " + setup
                        + bestAny.map(b -> "; over every level measured: " + b.name()).orElse("")
                        + best.filter(b -> b.cpuS() < 0.03).map(b -> "; its CPU time, " + Format.num(b.cpuS())
                        + " s, is under 3 ticks of the 10 ms process clock").orElse("")));
                Table s = seedLevels.where(seedLevels.numberColumn("file_mb").isEqualTo(mb));
                for (int z : new int[] {1, 7}) {
                    Table sz = s.where(s.numberColumn("level").isEqualTo(z));
                    double seedPct = sz.numberColumn("size_kb").getDouble(0) * 1000 / sz.numberColumn("file_bytes").getDouble(0);
                    double seedCpu = sz.numberColumn("cpu_s").getDouble(0);
                    String approx = sz.booleanColumn("approximate").get(0) ? " (approx.)" : "";
                    Optional<TradeOff.Level> ours = level(levels, z);
                    double pct = ours.map(l -> l.outBytes() / f.get().bytes()).orElse(Double.NaN);
                    double cpu = ours.map(TradeOff.Level::cpuS).orElse(Double.NaN);
                    double rp = Verdict.ratio(pct, seedPct);
                    claims.add(new Claim(STUDY, "size at -z " + z + ", " + size + " (% of input)", Format.pct(seedPct) + approx,
                            Format.pct(pct), rp, Verdict.match(rp, 1.25), sweep.label(),
                            "different text (seed: enwik8); " + f.get().file()));
                    double rc = Verdict.ratio(cpu, seedCpu);
                    claims.add(new Claim(STUDY, "CPU time at -z " + z + ", " + size, Format.num(seedCpu) + " s" + approx,
                            Double.isNaN(cpu) ? "n/a" : Format.num(cpu) + " s", rc, Verdict.time(rc, 2), sweep.label(), setup));
                }
            }
            double gpgMean = meanSizeFraction(rows, f -> 7);
            double cryptoMean = meanSizeFraction(rows, FilecryptStudy::cryptoDefaultLevel);
            claims.add(new Claim(STUDY, "mean size, GPG Default run (-z 7), % of original", Format.pct(seedGpgMean), Format.pct(gpgMean),
                    Verdict.ratio(gpgMean, seedGpgMean), Verdict.match(Verdict.ratio(gpgMean, seedGpgMean), 1.25), sweep.label(),
                    "mean over the " + files.size() + " files of the level sweep"));
            claims.add(new Claim(STUDY, "mean size, crypto default run, % of original", Format.pct(seedCryptoMean), Format.pct(cryptoMean),
                    Verdict.ratio(cryptoMean, seedCryptoMean), Verdict.match(Verdict.ratio(cryptoMean, seedCryptoMean), 1.25), sweep.label(),
                    "-z 1 above 10,240 bytes, else -z 0"));
        }
        var dirs = results.tables(STUDY, "directory-runs");
        for (var dir : dirs) {
            Table all = dir.value();
            String engine = all.stringColumn("engine").contains("gpg") ? "gpg" : all.stringColumn("engine").get(0);
            Table ofEngine = all.where(all.stringColumn("engine").isEqualTo(engine));
            // the seed timed whole processes: prefer that scope when the engine was timed both ways
            String scope = ofEngine.stringColumn("scope").contains("process") ? "process" : ofEngine.stringColumn("scope").get(0);
            Table runs = ofEngine.where(ofEngine.stringColumn("scope").isEqualTo(scope));
            Optional<double[]> gpgDefault = directoryCpu(runs, GPG_DEFAULT_RUN, engine);
            for (int i = 0; i < seedDir.rowCount(); i++) {
                String run = seedDir.stringColumn("run").get(i);
                double seed = seedDir.numberColumn("cpu_total_s").getDouble(i);
                Optional<double[]> ours = directoryCpu(runs, run, engine);
                double cpu = ours.map(c -> c[2]).orElse(Double.NaN);
                double r = Verdict.ratio(cpu, seed);
                claims.add(new Claim(STUDY, "directory CPU total, " + seedDir.stringColumn("label").get(i) + " (" + run + ")",
                        Format.num(seed) + " s", Double.isNaN(cpu) ? "n/a" : Format.num(cpu) + " s", r, Verdict.time(r, 2),
                        dir.label(), engine + ", median of repeats; different corpus"));
                if (!run.equals(GPG_DEFAULT_RUN)) {
                    double seedShare = seed / seedGpgTotal;
                    double share = gpgDefault.map(g -> cpu / g[2]).orElse(Double.NaN);
                    claims.add(new Claim(STUDY, seedDir.stringColumn("label").get(i) + " takes less CPU than GPG Default",
                            Format.pct(seedShare) + " of GPG Default", Format.pct(share), Verdict.ratio(share, seedShare),
                            Verdict.claim(share < 1, share), dir.label(), engine));
                }
            }
            if (runs.containsColumn("mean_size_pct") && runs.column("mean_size_pct") instanceof tech.tablesaw.api.NumericColumn<?>) {
                for (String[] r : new String[][] {{GPG_DEFAULT_RUN, "GPG Default"}, {CRYPTO_DEFAULT_RUN, "crypto default"}}) {
                    Table t = runs.where(runs.stringColumn("run").isEqualTo(r[0]).and(runs.stringColumn("engine").isEqualTo(engine)));
                    double pct = t.isEmpty() ? Double.NaN : Stats.median(t.numberColumn("mean_size_pct").asDoubleArray()) / 100;
                    double seedPct = seedDirectory(seedDir, r[0], "mean_size_pct") / 100;
                    double ratio = Verdict.ratio(pct, seedPct);
                    claims.add(new Claim(STUDY, "mean size, " + r[1] + " directory run, % of original", Format.pct(seedPct), Format.pct(pct),
                            ratio, Verdict.match(ratio, 1.25), dir.label(), engine + ", as the directory run recorded it; different corpus"));
                }
            }
            Table speed = runs.where(runs.stringColumn("run").isEqualTo("crypto-speed").and(runs.stringColumn("engine").isEqualTo(engine)));
            double overhead = Double.NaN;
            if (!speed.isEmpty()) {
                double[] per = new double[speed.rowCount()];
                for (int i = 0; i < per.length; i++) {
                    per[i] = (speed.numberColumn("out_bytes").getDouble(i) - speed.numberColumn("in_bytes").getDouble(i))
                            / speed.numberColumn("files").getDouble(i);
                }
                overhead = Stats.median(per);
            }
            claims.add(new Claim(STUDY, "--speed output is only slightly larger than its input", "< 100 bytes per file",
                    Double.isNaN(overhead) ? "n/a" : Format.num(overhead) + " bytes per file", Double.NaN,
                    Verdict.claim(overhead >= 0 && overhead < 100, overhead), dir.label(), engine));
        }
        return claims;
    }
}
