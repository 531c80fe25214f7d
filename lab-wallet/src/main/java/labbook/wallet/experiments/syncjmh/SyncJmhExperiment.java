package labbook.wallet.experiments.syncjmh;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.JmhRun;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.RowType;
import labbook.wallet.WalletSchemas;
import labbook.wallet.WalletSeeds;
import labbook.wallet.experiments.Scratch;
import labbook.wallet.experiments.VariantJvm;
import labbook.wallet.experiments.syncsweep.SweepVariant;
import labbook.wallet.jmh.WalletSyncBenchmark;
import picocli.CommandLine.Command;

/**
 * sync-jmh: one whole sync at the seed's sizes, timed by JMH with forks, warm-up and iterations.
 *
 * <p><b>The question.</b> The seed (KDE Community Wiki, "KDE Utils/kwallet/Benchmark") reported one run per size: "I
 * didn't bother to run the test several times [...] this makes some of the numbers seem a little weird". How large is
 * the spread it could not see? JMH times a whole sync at the seed's sizes, with forks, warm-up and iterations, beside
 * the sweep's single shots.
 *
 * <p><b>Baseline.</b> {@code kde4}, the 2009 wallet, at the seed's sizes 1, 100, 1000, 5000, 10000
 * ({@link WalletSeeds}; full mode adds 100,000; quick mode takes 1, 1000 and 10,000).
 *
 * <p><b>Variants.</b> {@code kf5}, the lab's other .kwl format, in both modes; the sweep times the other
 * {@link SweepVariant}s in its loop ({@link Settings#of}).
 *
 * <p><b>How to run.</b> {@code ./labbook wallet sync-jmh --quick}, or {@code mvn -q -pl lab-wallet exec:java
 * -Dexec.args="sync-jmh --quick"}: one fork per variant and size, 2 warm-up iterations and 5 measured ones of 0.1 s
 * each (a JVM per fork); {@code --full}: 2 forks x (2 x 1 s warm-up + 4 x 1 s measured) at every size. The benchmark is
 * {@link WalletSyncBenchmark}; JMH runs in a forked JVM with the module's class path (lab-core's {@code JmhRun}) and
 * forks its own JVMs from there. One row per measured JMH iteration: {@link WalletSchemas#SYNC_JMH}.
 */
@Command(
        name = "sync-jmh",
        description = "JMH: one whole sync at the seed's sizes, forks, warm-up and iterations: mean ± error.")
public final class SyncJmhExperiment extends ExperimentCommand {
    /**
     * What JMH runs: the sweep's variants it times (the Java ones only: the benchmark syncs a Java wallet), the sizes
     * and JMH's own options (forks, iterations and their times).
     */
    public record Settings(List<SweepVariant> variants, List<Integer> entries, List<String> jmhOptions) {
        public Settings {
            variants = List.copyOf(variants);
            for (SweepVariant v : variants) {
                if (v.kind() != SweepVariant.Kind.JAVA) {
                    throw new IllegalArgumentException("sync-jmh times Java wallets in JMH's forks, not " + v.label());
                }
            }
        }

        public static Settings of(Mode mode) {
            List<Integer> sizes = new ArrayList<>(WalletSeeds.load().checkpoints());
            if (mode == Mode.FULL) {
                sizes.add(100_000);
                // the lab's two .kwl formats; the sweep times the other variants in its loop
                return new Settings(
                        List.of(SweepVariant.KDE4, SweepVariant.KF5),
                        sizes,
                        List.of("-f", "2", "-wi", "2", "-w", "1s", "-i", "4", "-r", "1s"));
            }
            // each (variant, size) is a JVM of its own: quick mode takes the seed's ends and middle
            return new Settings(
                    List.of(SweepVariant.KDE4, SweepVariant.KF5),
                    List.of(1, 1000, 10_000),
                    List.of("-f", "1", "-wi", "2", "-w", "100ms", "-i", "5", "-r", "100ms"));
        }

        /** What JMH's run costs: each (variant, size) is a JVM of its own ({@link JmhRun#work}). */
        public JmhRun.Cost cost() {
            return new JmhRun.Cost(variants.size() * entries.size(), jmhOptions);
        }

        /** The variants as JMH's {@code variant} parameter takes them: their labels, comma-separated. */
        public String variantParameter() {
            return variants.stream().map(SweepVariant::label).collect(Collectors.joining(","));
        }
    }

    @Override
    public Integer call() {
        try (LabRun run = startRun(WalletSchemas.STUDY, "sync-jmh")) {
            run(run, Settings.of(run.mode()), System.out);
        }
        return 0;
    }

