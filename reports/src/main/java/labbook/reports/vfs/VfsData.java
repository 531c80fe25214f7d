package labbook.reports.vfs;

import static labbook.vfs.VfsSchemas.CPU_S;
import static labbook.vfs.VfsSchemas.ITERATION_S;
import static labbook.vfs.VfsSchemas.LOOKUP_THREADS;
import static labbook.vfs.VfsSchemas.MODE;
import static labbook.vfs.VfsSchemas.OPS_PER_S;
import static labbook.vfs.VfsSchemas.RENAMES;
import static labbook.vfs.VfsSchemas.WALK;
import static labbook.vfs.VfsSchemas.WALKER_THREADS;
import static labbook.vfs.VfsSchemas.WALL_S;
import static labbook.vfs.VfsSeeds.KERNEL;
import static labbook.vfs.VfsSeeds.REAL;
import static labbook.vfs.VfsSeeds.SYS;
import static labbook.vfs.VfsSeeds.USER;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import labbook.core.Column;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsRoot;
import labbook.reports.results.TableRows;
import labbook.reports.stats.Scaling;
import labbook.reports.stats.Stats;
import labbook.reports.stats.Summaries;
import labbook.reports.study.Seed;
import labbook.vfs.VfsSchemas;
import labbook.vfs.VfsSeeds;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.experiments.dcachemodel.DcacheModelExperiment;
import labbook.vfs.experiments.gitdiff.GitDiffExperiment;
import labbook.vfs.experiments.gitdiff.GitDiffExperiment.Loop;
import labbook.vfs.experiments.kernelprofile.PerLookup;
import tech.tablesaw.api.Table;

/**
 * The path-walk study's analyses, pure functions of the tables. The seed: "2.6.32-rc3 parallel [...] sys 8.38 [...] sys
 * time, auch" and, with store-free walking, "vfs parallel real 0.43 [...] sys 0.13".
 */
public final class VfsData {
    /** Piggin's four git diff configurations (kernel, mode; user, sys, elapsed seconds per 100 runs). */
    public static final Seed VFS_GIT_DIFF = new Seed(VfsSeeds.VFS_GIT_DIFF, VfsSeeds.VFS_GIT_DIFF_RESOURCE);
    /** Axboe's table normalised to 2.6.32-rc3 serial = 1.00 (kernel, mode; real, user, sys). */
    public static final Seed VFS_AXBOE = new Seed(VfsSeeds.VFS_AXBOE, VfsSeeds.VFS_AXBOE_RESOURCE);
    /** The seed's tree: 2.6.32-rc3's index entries and folders, with their source. */
    public static final Seed VFS_TREE = new Seed(VfsSeeds.VFS_TREE, VfsSeeds.VFS_TREE_RESOURCE);
    /** Piggin's figures are per 100 runs of git diff. */
    public static final double SEED_RUNS = 100;

    private VfsData() {}

    /**
     * Median user, system and elapsed seconds per 100 git diffs for one mode, from per-loop rows, with the spread of
     * the elapsed times (for a verdict that knows the machine's noise).
     */
    /**
     * One mode's git diff loops: medians per {@link #SEED_RUNS} runs, as the seed's table gives them, over a tree of
     * {@code entries} index entries.
     */
    public record GitDiff(
            String mode, int loops, double userS, double sysS, double elapsedS, Stats.Spread elapsed, long entries) {

        /** {@code secondsPer100Runs} (one of this record's times) per file of the tree and per run, µs. */
        public double perFileUs(double secondsPer100Runs) {
            return PerLookup.perFileUs(secondsPer100Runs, SEED_RUNS, entries);
        }
    }

