package labbook.vfs.experiments.dcachemodel;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;
import labbook.core.ConsoleTable;
import labbook.core.Summary;
import labbook.vfs.VfsSeeds;
import labbook.vfs.dcache.Walk;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.jmh.ModelIteration;

/**
 * What dcache-model prints from its rows: throughput and contention per walk and thread count, the seed's 2 x 2 table
 * in Axboe's normalisation, where each walk stops scaling, and CPU per walk by the parallelism the shared machine
 * actually gave. Medians of the measured iterations.
 */
final class DcacheModelPrintout {
    private final List<ModelIteration> rows;
    private final List<Integer> counts;
    private final int cores;

    private DcacheModelPrintout(List<ModelIteration> rows, int cores) {
        this.rows = rows;
        this.counts = rows.stream()
                .map(ModelIteration::walkerThreads)
                .distinct()
                .sorted()
                .toList();
        this.cores = cores;
    }

    static void print(List<ModelIteration> rows, PrintStream out) {
        if (rows.isEmpty()) {
            return;
        }
        DcacheModelPrintout t =
                new DcacheModelPrintout(rows, Runtime.getRuntime().availableProcessors());
        t.printThroughput(out);
        if (!rows.stream().map(ModelIteration::renames).toList().contains(0) || !t.counts.contains(1)) {
            return;
        }
        t.printAxboe(out);
        t.printScaling(out);
        t.printParallelism(out);
    }

    private List<ModelIteration> select(Walk walk, int threads, int renames) {
        return rows.stream()
                .filter(r -> r.walk().equals(walk.label()) && r.walkerThreads() == threads && r.renames() == renames)
                .toList();
    }

    private Summary ops(Walk walk, int threads, int renames) {
        return Summary.of(select(walk, threads, renames).stream()
                .mapToDouble(ModelIteration::opsPerS)
                .toArray());
    }

    private Summary cpu(Walk walk, int threads, int renames) {
        return Summary.of(select(walk, threads, renames).stream()
                .mapToDouble(ModelIteration::cpuMicrosPerWalk)
                .toArray());
    }

    private static double perThousand(List<ModelIteration> sel, ToLongFunction<ModelIteration> counter) {
        double walks =
                sel.stream().mapToDouble(r -> r.opsPerS() * r.iterationS()).sum();
        return walks == 0 ? 0 : sel.stream().mapToLong(counter).sum() * 1000.0 / walks;
    }

    private static String f(String format, double v) {
        return String.format(Locale.ROOT, format, v);
    }

    private static String f2(double v) {
        return f("%.2f", v);
    }

    private void printThroughput(PrintStream out) {
        List<Integer> renameModes =
                rows.stream().map(ModelIteration::renames).distinct().sorted().toList();
        out.printf(Locale.ROOT, "%ndcache-model on %d cores: medians of the measured iterations%n", cores);
        out.println(
                "(cores_busy: the benchmark JVM's CPU seconds per second; below min(threads, cores) means the shared"
                        + " machine lent its cores elsewhere, so throughput suffers while CPU per walk stays "
                        + "comparable)");
        ConsoleTable t = new ConsoleTable(
                "walk",
                "renames",
                "threads",
                "Mwalks_per_s",
                "speed-up",
                "cores_busy",
                "cpu_us_per_walk",
                "failed_cas/1k",
                "lock_spins/1k",
                "fallbacks/1k",
                "misses/1k");
        for (int renames : renameModes) {
            for (Walk walk : Walk.ALL) {
                double one = ops(walk, counts.get(0), renames).median();
                for (int threads : counts) {
                    List<ModelIteration> sel = select(walk, threads, renames);
                    if (sel.isEmpty()) {
                        continue;
                    }
                    Summary s = ops(walk, threads, renames);
                    t.row(
                            walk,
                            renames,
                            threads,
                            String.format(
                                    Locale.ROOT, "%.2f (%.2f-%.2f)", s.median() / 1e6, s.q1() / 1e6, s.q3() / 1e6),
                            f("%.2fx", s.median() / one),
                            f(
                                    "%.2f",
                                    Summary.of(sel.stream()
                                                    .mapToDouble(ModelIteration::coresBusy)
                                                    .toArray())
                                            .median()),
                            f("%.3f", cpu(walk, threads, renames).median()),
                            f("%.2f", perThousand(sel, ModelIteration::failedCas)),
                            f("%.2f", perThousand(sel, ModelIteration::lockSpins)),
                            f("%.3f", perThousand(sel, ModelIteration::fallbacks)),
                            f("%.3f", perThousand(sel, ModelIteration::misses)));
                }
            }
        }
        t.print(out);
    }

