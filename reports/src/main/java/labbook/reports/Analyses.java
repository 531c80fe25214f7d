package labbook.reports;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The analysis tables each study page shows under its charts (fits, minimisers, bandwidth view,
 * Pareto front, scaling), as Tablesaw tables: the notebooks get the very same tables.
 */
public final class Analyses {
    private Analyses() {
    }

    /** Titled tables for one study, in page order; only those whose experiment ran. */
    public static Map<String, Table> of(Results results, String study) {
        Map<String, Table> out = new LinkedHashMap<>();
        switch (study) {
            case WalletStudy.STUDY -> wallet(results, out);
            case FilecryptStudy.STUDY -> filecrypt(results, out);
            case VfsStudy.STUDY -> vfs(results, out);
            default -> throw new labbook.core.LabException("no study '" + study + "'");
        }
        // CSVs a study added beyond its promised schema: shown, summarised generically
        for (ResultsRoot root : results.roots()) {
            for (String experiment : root.study(study).experiments()) {
                if (!Schema.experiments(study).contains(experiment)) {
                    root.table(study, experiment).filter(t -> !t.isEmpty()).ifPresent(t ->
                            out.put(experiment + " (an extra experiment): medians of every measured column [" + root.label() + "]",
                                    Summaries.mediansOfAll(t)));
                }
            }
        }
        return out;
    }

    private static void wallet(Results results, Map<String, Table> out) {
        var sweeps = results.tables(WalletStudy.STUDY, "sync-sweep");
        if (!sweeps.isEmpty()) {
            Table fits = Table.create("fits");
            StringColumn machine = StringColumn.create("machine");
            StringColumn variant = StringColumn.create("variant");
            DoubleColumn per1000 = DoubleColumn.create("ms per 1000 entries");
            DoubleColumn intercept = DoubleColumn.create("intercept ms");
            DoubleColumn r2 = DoubleColumn.create("R²");
            DoubleColumn at16 = DoubleColumn.create("entries at 16 ms");
            DoubleColumn at100 = DoubleColumn.create("entries at 100 ms");
            Table seed = Seeds.table(Seeds.KWALLET_SYNC);
            for (String build : List.of("Release", "DebugFull")) {
                LinearFit f = WalletStudy.seedFit(seed, build);
                machine.append("seed 2009 (Q6600)");
                variant.append(build + " build");
                per1000.append(f.per1000());
                intercept.append(f.intercept());
                r2.append(f.r2());
                at16.append(f.crossing(WalletStudy.FRAME_MS));
                at100.append(f.crossing(WalletStudy.NOTICEABLE_MS));
            }
            for (var sweep : sweeps) {
                WalletStudy.syncFits(sweep.value()).forEach((v, f) -> {
                    machine.append(sweep.label());
                    variant.append(v);
                    per1000.append(f.per1000());
                    intercept.append(f.intercept());
                    r2.append(f.r2());
                    at16.append(f.crossing(WalletStudy.FRAME_MS));
                    at100.append(f.crossing(WalletStudy.NOTICEABLE_MS));
                });
            }
            out.put("Linear fit of sync time against entries (ours: Theil-Sen through each size's median; seed: least squares "
                    + "through its 5 points), and the wallet size at which one sync passes 16 ms and 100 ms",
                    fits.addColumns(machine, variant, per1000, intercept, r2, at16, at100));
            for (var sweep : sweeps) {
                Table m = Summaries.medians(sweep.value(), "sync_ms", "variant", "entries");
                // the sweep times every 100 entries once; the table keeps the repeated checkpoints
                Table checkpoints = m.where(m.intColumn("n").isGreaterThan(1));
                out.put("sync-sweep: median sync time per variant at the repeated checkpoints, with IQR and 95 % bootstrap interval ["
                        + sweep.label() + "]", checkpoints.isEmpty() ? m : checkpoints);
            }
        }
        for (var jmh : results.tables(WalletStudy.STUDY, "sync-jmh")) {
            out.put("sync-jmh: JMH sync time per variant and size [" + jmh.label() + "]",
                    Summaries.medians(jmh.value(), "sync_ms", "variant", "entries"));
        }
        for (var save : results.tables(WalletStudy.STUDY, "save-strategies")) {
            out.put("save-strategies: median time to make one new entry durable, per size (the mean includes the journal's"
                    + " occasional fold: the amortised cost) [" + save.label() + "]",
                    Summaries.medians(WalletStudy.bySize(save.value()), "save_ms", "strategy", "entries"));
        }
        for (var crash : results.tables(WalletStudy.STUDY, "crash-test")) {
            // one row per kill (trial): count the outcomes per fdatasync setting
            out.put("crash-test: what a wallet holds after a kill during saves, and acknowledged entries lost [" + crash.label() + "]",
                    counts(crash.value(), "acknowledged_lost", "fdatasync", "outcome"));
        }
        for (var tamper : results.tables(WalletStudy.STUDY, "tamper-test")) {
            out.put("tamper-test: what one flipped bit does, per region of the file, over every wallet tried [" + tamper.label() + "]",
                    counts(tamper.value(), null, "region", "outcome"));
        }
    }

