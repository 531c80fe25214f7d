package labbook.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tech.tablesaw.api.Table;

/**
 * The path-walk study's analyses and reproduction table. The seed: "2.6.32-rc3 parallel [...] sys
 * 8.38 [...] sys time, auch" and, with store-free walking, "vfs parallel real 0.43 [...] sys 0.13".
 */
public final class VfsStudy {
    public static final String STUDY = "vfs";
    /** Piggin's figures are per 100 runs of git diff. */
    public static final double SEED_RUNS = 100;

    private VfsStudy() {
    }

    /**
     * Median user, system and elapsed seconds per 100 git diffs for one mode, from per-loop rows,
     * with the spread of the elapsed times (for a verdict that knows the machine's noise).
     */
    public record GitDiff(String mode, int loops, double userS, double sysS, double elapsedS, Stats.Spread elapsed) {
    }

    public static Optional<GitDiff> gitDiff(Table rows, String mode) {
        Table t = rows.where(rows.stringColumn("mode").isEqualTo(mode));
        if (t.isEmpty()) {
            return Optional.empty();
        }
        double[] user = new double[t.rowCount()];
        double[] sys = new double[t.rowCount()];
        double[] elapsed = new double[t.rowCount()];
        for (int i = 0; i < t.rowCount(); i++) {
            double scale = SEED_RUNS / t.numberColumn("runs").getDouble(i);
            user[i] = t.numberColumn("user_s").getDouble(i) * scale;
            sys[i] = t.numberColumn("sys_s").getDouble(i) * scale;
            elapsed[i] = t.numberColumn("elapsed_s").getDouble(i) * scale;
        }
        return Optional.of(new GitDiff(mode, t.rowCount(), Stats.median(user), Stats.median(sys), Stats.median(elapsed),
                Stats.spread(elapsed)));
    }

    /** A configuration normalised to a baseline (Axboe's table): real, user and sys ratios. */
    public record Normalised(String name, double real, double user, double sys) {
    }

    public static Normalised normalise(String name, GitDiff run, GitDiff baseline) {
        return new Normalised(name, run.elapsedS() / baseline.elapsedS(), run.userS() / baseline.userS(),
                run.sysS() / baseline.sysS());
    }

    /**
     * One thread count: the median, the speed-up over the first (smallest) count, the efficiency
     * against the thread count, and against the cores the machine had (n threads on c cores can
     * at best go min(n, c) times faster).
     */
    public record ScalingPoint(double threads, double median, double speedup, double efficiency, double efficiencyOnCores) {
    }

    /**
     * For the dcache model: ops/s per thread count for one walk, with speed-up over one thread,
     * at the fewest concurrent renames measured (the scaling question has no writers in it).
     */
    public static List<ScalingPoint> modelScaling(Table model, String walk, int cores) {
        Table t = model.where(model.stringColumn("walk").isEqualTo(walk));
        if (t.isEmpty()) {
            return List.of();
        }
        double fewest = t.numberColumn("renames").min();
        t = t.where(t.numberColumn("renames").isEqualTo(fewest));
        return scaling(Summaries.medians(t, "ops_per_s", "threads"), "ops_per_s", true, cores);
    }

    /** For the stat walk: wall seconds per thread count, with speed-up over one thread. */
    public static List<ScalingPoint> statWalkScaling(Table statWalk, int cores) {
        return scaling(Summaries.medians(statWalk, "wall_s", "threads"), "wall_s", false, cores);
    }

    static List<ScalingPoint> scaling(Table medians, String value, boolean rate, int cores) {
        List<ScalingPoint> out = new ArrayList<>();
        if (medians.isEmpty()) {
            return out;
        }
        double base = medians.numberColumn(value).getDouble(0);
        double baseThreads = medians.numberColumn("threads").getDouble(0);
        for (int i = 0; i < medians.rowCount(); i++) {
            double threads = medians.numberColumn("threads").getDouble(i);
            double v = medians.numberColumn(value).getDouble(i);
            double speedup = rate ? Scaling.speedupFromRates(base, v) : Scaling.speedupFromTimes(base, v);
            int n = (int) Math.round(threads / baseThreads);
            out.add(new ScalingPoint(threads, v, speedup, Scaling.efficiency(speedup, n), Scaling.efficiencyOnCores(speedup, n, cores)));
        }
        return out;
    }