    public static List<JmhRun.Iteration> run(LabRun run, Settings settings, PrintStream out) {
        List<JmhRun.Iteration> its;
        try (Scratch scratch = new Scratch(run.studyDir(), "sync-jmh")) {
            List<String> args = jmhArgs(settings, scratch.dir(), VariantJvm.declaredFlags());
            awaitJmhLock(Duration.ofMinutes(10));
            its = JmhRun.fork(WalletSyncBenchmark.class.getName() + ".sync", args);
        }
        record(run, its, out);
        return its;
    }

    /**
     * JMH's arguments: the parameters, the settings' options, and for each fork (a JVM per variant and size, whose JIT
     * state no other shaped) the module's declared JVM flags, {@code declaredFlags}, whatever launched the experiment,
     * and the scratch folder. Each as an {@code -jvmArgsAppend} of its own: JMH splits a lone one at its spaces.
     */
    static List<String> jmhArgs(Settings settings, Path scratch, List<String> declaredFlags) {
        List<String> args = new ArrayList<>(List.of(
                "-p",
                "variant=" + settings.variantParameter(),
                "-p",
                "entries=" + settings.entries().stream().map(String::valueOf).collect(Collectors.joining(","))));
        for (String flag : declaredFlags) {
            args.addAll(List.of("-jvmArgsAppend", flag));
        }
        args.addAll(List.of("-jvmArgsAppend", "-Dlabbook.wallet.scratch=" + scratch));
        args.addAll(settings.jmhOptions());
        return args;
    }

    /** JMH's lock file: JMH refuses to start while another JMH run on the machine holds it. */
    public static final Path JMH_LOCK = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");

    /** True when no JMH run on this machine holds {@link #JMH_LOCK} right now. */
    public static boolean jmhLockFree() {
        try (FileChannel ch = FileChannel.open(JMH_LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = ch.tryLock()) {
            return lock != null;
        } catch (IOException | OverlappingFileLockException e) {
            return false;
        }
    }

    /** On a shared machine another JMH run may be measuring: wait for it (at most {@code max}) rather than fail. */
    private static void awaitJmhLock(Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        boolean said = false;
        while (!jmhLockFree() && System.nanoTime() < deadline) {
            if (!said) {
                System.err.println(
                        "sync-jmh: another JMH run on this machine holds " + JMH_LOCK + "; waiting for it to finish");
                said = true;
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LabException("sync-jmh interrupted while waiting for " + JMH_LOCK);
            }
        }
    }

    /** A row of sync-jmh.csv: one measured JMH iteration of a variant at a wallet size, bound by {@link #ROW}. */
    record Iteration(String variant, int entries, int fork, int iteration, double syncMs) {}

    static final RowType<Iteration> ROW = RowType.of(WalletSchemas.SYNC_JMH, Iteration.class);

    /** The CSV of JMH's measured iterations, and the printed table. */
    public static void record(LabRun run, List<JmhRun.Iteration> its, PrintStream out) {
        try (CsvResults csv = run.csv(WalletSchemas.SYNC_JMH)) {
            for (JmhRun.Iteration it : its) {
                Iteration row = new Iteration(
                        it.params().get("variant"),
                        Integer.parseInt(it.params().get("entries")),
                        it.fork(),
                        it.iteration(),
                        it.score());
                csv.row(ROW, row);
            }
            csv.commit();
        }
        print(its, WalletSeeds.load(), out);
    }

    @SuppressWarnings("OrphanedFormatString") // "% e" in the heading is a percentage, printed as it stands
    private static void print(List<JmhRun.Iteration> its, WalletSeeds seed, PrintStream out) {
        Map<Integer, Map<String, String>> cells = new TreeMap<>();
        Map<String, Boolean> variants = new LinkedHashMap<>();
        for (JmhRun.Iteration it : its) {
            String v = it.params().get("variant");
            variants.put(v, true);
            cells.computeIfAbsent(Integer.parseInt(it.params().get("entries")), k -> new LinkedHashMap<>())
                    .put(v, String.format(Locale.ROOT, "%.3f ± %.3f", it.meanScore(), it.meanError()));
        }
        List<String> header = new ArrayList<>(List.of("entries", "seed " + WalletSeeds.RELEASE));
        header.addAll(variants.keySet());
        ConsoleTable t = new ConsoleTable(header.toArray(new String[0]));
        cells.forEach((n, byVariant) -> {
            List<Object> row =
                    new ArrayList<>(List.of(String.format(Locale.ROOT, "%,d", n), seed.ms(WalletSeeds.RELEASE, n)));
            variants.keySet().forEach(v -> row.add(byVariant.getOrDefault(v, "-")));
            t.row(row.toArray());
        });
        out.println();
        out.println("sync-jmh: mean ± 99.9% error of one sync, ms"
                + " (JMH; the error is NaN with a single measured iteration)");
        t.print(out);
    }
}