    private static void filecrypt(Results results, Map<String, Table> out) {
        for (var sweep : results.tables(FilecryptStudy.STUDY, "level-sweep")) {
            Table rows = FilecryptStudy.seedLike(sweep.value());
            String setup = rows.isEmpty() ? "" : rows.stringColumn("engine").get(0) + " " + rows.stringColumn("scope").get(0)
                    + " " + rows.stringColumn("algo").get(0);
            Table rule = Table.create("rule");
            StringColumn file = StringColumn.create("file");
            DoubleColumn mb = DoubleColumn.create("MB");
            StringColumn best = StringColumn.create("min time x size, levels 0/1/7/9");
            StringColumn bestAny = StringColumn.create("min time x size, every level");
            StringColumn z1Pays = StringColumn.create("-z 1 pays below");
            StringColumn z7Pays = StringColumn.create("-z 7 pays below");
            Map<String, StringColumn> at = new LinkedHashMap<>();
            FilecryptStudy.TYPICAL_BANDWIDTHS.keySet().forEach(k -> at.put(k, StringColumn.create("best at " + k)));
            for (FilecryptStudy.InputFile f : FilecryptStudy.files(rows)) {
                List<TradeOff.Level> levels = FilecryptStudy.levels(rows, f.file());
                Optional<TradeOff.Level> zero = FilecryptStudy.level(levels, 0);
                file.append(f.file());
                mb.append(f.bytes() / 1e6);
                // process CPU comes in 10 ms ticks: below a few ticks the product compares noise
                String coarse = levels.stream().mapToDouble(TradeOff.Level::cpuS).max().orElse(0) < 0.03
                        ? " (CPU under 3 clock ticks: not meaningful)" : "";
                best.append(TradeOff.minTimeTimesSize(FilecryptStudy.seedLevels(levels)).map(TradeOff.Level::name).orElse("n/a") + coarse);
                bestAny.append(TradeOff.minTimeTimesSize(levels).map(TradeOff.Level::name).orElse("n/a") + coarse);
                z1Pays.append(pays(zero, FilecryptStudy.level(levels, 1)));
                z7Pays.append(pays(zero, FilecryptStudy.level(levels, 7)));
                FilecryptStudy.TYPICAL_BANDWIDTHS.forEach((k, b) ->
                        at.get(k).append(TradeOff.bestAt(levels, b).map(TradeOff.Level::name).orElse("n/a")));
            }
            rule.addColumns(file, mb, best, bestAny, z1Pays, z7Pays);
            at.values().forEach(rule::addColumns);
            out.put("The seed's rule (minimise CPU time x size) and the bandwidth view it stands in for "
                    + "(cost = CPU time + size / bandwidth) [" + sweep.label() + ", " + setup + "]", rule);
            Table withCpu = FilecryptStudy.withCpu(sweep.value());
            List<FilecryptStudy.InputFile> files = FilecryptStudy.files(withCpu);
            FilecryptStudy.InputFile largest = files.get(files.size() - 1);
            Table onLargest = withCpu.where(withCpu.stringColumn("file").isEqualTo(largest.file()));
            Table front = Table.create("front");
            StringColumn setting = StringColumn.create("setting");
            DoubleColumn fcpu = DoubleColumn.create("CPU s (median)");
            DoubleColumn fpct = DoubleColumn.create("size % of input");
            Table perSetting = Table.create("settings");
            StringColumn sName = StringColumn.create("setting");
            StringColumn sLevel = StringColumn.create("level");
            DoubleColumn sCpu = DoubleColumn.create("CPU s (median)");
            DoubleColumn sIqr = DoubleColumn.create("CPU IQR s");
            DoubleColumn sPct = DoubleColumn.create("size % of input");
            record Point(String name, double cpu, double pct) {
            }
            List<Point> points = new java.util.ArrayList<>();
            for (FilecryptStudy.Setting s : FilecryptStudy.settings(onLargest)) {
                Table rowsOf = FilecryptStudy.rowsOf(onLargest, s);
                Table cpuM = Summaries.medians(rowsOf, "cpu_s", "level");
                Table outM = Summaries.medians(rowsOf, "out_bytes", "level");
                for (int i = 0; i < cpuM.rowCount(); i++) {
                    String level = "-z " + (long) cpuM.numberColumn("level").getDouble(i);
                    double pct = 100 * outM.numberColumn("out_bytes").getDouble(i) / largest.bytes();
                    sName.append(s.label());
                    sLevel.append(level);
                    sCpu.append(cpuM.numberColumn("cpu_s").getDouble(i));
                    sIqr.append(cpuM.numberColumn("iqr").getDouble(i));
                    sPct.append(pct);
                    points.add(new Point(s.label() + " " + level, cpuM.numberColumn("cpu_s").getDouble(i), pct));
                }
            }
            for (Point p : Pareto.front(points, Point::cpu, Point::pct)) {
                setting.append(p.name());
                fcpu.append(p.cpu());
                fpct.append(p.pct());
            }
            Table cpu = perSetting.addColumns(sName, sLevel, sCpu, sIqr, sPct);
            out.put("Pareto front on " + largest.file() + ": the settings nothing else beats on both CPU time and size ["
                    + sweep.label() + "]", front.addColumns(setting, fcpu, fpct));
            out.put("level-sweep: median CPU time (user + system) and size per setting, largest file [" + sweep.label() + "]", cpu);
        }
        for (var dir : results.tables(FilecryptStudy.STUDY, "directory-runs")) {
            Table t = dir.value().copy();
            DoubleColumn total = DoubleColumn.create("cpu_s", t.rowCount());
            for (int i = 0; i < t.rowCount(); i++) {
                total.set(i, t.numberColumn("cpu_user_s").getDouble(i) + t.numberColumn("cpu_sys_s").getDouble(i));
            }
            t.addColumns(total);
            out.put("directory-runs: median CPU time per run [" + dir.label() + "]", Summaries.medians(t, "cpu_s", "run", "engine", "scope"));
        }
        for (var interop : results.tables(FilecryptStudy.STUDY, "interop")) {
            out.put("interop: cases per direction and result [" + interop.label() + "]",
                    counts(interop.value(), null, "direction", "passed"));
        }
        for (var jmh : results.tables(FilecryptStudy.STUDY, "level-jmh")) {
            // a deflater column with nothing in it (gpg's side, or an older writer) does not split the rows
            String[] by = jmh.value().containsColumn("deflater") && jmh.value().column("deflater").countMissing() < jmh.value().rowCount()
                    ? new String[] {"algo", "deflater", "level"} : new String[] {"algo", "level"};
            out.put("level-jmh: compression throughput per algorithm and level [" + jmh.label() + "]",
                    Summaries.medians(jmh.value(), "mb_per_s", by));
        }
    }