    /** The seed's 2 x 2 table: {ref, RCU} x {1 thread, N threads}, "ref-walk, 1 thread" = 1.00. */
    private void printAxboe(PrintStream out) {
        double baseOps = ops(Walk.REF, 1, 0).median();
        double baseCpu = cpu(Walk.REF, 1, 0).median();
        Map<String, VfsSeeds.Figures> axboe = new LinkedHashMap<>();
        for (VfsSeeds.Figures s : VfsSeeds.axboe()) {
            axboe.put(s.config(), s);
        }
        out.printf(
                "%nThe 2 x 2 table, Axboe's normalisation (ref-walk on 1 thread = 1.00; real = time for the same walks,"
                        + " cpu = CPU per walk; no renames)%n");
        ConsoleTable n = new ConsoleTable("model", "real", "cpu", "seed counterpart", "seed real", "seed sys");
        List<Integer> threads = new ArrayList<>(List.of(1));
        int many = counts.contains(cores) && cores > 1
                ? cores
                : counts.stream().filter(c -> c > 1).findFirst().orElse(1);
        if (many != 1) {
            threads.add(many);
        }
        if (counts.contains(20) && many != 20) {
            threads.add(20);
        }
        for (Walk walk : Walk.ALL) {
            String kernel = walk == Walk.REF ? VfsSeeds.STOCK_KERNEL : VfsSeeds.VFS_KERNEL;
            for (int t : threads) {
                if (select(walk, t, 0).isEmpty()) {
                    continue;
                }
                String seedConfig = kernel + " " + (t == 1 ? CachedGitDiff.SERIAL : CachedGitDiff.PARALLEL);
                VfsSeeds.Figures s = axboe.get(seedConfig);
                n.row(
                        walk + "-walk, " + t + (t == 1 ? " thread" : " threads"),
                        f2(baseOps / ops(walk, t, 0).median()),
                        f2(cpu(walk, t, 0).median() / baseCpu),
                        seedConfig,
                        f2(s.real()),
                        f2(s.sys()));
            }
        }
        n.print(out);
    }

    /** Where each walk stops scaling: its best thread count, and how its CPU per walk grows. */
    private void printScaling(PrintStream out) {
        out.println();
        for (Walk walk : Walk.ALL) {
            int best = counts.get(0);
            double bestOps = 0;
            for (int threads : counts) {
                double ops = ops(walk, threads, 0).median();
                if (ops > bestOps) {
                    bestOps = ops;
                    best = threads;
                }
            }
            double one = ops(walk, 1, 0).median();
            int last = counts.get(counts.size() - 1);
            double cpuOne = cpu(walk, 1, 0).median();
            StringBuilder growth = new StringBuilder();
            for (int threads : counts) {
                growth.append(String.format(
                        Locale.ROOT,
                        "%s%d: %.3f us",
                        growth.length() == 0 ? "" : ", ",
                        threads,
                        cpu(walk, threads, 0).median()));
            }
            out.printf(
                    Locale.ROOT,
                    "%s-walk peaks at %d thread%s (%.2fx one thread); at %d threads %.2fx; "
                            + "CPU per walk %s (x%.2f from 1 to %d threads)%n",
                    walk,
                    best,
                    best == 1 ? "" : "s",
                    bestOps / one,
                    last,
                    ops(walk, last, 0).median() / one,
                    growth,
                    cpu(walk, last, 0).median() / cpuOne,
                    last);
        }
    }

    /**
     * On a shared machine the threads do not always get the cores: an iteration of 2 threads may run on one core (no
     * cache line bounces) or on two. So CPU per walk of the multi-threaded iterations, split by how many cores the
     * benchmark actually kept busy (cpu_s / iteration_s).
     */
    private void printParallelism(PrintStream out) {
        out.println("\nCPU per walk by the parallelism actually obtained (multi-threaded iterations, no renames):");
        ConsoleTable t = new ConsoleTable(
                "walk", "1 thread", "threads>1, <1.2 cores busy", "threads>1, >=1.5 cores busy", "parallel / 1 thread");
        for (Walk walk : Walk.ALL) {
            double one = cpu(walk, 1, 0).median();
            List<ModelIteration> many = rows.stream()
                    .filter(r -> r.walk().equals(walk.label()) && r.renames() == 0 && r.walkerThreads() > 1)
                    .toList();
            Summary serialised = Summary.of(many.stream()
                    .filter(r -> r.coresBusy() < 1.2)
                    .mapToDouble(ModelIteration::cpuMicrosPerWalk)
                    .toArray());
            Summary parallel = Summary.of(many.stream()
                    .filter(r -> r.coresBusy() >= 1.5)
                    .mapToDouble(ModelIteration::cpuMicrosPerWalk)
                    .toArray());
            t.row(
                    walk + "-walk",
                    f("%.3f us", one),
                    serialised.n() == 0
                            ? "-"
                            : String.format(Locale.ROOT, "%.3f us (n=%d)", serialised.median(), serialised.n()),
                    parallel.n() == 0
                            ? "-"
                            : String.format(Locale.ROOT, "%.3f us (n=%d)", parallel.median(), parallel.n()),
                    parallel.n() == 0 ? "-" : f("x%.2f", parallel.median() / one));
        }
        t.print(out);
    }
}
