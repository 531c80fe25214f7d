package labbook.vfs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.JmhRun;
import labbook.core.LabException;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.Summary;
import labbook.vfs.dcache.DcacheWalkBenchmark;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * dcache-model: both halves of the seed's table, from a model of the dentry cache.
 *
 * <p><b>The question.</b> Piggin, 2009: with 2.6.32-rc3's path walk, "parallel" {@code git diff}
 * raised system time from 7.12 s to 17.69 s for 100 runs; with store-free path walking it fell to
 * 0.68 s. Axboe, normalising to "2.6.32-rc3 serial" = 1.00: "2.6.32-rc3 parallel real 0.80 [...]
 * sys 8.38 [...] vfs parallel real 0.43 [...] sys 0.13". Today's kernel only walks store-free, so
 * git diff here shows only the "after" half; this model shows both, on any number of cores.
 *
 * <p><b>Baseline.</b> ref-walk ({@link labbook.vfs.dcache.Dcache}): the shared fs lock, then for every
 * component a d_lock and a reference-count increment on the entry passed and a put on its parent:
 * every walk stores to the cache lines of the shared ancestors. <b>Variant.</b> RCU-walk: sequence
 * counts read and re-checked hand over hand, a reference (a CAS) only on the final entry, a
 * fall-back to ref-walk when a concurrent rename changes a sequence.
 *
 * <p><b>Method.</b> JMH ({@link DcacheWalkBenchmark}, run by lab-core's {@code JmhRun} in a forked
 * JVM) over the linux 6.1 tree's 78,635 paths (the same paths as the default workload tree), each
 * thread starting at its own point of the list as git's preload threads start at their slices, on 1 thread, the machine's
 * cores and 20 threads (git's preload on a kernel tree; oversubscribed on a small machine). With
 * {@code renames=1} a thread renames {@code drivers} away and back every 50 us. Per measured
 * iteration, JMH's throughput, the fork's process CPU time and the walkers' contention counters.
 *
 * <p><b>Run.</b> {@code mvn -q -pl lab-vfs exec:java -Dexec.args="dcache-model --quick"} (quick: 1 fork,
 * 1 x 1 s warm-up, 3 x 1 s iterations; {@code --full}: 3 forks, 3 x 2 s warm-up, 5 x 2 s, and
 * 1, 2, 4, 8, 16, 20 threads). {@code --threads 1,4,64} reruns it on a bigger machine;
 * {@code --tree DIR} models another tree's index paths; {@code --renames off|on|both}.
 *
 * <p><b>CSV</b> {@code dcache-model.csv}, one row per measured JMH iteration: {@code walk} (ref|rcu),
 * {@code threads}, {@code renames} (0|1), {@code fork}, {@code iteration} (0-based),
 * {@code ops_per_s} (path walks per second, all threads), {@code cpu_s} (the benchmark JVM's user +
 * system CPU over the iteration, seconds), {@code failed_cas} (lost compare-and-swaps),
 * {@code lock_spins} (turns spent waiting for a spin lock), {@code fallbacks} (RCU-walks redone
 * by ref-walk), {@code retries} (ref-walk lookups redone after a rename), {@code misses} (walks
 * that found nothing: a rename had moved the folder away), {@code rename_ops} (renames done in the
 * iteration), {@code iteration_s} (the iteration's wall seconds), {@code cores} (available processors).
 */
@Command(name = "dcache-model", mixinStandardHelpOptions = true,
        description = "A model of the dentry cache: ref-walk vs store-free RCU-walk, JMH across thread counts.")
public final class DcacheModelExperiment implements Callable<Integer> {
    public static final String EXPERIMENT = "dcache-model";
    static final List<String> COLUMNS = List.of("walk", "threads", "renames", "fork", "iteration", "ops_per_s", "cpu_s",
            "failed_cas", "lock_spins", "fallbacks", "retries", "misses", "rename_ops", "iteration_s", "cores");

    @Mixin
    LabOptions lab;

    @Option(names = "--tree", paramLabel = "DIR",
            description = "Model the paths of this tree's index (default: the shipped linux 6.1 manifest, the default tree's paths).")
    Path tree;

    @Option(names = "--git", paramLabel = "BINARY", defaultValue = "git", description = "The git to run for --tree (default: git on PATH).")
    String gitBinary = "git";

    @Option(names = "--threads", paramLabel = "N,N...", split = ",",
            description = "Thread counts (default: 1, the cores, 20; --full: 1, 2, 4, 8, 16, 20 and the cores).")
    List<Integer> threads;

    @Option(names = "--renames", paramLabel = "off|on|both", defaultValue = "both",
            description = "Concurrent renames: off, on, or both (default).")
    String renames;

    /** One measured iteration, as the CSV row holds it. */
    record Row(String walk, int threads, int renames, int fork, int iteration, double opsPerS, double cpuS,
               long failedCas, long lockSpins, long fallbacks, long retries, long misses, long renameOps, double iterationS) {
        double cpuMicrosPerWalk() {
            return cpuS / (opsPerS * iterationS) * 1e6;
        }
    }

    @Override
    public Integer call() {
        labbook.vfs.tree.KernelTree.requireWritable(lab.resultsRoot().resolve("vfs"));
        List<String> paths = null;
        if (tree != null) {
            paths = labbook.vfs.tree.KernelTree.open(tree.toAbsolutePath().normalize(), new labbook.vfs.tree.Git(gitBinary)).entries();
            if (paths.stream().noneMatch(p -> p.startsWith(DcacheWalkBenchmark.RENAMED_FOLDER + "/"))
                    && !"off".equals(renames)) {
                throw new LabException("the tree " + tree + " has no folder '" + DcacheWalkBenchmark.RENAMED_FOLDER
                        + "' for the renames: pass --renames off");
            }
        }
        try (LabRun run = LabRun.start(lab, "vfs", EXPERIMENT)) {
            run(run, paths, threads, renames, System.out);
        }
        return 0;
    }

    static List<Integer> threadCounts(List<Integer> requested, Mode mode) {
        int cores = Runtime.getRuntime().availableProcessors();
        TreeSet<Integer> counts = new TreeSet<>();
        if (requested != null && !requested.isEmpty()) {
            for (int t : requested) {
                if (t < 1 || t > 1024) {
                    throw new LabException("--threads: " + t + " is not a thread count between 1 and 1024");
                }
                counts.add(t);
            }
            return List.copyOf(counts);
        }
        counts.add(1);
        for (int t = 2; t <= cores; t *= 2) {
            counts.add(t);
        }
        counts.add(cores);
        counts.add(20);
        if (mode == Mode.FULL) {
            counts.addAll(List.of(2, 4, 8, 16));
        }
        return List.copyOf(counts);
    }

    static List<Integer> renameModes(String option) {
        return switch (option == null ? "both" : option) {
            case "off" -> List.of(0);
            case "on" -> List.of(1);
            case "both" -> List.of(0, 1);
            default -> throw new LabException("--renames must be off, on or both, not '" + option + "'");
        };
    }

    /** Runs the model over {@code paths} (null: the shipped manifest's). */
    static List<Row> run(LabRun run, List<String> paths, List<Integer> threadsOption, String renamesOption, PrintStream out) {
        List<Integer> counts = threadCounts(threadsOption, run.mode());
        List<Integer> renameModes = renameModes(renamesOption);
        boolean full = run.mode() == Mode.FULL;
        List<String> timing = full
                ? List.of("-f", "3", "-wi", "3", "-w", "2s", "-i", "5", "-r", "2s")
                : List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "3", "-r", "1s");
        run.peer("jmh", org.openjdk.jmh.util.Version.getPlainVersion());
        List<Row> rows = new ArrayList<>();
        Path counters;
        Path pathList = null;
        try {
            counters = Files.createTempFile("labbook-dcache", ".csv");
            if (paths != null) {
                pathList = Files.createTempFile("labbook-dcache-paths", ".txt");
                Files.write(pathList, paths, StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new LabException("cannot create a temporary file for the model's counters: " + e.getMessage(), e);
        }
        try (CsvResults csv = run.csv(EXPERIMENT, COLUMNS)) {
            int step = 0;
            for (int t : counts) {
                step++;
                System.err.printf("dcache-model: JMH on %d thread%s (%d of %d)%n", t, t == 1 ? "" : "s", step, counts.size());
                Files.deleteIfExists(counters);
                List<String> args = new ArrayList<>(timing);
                args.addAll(List.of("-t", String.valueOf(t), "-foe", "true",
                        "-p", "walk=ref,rcu", "-p", "renames=" + join(renameModes),
                        "-jvmArgsAppend", "-Dlabbook.vfs.counters=" + counters
                                + (pathList == null ? "" : " -D" + DcacheWalkBenchmark.PATHS_PROPERTY + "=" + pathList)));
                List<JmhRun.Iteration> iterations = JmhRun.fork(DcacheWalkBenchmark.class.getName() + ".lstat", args);
                rows.addAll(match(iterations, readCounters(counters), t));
            }
            int cores = Runtime.getRuntime().availableProcessors();
            for (Row r : rows) {
                csv.row(r.walk, r.threads, r.renames, r.fork, r.iteration, r.opsPerS, r.cpuS, r.failedCas, r.lockSpins,
                        r.fallbacks, r.retries, r.misses, r.renameOps, r.iterationS, cores);
            }
            csv.commit();
        } catch (IOException e) {
            throw new LabException("cannot read the model's counters " + counters + ": " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(counters);
                if (pathList != null) {
                    Files.deleteIfExists(pathList);
                }
            } catch (IOException ignored) {
                // a temporary file
            }
        }
        print(rows, out);
        return rows;
    }

    private static String join(List<Integer> values) {
        return String.join(",", values.stream().map(String::valueOf).toList());
    }

    /** The benchmark's side file: walk,threads,renames,pid,iteration,cpu_s,failed_cas,lock_spins,fallbacks,retries,misses,rename_ops,wall_s. */
    static List<String[]> readCounters(Path file) throws IOException {
        List<String[]> lines = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    lines.add(line.split(","));
                }
            }
        }
        return lines;
    }

    /** Pairs each JMH iteration with its counters line: same parameters, the n-th fork (pid order), same iteration. */
    static List<Row> match(List<JmhRun.Iteration> iterations, List<String[]> counters, int threads) {
        Map<String, List<String>> pidsByKey = new HashMap<>();
        Map<String, String[]> byKey = new HashMap<>();
        for (String[] c : counters) {
            String params = c[0] + "/" + c[2];
            List<String> pids = pidsByKey.computeIfAbsent(params, k -> new ArrayList<>());
            if (!pids.contains(c[3])) {
                pids.add(c[3]);
            }
            byKey.put(params + "/" + pids.indexOf(c[3]) + "/" + c[4], c);
        }
        List<Row> rows = new ArrayList<>();
        for (JmhRun.Iteration it : iterations) {
            String walk = it.params().get("walk");
            int renames = Integer.parseInt(it.params().get("renames"));
            String[] c = byKey.get(walk + "/" + renames + "/" + it.fork() + "/" + it.iteration());
            if (c == null) {
                throw new LabException("the model's counters lack " + walk + " walk, renames=" + renames + ", fork "
                        + it.fork() + ", iteration " + it.iteration());
            }
            rows.add(new Row(walk, threads, renames, it.fork(), it.iteration(), it.score(), Double.parseDouble(c[5]),
                    Long.parseLong(c[6]), Long.parseLong(c[7]), Long.parseLong(c[8]), Long.parseLong(c[9]),
                    Long.parseLong(c[10]), Long.parseLong(c[11]), Double.parseDouble(c[12])));
        }
        return rows;
    }

    // printing ---------------------------------------------------------------------------

    private static Summary ops(List<Row> rows, String walk, int threads, int renames) {
        return Summary.of(select(rows, walk, threads, renames).stream().mapToDouble(Row::opsPerS).toArray());
    }

    private static Summary cpu(List<Row> rows, String walk, int threads, int renames) {
        return Summary.of(select(rows, walk, threads, renames).stream().mapToDouble(Row::cpuMicrosPerWalk).toArray());
    }

    private static List<Row> select(List<Row> rows, String walk, int threads, int renames) {
        return rows.stream().filter(r -> r.walk.equals(walk) && r.threads == threads && r.renames == renames).toList();
    }

    private static double perThousand(List<Row> rows, java.util.function.ToLongFunction<Row> counter) {
        double walks = rows.stream().mapToDouble(r -> r.opsPerS * r.iterationS).sum();
        return walks == 0 ? 0 : rows.stream().mapToLong(counter).sum() * 1000.0 / walks;
    }

    static void print(List<Row> rows, PrintStream out) {
        List<Integer> counts = rows.stream().map(Row::threads).distinct().sorted().toList();
        List<Integer> renameModes = rows.stream().map(Row::renames).distinct().sorted().toList();
        int cores = Runtime.getRuntime().availableProcessors();
        out.printf(Locale.ROOT, "%ndcache-model on %d cores: medians of the measured iterations%n", cores);
        out.println("(cores_busy: the benchmark JVM's CPU seconds per second; below min(threads, cores) means the shared"
                + " machine lent its cores elsewhere, so throughput suffers while CPU per walk stays comparable)");
        ConsoleTable t = new ConsoleTable("walk", "renames", "threads", "Mwalks_per_s", "speed-up", "cores_busy", "cpu_us_per_walk",
                "failed_cas/1k", "lock_spins/1k", "fallbacks/1k", "misses/1k");
        for (int renames : renameModes) {
            for (String walk : List.of("ref", "rcu")) {
                double one = ops(rows, walk, counts.get(0), renames).median();
                for (int threads : counts) {
                    List<Row> sel = select(rows, walk, threads, renames);
                    if (sel.isEmpty()) {
                        continue;
                    }
                    Summary s = ops(rows, walk, threads, renames);
                    t.row(walk, renames, threads, String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", s.median() / 1e6, s.q1() / 1e6, s.q3() / 1e6),
                            String.format(Locale.ROOT, "%.2fx", s.median() / one),
                            String.format(Locale.ROOT, "%.2f", Summary.of(sel.stream().mapToDouble(r -> r.cpuS / r.iterationS).toArray()).median()),
                            String.format(Locale.ROOT, "%.3f", cpu(rows, walk, threads, renames).median()),
                            String.format(Locale.ROOT, "%.2f", perThousand(sel, Row::failedCas)),
                            String.format(Locale.ROOT, "%.2f", perThousand(sel, Row::lockSpins)),
                            String.format(Locale.ROOT, "%.3f", perThousand(sel, Row::fallbacks)),
                            String.format(Locale.ROOT, "%.3f", perThousand(sel, Row::misses)));
                }
            }
        }
        t.print(out);
        if (!renameModes.contains(0) || !counts.contains(1)) {
            return;
        }
        printAxboe(rows, counts, cores, out);
        printScaling(rows, counts, out);
        printParallelism(rows, out);
    }

    /**
     * On a shared machine the threads do not always get the cores: an iteration of 2 threads may
     * run on one core (no cache line bounces) or on two. So CPU per walk of the multi-threaded
     * iterations, split by how many cores the benchmark actually kept busy (cpu_s / iteration_s).
     */
    private static void printParallelism(List<Row> rows, PrintStream out) {
        out.println("\nCPU per walk by the parallelism actually obtained (multi-threaded iterations, no renames):");
        ConsoleTable t = new ConsoleTable("walk", "1 thread", "threads>1, <1.2 cores busy", "threads>1, >=1.5 cores busy", "parallel / 1 thread");
        for (String walk : List.of("ref", "rcu")) {
            double one = cpu(rows, walk, 1, 0).median();
            List<Row> many = rows.stream().filter(r -> r.walk.equals(walk) && r.renames == 0 && r.threads > 1).toList();
            Summary serialised = Summary.of(many.stream().filter(r -> r.cpuS / r.iterationS < 1.2).mapToDouble(Row::cpuMicrosPerWalk).toArray());
            Summary parallel = Summary.of(many.stream().filter(r -> r.cpuS / r.iterationS >= 1.5).mapToDouble(Row::cpuMicrosPerWalk).toArray());
            t.row(walk + "-walk", String.format(Locale.ROOT, "%.3f us", one),
                    serialised.n() == 0 ? "-" : String.format(Locale.ROOT, "%.3f us (n=%d)", serialised.median(), serialised.n()),
                    parallel.n() == 0 ? "-" : String.format(Locale.ROOT, "%.3f us (n=%d)", parallel.median(), parallel.n()),
                    parallel.n() == 0 ? "-" : String.format(Locale.ROOT, "x%.2f", parallel.median() / one));
        }
        t.print(out);
    }

    /** The seed's 2 x 2 table: {ref, RCU} x {1 thread, N threads}, "ref-walk, 1 thread" = 1.00. */
    private static void printAxboe(List<Row> rows, List<Integer> counts, int cores, PrintStream out) {
        double baseOps = ops(rows, "ref", 1, 0).median();
        double baseCpu = cpu(rows, "ref", 1, 0).median();
        Map<String, SeedFigures> axboe = new LinkedHashMap<>();
        for (SeedFigures s : SeedFigures.of("axboe")) {
            axboe.put(s.config(), s);
        }
        out.printf("%nThe 2 x 2 table, Axboe's normalisation (ref-walk on 1 thread = 1.00; real = time for the same walks,"
                + " cpu = CPU per walk; no renames)%n");
        ConsoleTable n = new ConsoleTable("model", "real", "cpu", "seed counterpart", "seed real", "seed sys");
        List<Integer> many = new ArrayList<>();
        int n1 = counts.contains(cores) && cores > 1 ? cores : counts.stream().filter(c -> c > 1).findFirst().orElse(1);
        many.add(n1);
        if (counts.contains(20) && n1 != 20) {
            many.add(20);
        }
        for (String walk : List.of("ref", "rcu")) {
            String kernel = walk.equals("ref") ? "2.6.32-rc3" : "vfs";
            for (int threads : prepend(1, many)) {
                if (select(rows, walk, threads, 0).isEmpty()) {
                    continue;
                }
                String seedConfig = kernel + (threads == 1 ? " serial" : " parallel");
                SeedFigures s = axboe.get(seedConfig);
                n.row(walk + "-walk, " + threads + (threads == 1 ? " thread" : " threads"),
                        GitDiffExperiment.f2(baseOps / ops(rows, walk, threads, 0).median()),
                        GitDiffExperiment.f2(cpu(rows, walk, threads, 0).median() / baseCpu),
                        seedConfig, GitDiffExperiment.f2(s.elapsedS()), GitDiffExperiment.f2(s.sysS()));
            }
        }
        n.print(out);
    }

    private static List<Integer> prepend(int first, List<Integer> rest) {
        List<Integer> l = new ArrayList<>();
        l.add(first);
        l.addAll(rest);
        return l;
    }

    /** Where each walk stops scaling: its best thread count, and how its CPU per walk grows. */
    private static void printScaling(List<Row> rows, List<Integer> counts, PrintStream out) {
        out.println();
        for (String walk : List.of("ref", "rcu")) {
            int best = counts.get(0);
            double bestOps = 0;
            for (int threads : counts) {
                double ops = ops(rows, walk, threads, 0).median();
                if (ops > bestOps) {
                    bestOps = ops;
                    best = threads;
                }
            }
            double one = ops(rows, walk, 1, 0).median();
            int last = counts.get(counts.size() - 1);
            double cpuOne = cpu(rows, walk, 1, 0).median();
            StringBuilder growth = new StringBuilder();
            for (int threads : counts) {
                growth.append(String.format(Locale.ROOT, "%s%d: %.3f us", growth.length() == 0 ? "" : ", ", threads,
                        cpu(rows, walk, threads, 0).median()));
            }
            out.printf(Locale.ROOT, "%s-walk peaks at %d thread%s (%.2fx one thread); at %d threads %.2fx; "
                            + "CPU per walk %s (x%.2f from 1 to %d threads)%n",
                    walk, best, best == 1 ? "" : "s", bestOps / one, last, ops(rows, walk, last, 0).median() / one, growth,
                    cpu(rows, walk, last, 0).median() / cpuOne, last);
        }
    }
}