    private static String pays(Optional<TradeOff.Level> zero, Optional<TradeOff.Level> level) {
        if (zero.isEmpty() || level.isEmpty()) {
            return "n/a";
        }
        return Format.bandwidth(TradeOff.breakEvenBandwidth(zero.get(), level.get()));
    }

    private static void vfs(Results results, Map<String, Table> out) {
        for (var diff : results.tables(VfsStudy.STUDY, "git-diff")) {
            Table t = Table.create("git diff");
            StringColumn mode = StringColumn.create("mode");
            DoubleColumn user = DoubleColumn.create("user s / 100 runs");
            DoubleColumn sys = DoubleColumn.create("sys s / 100 runs");
            DoubleColumn elapsed = DoubleColumn.create("elapsed s / 100 runs");
            DoubleColumn loops = DoubleColumn.create("loops");
            for (String m : Summaries.distinct(diff.value(), "mode")) {
                VfsStudy.gitDiff(diff.value(), m).ifPresent(g -> {
                    mode.append(m);
                    user.append(g.userS());
                    sys.append(g.sysS());
                    elapsed.append(g.elapsedS());
                    loops.append(g.loops());
                });
            }
            out.put("git-diff: medians per 100 runs [" + diff.label() + "]", t.addColumns(mode, user, sys, elapsed, loops));
        }
        List<VfsStudy.Normalised> rows = VfsCharts.normalisedRows(results);
        if (rows.size() > 4) {
            Table t = Table.create("normalised");
            t.addColumns(StringColumn.create("configuration", rows.stream().map(VfsStudy.Normalised::name).toList()),
                    DoubleColumn.create("real", rows.stream().mapToDouble(VfsStudy.Normalised::real).toArray()),
                    DoubleColumn.create("user", rows.stream().mapToDouble(VfsStudy.Normalised::user).toArray()),
                    DoubleColumn.create("sys", rows.stream().mapToDouble(VfsStudy.Normalised::sys).toArray()));
            out.put("Axboe's normalised table (2.6.32-rc3 serial = 1.00) beside ours (today's serial = 1.00)", t);
        }
        for (var model : results.tables(VfsStudy.STUDY, "dcache-model")) {
            out.put("dcache-model: speed-up and parallel efficiency per walk, fewest renames [" + model.label() + "]",
                    scalingTable(model.value(), true, VfsStudy.cores(model.root(), "dcache-model")));
        }
        for (var walk : results.tables(VfsStudy.STUDY, "stat-walk")) {
            out.put("stat-walk: speed-up and parallel efficiency [" + walk.label() + "]", scalingTable(walk.value(), false, VfsStudy.cores(walk.root(), "stat-walk")));
        }
    }