    public static Optional<GitDiff> gitDiff(Table rows, String mode) {
        List<Loop> loops = TableRows.of(
                rows.where(rows.stringColumn(MODE.name()).isEqualTo(mode)),
                GitDiffExperiment.ROW,
                VfsSchemas.GIT_DIFF.toString());
        if (loops.isEmpty()) {
            return Optional.empty();
        }
        double[] elapsed = per100Runs(loops, Loop::loopElapsedS);
        return Optional.of(new GitDiff(
                mode,
                loops.size(),
                Stats.median(per100Runs(loops, Loop::loopUserS)),
                Stats.median(per100Runs(loops, Loop::loopSysS)),
                Stats.median(elapsed),
                Stats.spread(elapsed),
                loops.get(0).entries()));
    }

    /** Each loop's figure per {@link #SEED_RUNS} runs. */
    private static double[] per100Runs(List<Loop> loops, ToDoubleFunction<Loop> figure) {
        return loops.stream()
                .mapToDouble(loop -> figure.applyAsDouble(loop) * (SEED_RUNS / loop.runs()))
                .toArray();
    }

    /** A configuration normalised to a baseline (Axboe's table): real, user and sys ratios. */
    public record Normalised(String name, double real, double user, double sys) {}

    public static Normalised normalise(String name, GitDiff run, GitDiff baseline) {
        return new Normalised(
                name,
                run.elapsedS() / baseline.elapsedS(),
                run.userS() / baseline.userS(),
                run.sysS() / baseline.sysS());
    }

    /**
     * One thread count: the median, the speed-up over the first (smallest) count, the efficiency against the thread
     * count, and against the cores the machine had (n threads on c cores can at best go min(n, c) times faster).
     */
    public record ScalingPoint(
            double threads, double median, double speedup, double efficiency, double efficiencyOnCores) {}

    /**
     * For the dcache model: ops/s per thread count for one walk, with speed-up over one thread, at the fewest
     * concurrent renames measured (the scaling question has no writers in it).
     */
    public static List<ScalingPoint> modelScaling(Table model, String walk, int cores) {
        Table t = model.where(model.stringColumn(WALK.name()).isEqualTo(walk));
        if (t.isEmpty()) {
            return List.of();
        }
        double fewest = t.numberColumn(RENAMES.name()).min();
        t = t.where(t.numberColumn(RENAMES.name()).isEqualTo(fewest));
        return scaling(t, OPS_PER_S, WALKER_THREADS, true, cores);
    }

    /**
     * The scaling point the model's claim reads: at {@link DcacheModelExperiment#claimThreads} of the machine's
     * {@code cores} where it was measured, else the most threads measured (a run of {@code --threads}, or one from
     * before the claim read the cores).
     */
    public static ScalingPoint claimPoint(List<ScalingPoint> points, int cores) {
        if (cores > 0) {
            int threads = DcacheModelExperiment.claimThreads(cores);
            for (ScalingPoint p : points) {
                if (p.threads() == threads) {
                    return p;
                }
            }
        }
        return points.get(points.size() - 1);
    }

    /**
     * How many cores the model's JVM had at {@code threads} (fewest renames): the median over its iterations of CPU
     * time over elapsed time. NaN where the CSV has no CPU column (an older run).
     */
    public static double coresLent(Table model, String walk, double threads) {
        if (!model.containsColumn(CPU_S.name()) || !model.containsColumn(ITERATION_S.name())) {
            return Double.NaN;
        }
        Table t = model.where(model.stringColumn(WALK.name()).isEqualTo(walk));
        if (t.isEmpty()) {
            return Double.NaN;
        }
        double fewest = t.numberColumn(RENAMES.name()).min();
        t = t.where(t.numberColumn(RENAMES.name())
                .isEqualTo(fewest)
                .and(t.numberColumn(WALKER_THREADS.name()).isEqualTo(threads)));
        double[] lent = new double[t.rowCount()];
        for (int i = 0; i < lent.length; i++) {
            lent[i] = t.numberColumn(CPU_S.name()).getDouble(i)
                    / t.numberColumn(ITERATION_S.name()).getDouble(i);
        }
        return Stats.median(lent);
    }

