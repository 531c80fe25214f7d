package labbook.wallet.experiments;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.JmhRun;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.wallet.jmh.WalletSyncBenchmark;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * <b>The question.</b> The seed reported one run per size ("I didn't bother to run the test
 * several times [...] this makes some of the numbers seem a little weird"). How large is the
 * spread the seed could not see? JMH times a whole sync at the seed's checkpoints, with forks,
 * warm-up and iterations, giving mean ± error beside the sweep's single shots.
 *
 * <p><b>Baseline.</b> {@code kde4} (the 2009 wallet); <b>variants</b> {@code kf5} in quick mode,
 * plus {@code kf5-fdatasync} and {@code aead} in full mode. Sizes 1, 100, 1000, 5000, 10000 (full
 * adds 100,000).
 *
 * <p><b>How to run.</b> {@code mvn -q -pl lab-wallet exec:java -Dexec.args="sync-jmh --quick"}:
 * 2 forks x (2 warm-up iterations of 0.3 s + 3 measured of 0.3 s), about a minute;
 * {@code --full}: 3 forks x (3 x 1 s warm-up + 5 x 1 s). JMH runs in a forked JVM with the module's
 * class path (lab-core's JmhRun) and forks its own JVMs from there.
 *
 * <p><b>CSV</b> {@code results/wallet/sync-jmh.csv}, one row per measured JMH iteration:
 * {@code variant}, {@code entries}, {@code fork} (0..), {@code iteration} (0..), {@code sync_ms}
 * (that iteration's average time of one sync, ms).
 */
@Command(name = "sync-jmh", mixinStandardHelpOptions = true,
        description = "JMH: one whole sync at the seed's checkpoints, several forks, mean ± error.")
public final class SyncJmh implements Callable<Integer> {
    public static final List<String> COLUMNS = List.of("variant", "entries", "fork", "iteration", "sync_ms");

    @Mixin
    LabOptions lab;

    @Override
    public Integer call() {
        try (LabRun run = WalletRun.start(lab, "sync-jmh")) {
            run(run);
        }
        return 0;
    }

    public static void run(LabRun run) {
        boolean full = run.mode() == Mode.FULL;
        try (Scratch scratch = new Scratch(run.studyDir(), "sync-jmh")) {
            List<String> args = new ArrayList<>(List.of(
                    "-p", "variant=" + (full ? "kde4,kf5,kf5-fdatasync,aead" : "kde4,kf5"),
                    "-p", "entries=" + (full ? "1,100,1000,5000,10000,100000" : "1,100,1000,5000,10000"),
                    "-jvmArgsAppend", "-Dlabbook.wallet.scratch=" + scratch.dir()));
            args.addAll(full ? List.of("-f", "3", "-wi", "3", "-w", "1s", "-i", "5", "-r", "1s")
                    : List.of("-f", "2", "-wi", "2", "-w", "300ms", "-i", "3", "-r", "300ms"));
            List<JmhRun.Iteration> its = JmhRun.fork(WalletSyncBenchmark.class.getName() + ".sync", args);
            try (CsvResults csv = run.csv("sync-jmh", COLUMNS)) {
                for (JmhRun.Iteration it : its) {
                    csv.row(it.params().get("variant"), Integer.parseInt(it.params().get("entries")), it.fork(), it.iteration(), it.score());
                }
                csv.commit();
            }
            print(its);
        }
    }

    private static void print(List<JmhRun.Iteration> its) {
        Map<Integer, Map<String, String>> cells = new TreeMap<>();
        Map<String, Boolean> variants = new LinkedHashMap<>();
        for (JmhRun.Iteration it : its) {
            String v = it.params().get("variant");
            variants.put(v, true);
            cells.computeIfAbsent(Integer.parseInt(it.params().get("entries")), k -> new LinkedHashMap<>())
                    .put(v, String.format(Locale.ROOT, "%.3f ± %.3f", it.meanScore(), it.meanError()));
        }
        List<String> header = new ArrayList<>(List.of("entries", "seed Release"));
        header.addAll(variants.keySet());
        ConsoleTable t = new ConsoleTable(header.toArray(new String[0]));
        cells.forEach((n, byVariant) -> {
            List<Object> row = new ArrayList<>(List.of(String.format(Locale.ROOT, "%,d", n), SeedFigures.release(n)));
            variants.keySet().forEach(v -> row.add(byVariant.getOrDefault(v, "-")));
            t.row(row.toArray());
        });
        System.out.println();
        System.out.println("sync-jmh: mean ± 99.9% error of one sync, ms (JMH)");
        t.print(System.out);
    }
}