    private static Table scalingTable(Table raw, boolean model, int cores) {
        StringColumn walk = StringColumn.create("walk");
        DoubleColumn threads = DoubleColumn.create("threads");
        DoubleColumn median = DoubleColumn.create(model ? "ops/s (median)" : "wall s (median)");
        DoubleColumn speedup = DoubleColumn.create("speed-up");
        DoubleColumn efficiency = DoubleColumn.create("efficiency (per thread)");
        DoubleColumn onCores = DoubleColumn.create("efficiency (on " + (cores > 0 ? cores : "?") + " cores)");
        List<String> walks = model ? Summaries.distinct(raw, "walk") : List.of("java stat");
        for (String w : walks) {
            List<VfsStudy.ScalingPoint> points = model ? VfsStudy.modelScaling(raw, w, cores) : VfsStudy.statWalkScaling(raw, cores);
            for (VfsStudy.ScalingPoint p : points) {
                walk.append(w);
                threads.append(p.threads());
                median.append(p.median());
                speedup.append(p.speedup());
                efficiency.append(p.efficiency());
                onCores.append(p.efficiencyOnCores());
            }
        }
        return Table.create("scaling").addColumns(walk, threads, median, speedup, efficiency, onCores);
    }

    /** Row counts per group, and the sum of {@code sumColumn} when given. */
    static Table counts(Table raw, String sumColumn, String... by) {
        Map<List<String>, double[]> groups = new LinkedHashMap<>();
        for (int i = 0; i < raw.rowCount(); i++) {
            List<String> key = new java.util.ArrayList<>();
            for (String b : by) {
                key.add(raw.column(b).getString(i));
            }
            double[] acc = groups.computeIfAbsent(key, k -> new double[2]);
            acc[0]++;
            if (sumColumn != null && !raw.numberColumn(sumColumn).isMissing(i)) {
                acc[1] += raw.numberColumn(sumColumn).getDouble(i);
            }
        }
        Table t = Table.create("counts");
        for (int b = 0; b < by.length; b++) {
            final int k = b;
            t.addColumns(StringColumn.create(by[b], groups.keySet().stream().map(key -> key.get(k)).toList()));
        }
        t.addColumns(DoubleColumn.create("rows", groups.values().stream().mapToDouble(a -> a[0]).toArray()));
        if (sumColumn != null) {
            t.addColumns(DoubleColumn.create(sumColumn + " (sum)", groups.values().stream().mapToDouble(a -> a[1]).toArray()));
        }
        return t.sortAscendingOn(by);
    }
}