    public static List<Claim> reproduction(Results results) {
        List<Claim> claims = new ArrayList<>();
        Table piggin = Seeds.table(Seeds.VFS_GIT_DIFF);
        Table axboe = Seeds.table(Seeds.VFS_AXBOE);
        double seedReal = ratioOf(axboe, "vfs", "parallel", "real") / ratioOf(axboe, "vfs", "serial", "real");
        double seedSys = ratioOf(axboe, "vfs", "parallel", "sys") / ratioOf(axboe, "vfs", "serial", "sys");
        double oldSys = ratioOf(axboe, "2.6.32-rc3", "parallel", "sys");
        String fasterClaim = "store-free walking: parallel git diff takes less elapsed time than serial (parallel / serial)";
        String fasterSeed = "real ×" + Format.sig(seedReal, 2) + " (Axboe, vfs)";
        var diffs = results.tables(STUDY, "git-diff");
        if (diffs.isEmpty()) {
            claims.add(Claim.notMeasured(STUDY, fasterClaim, fasterSeed));
        }
        for (var diff : diffs) {
            Optional<GitDiff> serial = gitDiff(diff.value(), "serial");
            Optional<GitDiff> parallel = gitDiff(diff.value(), "parallel");
            for (Optional<GitDiff> ours : List.of(serial, parallel)) {
                if (ours.isEmpty()) {
                    continue;
                }
                GitDiff g = ours.get();
                Table seed = piggin.where(piggin.stringColumn("kernel").isEqualTo("vfs").and(piggin.stringColumn("mode").isEqualTo(g.mode())));
                String[][] fields = {{"elapsed", "elapsed_s"}, {"user", "user_s"}, {"system", "sys_s"}};
                double[] mine = {g.elapsedS(), g.userS(), g.sysS()};
                for (int k = 0; k < fields.length; k++) {
                    double s = seed.numberColumn(fields[k][1]).getDouble(0);
                    double r = Verdict.ratio(mine[k], s);
                    claims.add(new Claim(STUDY, g.mode() + " git diff, " + fields[k][0] + " time per 100 runs (seed: vfs kernel)",
                            Format.num(s) + " s", Format.num(mine[k]) + " s", r, Verdict.time(r, 2), diff.label(),
                            "today's kernel walks paths store-free (RCU-walk, 2.6.38+), as Piggin's vfs patches did;"
                            + " different tree and CPU; median of " + g.loops() + " loops"));
                }
            }
            if (serial.isPresent() && parallel.isPresent()) {
                Normalised n = normalise("parallel", parallel.get(), serial.get());
                claims.add(new Claim(STUDY, fasterClaim, fasterSeed, "real ×" + Format.sig(n.real(), 2),
                        Verdict.ratio(n.real(), seedReal), Verdict.lessThan(parallel.get().elapsed(), serial.get().elapsed()),
                        diff.label(), "holds when the 95 % intervals of the two medians do not overlap (parallel "
                        + Format.num(parallel.get().elapsed().ciLow()) + "-" + Format.num(parallel.get().elapsed().ciHigh())
                        + " s, serial " + Format.num(serial.get().elapsed().ciLow()) + "-" + Format.num(serial.get().elapsed().ciHigh())
                        + " s per 100 runs)"));
                claims.add(new Claim(STUDY, "parallel no longer blows up system time (old kernel: sys ×" + Format.sig(oldSys, 3) + ")",
                        "sys ×" + Format.sig(seedSys, 2) + " (vfs) vs ×" + Format.sig(oldSys, 3) + " (2.6.32-rc3)",
                        "sys ×" + Format.sig(n.sys(), 2), Verdict.ratio(n.sys(), seedSys),
                        Verdict.claim(n.sys() < 2, n.sys()), diff.label(), "holds if under ×2"));
            }
        }
        for (var model : results.tables(STUDY, "dcache-model")) {
            int cores = cores(model.root(), "dcache-model");
            List<ScalingPoint> ref = modelScaling(model.value(), "ref", cores);
            List<ScalingPoint> rcu = modelScaling(model.value(), "rcu", cores);
            if (ref.isEmpty() || rcu.isEmpty()) {
                continue;
            }
            ScalingPoint r = ref.get(ref.size() - 1);
            ScalingPoint u = rcu.get(rcu.size() - 1);
            claims.add(new Claim(STUDY, "model: store-free (RCU) walk scales better than ref-walk at "
                    + (long) u.threads() + " threads (speed-up over 1 thread)", "ref-walk stops scaling (sys ×" + Format.sig(oldSys, 3) + ")",
                    "rcu ×" + Format.sig(u.speedup(), 2) + ", ref ×" + Format.sig(r.speedup(), 2),
                    Verdict.ratio(u.speedup(), r.speedup()), Verdict.claim(u.speedup() > r.speedup(), u.speedup()),
                    model.label(), "a model of the dcache in Java, not the kernel"));
        }
        return claims;
    }

    /** The cores of the machine that wrote an experiment (run.json), 0 when unknown. */
    static int cores(ResultsRoot root, String experiment) {
        return root.study(STUDY).run(experiment).cores();
    }

    static double ratioOf(Table axboe, String kernel, String mode, String column) {
        Table t = axboe.where(axboe.stringColumn("kernel").isEqualTo(kernel).and(axboe.stringColumn("mode").isEqualTo(mode)));
        return t.numberColumn(column).getDouble(0);
    }
}