    /** For the stat walk: wall seconds per thread count, with speed-up over one thread. */
    public static List<ScalingPoint> statWalkScaling(Table statWalk, int cores) {
        return scaling(statWalk, WALL_S, LOOKUP_THREADS, false, cores);
    }

    /**
     * {@code value}'s median per thread count in {@code rows}, each beside the fewest threads': a rate (higher is
     * faster) or a time.
     */
    static List<ScalingPoint> scaling(Table rows, Column value, Column threadCount, boolean rate, int cores) {
        Table medians = Summaries.groupMedians(rows, value.name(), threadCount.name());
        List<ScalingPoint> out = new ArrayList<>();
        if (medians.isEmpty()) {
            return out;
        }
        double base = medians.numberColumn(value.name()).getDouble(0);
        double baseThreads = medians.numberColumn(threadCount.name()).getDouble(0);
        for (int i = 0; i < medians.rowCount(); i++) {
            double threads = medians.numberColumn(threadCount.name()).getDouble(i);
            double v = medians.numberColumn(value.name()).getDouble(i);
            double speedup = rate ? Scaling.speedupFromRates(base, v) : Scaling.speedupFromTimes(base, v);
            int n = (int) Math.round(threads / baseThreads);
            out.add(new ScalingPoint(
                    threads, v, speedup, Scaling.efficiency(speedup, n), Scaling.efficiencyOnCores(speedup, n, cores)));
        }
        return out;
    }

    /** Axboe's four rows, then today's serial and parallel for each results root. */
    public static List<Normalised> normalisedRows(Results results) {
        List<Normalised> rows = new ArrayList<>();
        Table axboe = VFS_AXBOE.table();
        for (int i = 0; i < axboe.rowCount(); i++) {
            rows.add(new Normalised(
                    seedConfig(axboe, i),
                    axboe.numberColumn(REAL.name()).getDouble(i),
                    axboe.numberColumn(USER.name()).getDouble(i),
                    axboe.numberColumn(SYS.name()).getDouble(i)));
        }
        for (var diff : results.tables(VfsSchemas.GIT_DIFF)) {
            var serial = gitDiff(diff.value(), CachedGitDiff.SERIAL);
            var parallel = gitDiff(diff.value(), CachedGitDiff.PARALLEL);
            if (serial.isPresent() && parallel.isPresent()) {
                rows.add(normalise(
                        ChartStyle.name("today " + CachedGitDiff.SERIAL, results, diff.root()),
                        serial.get(),
                        serial.get()));
                rows.add(normalise(
                        ChartStyle.name("today " + CachedGitDiff.PARALLEL, results, diff.root()),
                        parallel.get(),
                        serial.get()));
            }
        }
        return rows;
    }

    /** The cores of the machine that wrote an experiment (run.json), 0 when unknown. */
    public static int cores(ResultsRoot root, String experiment) {
        return root.study(VfsSchemas.STUDY).run(experiment).cores();
    }

    static double ratioOf(Table axboe, String kernel, String mode, Column column) {
        return seedRow(axboe, kernel, mode).numberColumn(column.name()).getDouble(0);
    }

    /**
     * A seed table's row of one kernel ({@link VfsSeeds#STOCK_KERNEL} or {@link VfsSeeds#VFS_KERNEL}) and mode
     * ({@link CachedGitDiff#SERIAL} or {@link CachedGitDiff#PARALLEL}).
     */
    static Table seedRow(Table seed, String kernel, String mode) {
        return seed.where(seed.stringColumn(KERNEL.name())
                .isEqualTo(kernel)
                .and(seed.stringColumn(MODE.name()).isEqualTo(mode)));
    }

    /** A seed table's configuration as the charts name it: "vfs parallel (2009)". */
    static String seedConfig(Table seed, int row) {
        return seed.stringColumn(KERNEL.name()).get(row) + " "
                + seed.stringColumn(MODE.name()).get(row) + " (2009)";
    }
}
