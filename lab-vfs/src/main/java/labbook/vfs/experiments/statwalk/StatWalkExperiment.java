package labbook.vfs.experiments.statwalk;

import static labbook.vfs.VfsResults.ELAPSED_S;
import static labbook.vfs.VfsResults.MISMATCHES;
import static labbook.vfs.VfsResults.MODE;
import static labbook.vfs.VfsResults.PATHS;
import static labbook.vfs.VfsResults.REPEAT;
import static labbook.vfs.VfsResults.SYS_S;
import static labbook.vfs.VfsResults.THREADS;
import static labbook.vfs.VfsResults.USER_S;
import static labbook.vfs.VfsResults.WALL_S;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Measurement;
import labbook.core.Mode;
import labbook.core.OptionValues;
import labbook.core.PeerResult;
import labbook.core.Progress;
import labbook.core.Summary;
import labbook.vfs.VfsResults;
import labbook.vfs.experiments.TreeOptions;
import labbook.vfs.tree.KernelTree;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * stat-walk: the lstat storm of git's preload-index, from Java, on 1 to 20 threads.
 *
 * <p><b>The question.</b> The seed's parallel {@code git diff} is, underneath, many threads each
 * lstat-ing its slice of the index ("parallel and serial configs (PreloadIndex = true/false)").
 * How much of {@code git diff}'s time is that storm, and how does it scale with threads on this
 * kernel? If a plain Java loop of one lstat per index entry takes about as long as
 * {@code git diff} itself, the workload is the path walk, and the model of the dentry cache is
 * modelling the right thing.
 *
 * <p><b>Baseline.</b> One thread lstats every index entry in index order ({@code core.preloadIndex=false}).
 * <b>Variants.</b> 2, 4, 8, 16 and 20 threads, each taking a contiguous slice of the index as
 * preload-index.c does (git uses 20 threads on a kernel tree, and on quick mode's quarter of one).
 *
 * <p><b>Method.</b> The paths come from {@code git ls-files}; each stat is
 * {@code Files.readAttributes(p, BasicFileAttributes.class, NOFOLLOW_LINKS)} (one {@code statx})
 * and its size is compared with the size recorded at set-up, as preload compares stat data with
 * the index. Paths are relative to the working folder when the tree lies under it (the kernel then
 * walks only a few extra components; git walks from inside the tree). Threads are started for each
 * walk, as git starts its own per run. Wall time and this process's user and system CPU
 * ({@code /proc/self/stat}, 10 ms ticks; JIT and GC threads included) per walk, after warm-up
 * walks. Inside the same run and the same repeats, {@code git diff} runs serial and parallel
 * ({@code stat-walk-git.csv}), for the ratio Java walk elapsed / git diff elapsed.
 *
 * <p><b>Run.</b> {@code ./labbook vfs stat-walk --quick} (quick: 5 repeats on the quick tree;
 * {@code --full}: 30 on the full tree). {@code --repeats N} overrides; {@code --tree DIR} runs on another tree.
 *
 * <p><b>CSV</b> {@code stat-walk.csv}, one row per walk: {@link VfsResults#STAT_WALK};
 * {@code stat-walk-git.csv}, one row per git diff run of the same repeats: {@link VfsResults#STAT_WALK_GIT}.
 */
@Command(name = "stat-walk", mixinStandardHelpOptions = true,
        description = "One lstat per index entry from Java, as git's preload does, on 1, 2, 4, ... 20 threads; beside git diff.")
public final class StatWalkExperiment implements Callable<Integer> {
    public static final String EXPERIMENT = VfsResults.STAT_WALK.experiment();
    public static final List<Integer> THREAD_COUNTS = List.of(1, 2, 4, 8, 16, 20);

    @Mixin
    LabOptions lab;
    @Mixin
    TreeOptions treeOptions;

    @Option(names = "--repeats", paramLabel = "N", description = "Walks per thread count (default: quick 5, full 30).")
    Integer repeats;

    @Override
    public Integer call() {
        OptionValues.atLeast("--repeats", repeats, 1, 1);
        KernelTree tree = treeOptions.open(lab);
        try (LabRun run = LabRun.start(lab, VfsResults.STUDY, EXPERIMENT,
                OptionValues.rerun("--repeats", repeats, "--tree", treeOptions.tree(), "--git", treeOptions.gitOption()))) {
            run(run, tree, repeats, System.out);
        }
        return 0;
    }

    /** The two figures the study reports: Java walk / git diff elapsed, serial (1 thread) and parallel (20). */
    public record Ratios(double serial, double parallel) {
    }

    public static Ratios run(LabRun run, KernelTree tree, Integer repeatsOption, PrintStream out) {
        int repeats = OptionValues.atLeast("--repeats", repeatsOption, 1, run.mode() == Mode.FULL ? 30 : 5);
        run.peer("git", tree.git().requireInstalled());
        List<String> entries = tree.entries();
        Path[] paths = paths(tree.dir(), entries);
        long[] sizes = sizes(paths);
        List<double[]> javaRows = new ArrayList<>();
        List<double[]> gitRows = new ArrayList<>();
        try (CsvResults csv = run.csv(VfsResults.STAT_WALK);
             CsvResults git = run.csv(VfsResults.STAT_WALK_GIT)) {
            for (int w = 0; w < 3; w++) {
                walk(paths, sizes, 1);
            }
            for (int t : THREAD_COUNTS) {
                walk(paths, sizes, t);
            }
            try (ProgressBar bar = Progress.bar("stat-walk", (long) repeats * (THREAD_COUNTS.size() + 2), "walks")) {
                for (int r = 0; r < repeats; r++) {
                    int repeat = r;
                    for (String mode : r % 2 == 0 ? List.of("serial", "parallel") : List.of("parallel", "serial")) {
                        PeerResult g = tree.git().start(tree.git().command(tree.dir(),
                                List.of("core.preloadIndex=" + mode.equals("parallel")), "diff"));
                        if (!g.ok()) {
                            throw new LabException("git diff failed in " + tree.dir() + ": " + g.stderr().lines().findFirst().orElse(""));
                        }
                        git.row(row -> row.set(MODE, mode).set(REPEAT, repeat).set(ELAPSED_S, g.time().wallSeconds())
                                .set(USER_S, g.time().userSeconds()).set(SYS_S, g.time().systemSeconds()));
                        gitRows.add(new double[] {mode.equals("serial") ? 0 : 1, g.time().wallSeconds()});
                        bar.step();
                    }
                    // alternate the order of thread counts, so drift does not favour one end
                    List<Integer> order = new ArrayList<>(THREAD_COUNTS);
                    if (r % 2 == 1) {
                        java.util.Collections.reverse(order);
                    }
                    for (int t : order) {
                        long[] mismatches = new long[1];
                        Measurement m = Measurement.of(() -> mismatches[0] = walk(paths, sizes, t));
                        csv.row(row -> row.set(THREADS, t).set(REPEAT, repeat).set(PATHS, paths.length)
                                .set(WALL_S, m.wallSeconds()).set(USER_S, m.userSeconds()).set(SYS_S, m.systemSeconds())
                                .set(MISMATCHES, mismatches[0]));
                        javaRows.add(new double[] {t, m.wallSeconds(), m.userSeconds(), m.systemSeconds()});
                        bar.step();
                    }
                }
            }
            csv.commit();
            git.commit();
        }
        return print(javaRows, gitRows, paths.length, out);
    }

    static Path[] paths(Path treeDir, List<String> entries) {
        Path base = treeDir;
        Path cwd = Path.of("").toAbsolutePath();
        if (treeDir.startsWith(cwd)) {
            base = cwd.relativize(treeDir);
        }
        Path[] paths = new Path[entries.size()];
        for (int i = 0; i < paths.length; i++) {
            paths[i] = base.resolve(entries.get(i));
        }
        return paths;
    }

    private static long[] sizes(Path[] paths) {
        long[] sizes = new long[paths.length];
        for (int i = 0; i < paths.length; i++) {
            sizes[i] = lstat(paths[i]).size();
        }
        return sizes;
    }

    static BasicFileAttributes lstat(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new LabException("cannot lstat " + p + " (the tree changed?): " + e.getMessage(), e);
        }
    }

    /** One walk: {@code threads} threads, each its contiguous slice; returns the entries whose size changed. */
    static long walk(Path[] paths, long[] sizes, int threads) {
        if (threads == 1) {
            return slice(paths, sizes, 0, paths.length);
        }
        long[] mismatches = new long[threads];
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            int index = i;
            int from = (int) ((long) paths.length * i / threads);
            int to = (int) ((long) paths.length * (i + 1) / threads);
            workers[i] = new Thread(() -> {
                try {
                    mismatches[index] = slice(paths, sizes, from, to);
                } catch (RuntimeException e) {
                    failure.compareAndSet(null, e);
                }
            }, "stat-walk-" + i);
            workers[i].start();
        }
        long total = 0;
        for (int i = 0; i < threads; i++) {
            try {
                workers[i].join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LabException("stat-walk interrupted");
            }
            total += mismatches[i];
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        return total;
    }

    private static long slice(Path[] paths, long[] sizes, int from, int to) {
        long mismatches = 0;
        for (int i = from; i < to; i++) {
            if (lstat(paths[i]).size() != sizes[i]) {
                mismatches++;
            }
        }
        return mismatches;
    }

    private static Ratios print(List<double[]> javaRows, List<double[]> gitRows, int paths, PrintStream out) {
        out.printf(Locale.ROOT, "%nstat-walk: %,d lstats per walk, medians (IQR)%n", paths);
        ConsoleTable t = new ConsoleTable("threads", "wall_ms", "user_ms", "sys_ms", "us_per_lstat", "speed-up");
        double oneThread = Double.NaN;
        for (int threads : THREAD_COUNTS) {
            Summary wall = Summary.of(javaRows.stream().filter(r -> r[0] == threads).mapToDouble(r -> r[1] * 1000).toArray());
            Summary user = Summary.of(javaRows.stream().filter(r -> r[0] == threads).mapToDouble(r -> r[2] * 1000).toArray());
            Summary sys = Summary.of(javaRows.stream().filter(r -> r[0] == threads).mapToDouble(r -> r[3] * 1000).toArray());
            if (threads == 1) {
                oneThread = wall.median();
            }
            t.row(threads, wall.format("%.1f"), String.format(Locale.ROOT, "%.0f", user.median()),
                    String.format(Locale.ROOT, "%.0f", sys.median()),
                    String.format(Locale.ROOT, "%.2f", wall.median() * 1000 / paths),
                    String.format(Locale.ROOT, "%.2fx", oneThread / wall.median()));
        }
        t.print(out);
        Summary gitSerial = Summary.of(gitRows.stream().filter(r -> r[0] == 0).mapToDouble(r -> r[1] * 1000).toArray());
        Summary gitParallel = Summary.of(gitRows.stream().filter(r -> r[0] == 1).mapToDouble(r -> r[1] * 1000).toArray());
        double java1 = Summary.of(javaRows.stream().filter(r -> r[0] == 1).mapToDouble(r -> r[1] * 1000).toArray()).median();
        double java20 = Summary.of(javaRows.stream().filter(r -> r[0] == 20).mapToDouble(r -> r[1] * 1000).toArray()).median();
        Ratios ratios = new Ratios(java1 / gitSerial.median(), java20 / gitParallel.median());
        out.printf(Locale.ROOT, "git diff in the same run: serial %s ms, parallel %s ms%n", gitSerial.format("%.1f"),
                gitParallel.format("%.1f"));
        out.printf(Locale.ROOT, "Java stat-walk / git diff elapsed: serial (1 thread) %.2f, parallel (20 threads) %.2f%n",
                ratios.serial(), ratios.parallel());
        return ratios;
    }
}
