package labbook.wallet.experiments.savestrategies;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.OwnedScratch;
import labbook.core.Progress;
import labbook.core.RowType;
import labbook.core.Summary;
import labbook.wallet.WalletSchemas;
import labbook.wallet.WalletSeeds;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.experiments.Scratch;
import labbook.wallet.format.Entry;
import labbook.wallet.format.ThrowawayPassword;
import labbook.wallet.store.JournalWallet;
import labbook.wallet.store.WalletStore;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;

/**
 * save-strategies: the cost of making one new entry durable at once, per save strategy and wallet size.
 *
 * <p><b>The question.</b> The seed (KDE Community Wiki, "KDE Utils/kwallet/Benchmark") weighed a workaround, "appending
 * new passwords to the file without reencrypting all of it or creating a second file where new passwords are appended",
 * and dismissed it: "any workaround would have to encrypt at least 1 entry (~ 8ms) this workaround would save around
 * 15ms - 8ms = 7ms". It never built one. What does making one new entry durable at once cost with each strategy, as the
 * wallet grows?
 *
 * <p><b>Baseline.</b> {@code rewrite}: a whole KWallet sync (KF5 format, temp file, rename, no fsync), what the seed
 * timed.
 *
 * <p><b>Variants.</b> {@code rewrite-fdatasync} (today's QSaveFile); {@code journal}: the new entry encrypted alone
 * (AES-256-GCM) and appended to a journal, fdatasync, folded into the wallet every 16 records (the fold's whole rewrite
 * is paid by the put that triggers it: column {@code folded}); {@code file-per-entry}: one AES-256-GCM file per entry,
 * temp file + fdatasync + rename (pass's design). Every store is real and is reopened and checked after the run
 * ({@link SaveStrategy}).
 *
 * <p><b>How to run.</b> {@code ./labbook wallet save-strategies --quick}, or {@code mvn -q -pl lab-wallet exec:java
 * -Dexec.args="save-strategies --quick"}: the seed's sizes 1, 100, 1000, 5000, 10000 with 16 timed puts each (16: every
 * run of puts holds one journal fold); {@code --full} adds 50,000 and 100,000 and takes 48 puts per size. Stores grow
 * between sizes without timing; each strategy is warmed up first on a throwaway store, in a worker JVM of its own
 * ({@link SaveStrategyWorker}), so that no strategy's figures depend on what another compiled. One row per timed put:
 * {@link WalletSchemas#SAVE_STRATEGIES}.
 */
@Command(
        name = "save-strategies",
        description = "The cost of making one new entry durable at once: whole rewrite, rewrite + fdatasync, "
                + "journal, file per entry.")
public final class SaveStrategiesExperiment extends ExperimentCommand {
    /** The sizes the stores grow through, the timed puts at each, and the warm-up (entries, then puts). */
    public record Plan(List<Integer> sizes, int repeats, int warmupEntries, int warmupPuts) {
        /** What the time grows with: the timed puts at each size, a whole rewrite costing in proportion to it. */
        public double work() {
            return sizes.stream().mapToDouble(n -> repeats * (n + 1000.0)).sum();
        }

        public static Plan of(Mode mode) {
            List<Integer> sizes = new ArrayList<>(WalletSeeds.load().checkpoints());
            if (mode == Mode.FULL) {
                sizes.addAll(List.of(50_000, 100_000));
                return new Plan(sizes, 48, 500, 40);
            }
            return new Plan(sizes, 16, 500, 40);
        }
    }

    @Override
    public Integer call() {
        try (LabRun run = startRun(WalletSchemas.STUDY, "save-strategies")) {
            run(run, Plan.of(run.mode()), System.out);
        }
        return 0;
    }

    /** One timed put: a row of {@link WalletSchemas#SAVE_STRATEGIES}, bound to it by {@link #ROW}. */
    record Row(
            String strategy,
            int entries,
            int repeat,
            double saveMs,
            long bytesWritten,
            boolean fdatasync,
            boolean folded) {}

    static final RowType<Row> ROW = RowType.of(WalletSchemas.SAVE_STRATEGIES, Row.class);

    /** Every strategy, each in a worker JVM of its own, one after the other: the CSV and the printed table. */
    public static void run(LabRun run, Plan plan, PrintStream out) {
        List<Row> rows = new ArrayList<>();
        try (Scratch scratch = new Scratch(run.studyDir(), "save-strategies");
                CsvResults csv = run.csv(WalletSchemas.SAVE_STRATEGIES)) {
            for (SaveStrategy s : SaveStrategy.values()) {
                List<Row> got = SaveStrategyWorker.run(s, plan, scratch.dir());
                got.forEach(r -> csv.row(ROW, r));
                rows.addAll(got);
            }
            csv.commit();
        }
        print(rows, plan.sizes(), out);
    }

    /**
     * One strategy's timed puts, in this JVM (a {@link SaveStrategyWorker}'s): a store grown through the plan's sizes,
     * {@code plan.repeats()} puts timed at each, after a warm-up on a throwaway store; then the store is reopened and
     * checked.
     */
    static List<Row> timePuts(SaveStrategy s, Plan plan, Path scratch) {
        List<Row> rows = new ArrayList<>();
        byte[] password = ThrowawayPassword.draw();
        BenchmarkEntries entries = BenchmarkEntries.random();
        Path dir = scratch.resolve(s.label());
        Scratch.createFolder(dir);
        warmUp(s, scratch.resolve(s.label() + "-warmup"), password, entries, plan);
        List<Entry> all = new ArrayList<>();
        try (WalletStore store = s.create(dir, password);
                ProgressBar bar = Progress.bar(
                        "save-strategies " + s.label(), plan.sizes().size(), "sizes")) {
            for (int size : plan.sizes()) {
                int have = store.contents().entryCount();
                if (size > have) {
                    List<Entry> bulk = entries.next(size - have);
                    store.putAll(BenchmarkEntries.FOLDER, bulk);
                    all.addAll(bulk);
                }
                for (int r = 0; r < plan.repeats(); r++) {
                    Entry e = entries.next();
                    int before = store.contents().entryCount();
                    long t0 = System.nanoTime();
                    long bytes = store.put(BenchmarkEntries.FOLDER, e);
                    long t1 = System.nanoTime();
                    all.add(e);
                    boolean folded = store instanceof JournalWallet j && j.lastPutFolded();
                    rows.add(new Row(s.label(), before, r, (t1 - t0) / 1e6, bytes, s.fdatasync(), folded));
                }
                bar.step();
            }
        }
        verifyReopens(s, dir, password, all);
        OwnedScratch.remove(dir);
        return rows;
    }

    /** Puts into a throwaway store of the same kind, so the code under test is compiled before the first timed put. */
    private static void warmUp(SaveStrategy s, Path dir, byte[] password, BenchmarkEntries entries, Plan plan) {
        Scratch.createFolder(dir);
        try (WalletStore store = s.create(dir, password)) {
            store.putAll(BenchmarkEntries.FOLDER, entries.next(plan.warmupEntries()));
            for (int i = 0; i < plan.warmupPuts(); i++) {
                store.put(BenchmarkEntries.FOLDER, entries.next());
            }
        }
        OwnedScratch.remove(dir);
    }

    /** Each store must give back exactly every entry it acknowledged. */
    static void verifyReopens(SaveStrategy s, Path dir, byte[] password, List<Entry> expected) {
        try (WalletStore again = s.reopen(dir, password)) {
            Map<String, Entry> got = again.contents().folders().getOrDefault(BenchmarkEntries.FOLDER, new TreeMap<>());
            if (got.size() != expected.size() || !expected.stream().allMatch(e -> e.equals(got.get(e.key())))) {
                throw new LabException("save-strategies: the " + s.label() + " store did not reopen to what was saved ("
                        + got.size() + " of " + expected.size() + " entries)");
            }
        }
    }

    private static void print(List<Row> rows, List<Integer> sizes, PrintStream out) {
        Map<String, Map<Integer, List<Double>>> by = new LinkedHashMap<>();
        for (Row r : rows) {
            int size = nearest(sizes, r.entries);
            by.computeIfAbsent(r.strategy, k -> new TreeMap<>())
                    .computeIfAbsent(size, k -> new ArrayList<>())
                    .add(r.saveMs);
        }
        List<String> header = new ArrayList<>(List.of("entries"));
        header.addAll(by.keySet());
        ConsoleTable t = new ConsoleTable(header.toArray(new String[0]));
        for (int size : sizes) {
            List<Object> cells = new ArrayList<>(List.of(String.format(Locale.ROOT, "%,d", size)));
            by.values()
                    .forEach(m -> cells.add(String.format(
                            Locale.ROOT,
                            "%.2f",
                            Summary.of(m.getOrDefault(size, List.of())).median())));
            t.row(cells.toArray());
        }
        out.println();
        out.println("save-strategies: median ms to make one new entry durable (journal includes its folds)");
        t.print(out);
        int seedSize = 1000;
        if (!sizes.contains(seedSize)) {
            return;
        }
        double rewrite = Summary.of(by.get("rewrite").get(seedSize)).median();
        double journal = Summary.of(by.get("journal").get(seedSize)).median();
        double journalMean = by.get("journal").get(seedSize).stream()
                .mapToDouble(d -> d)
                .average()
                .orElse(Double.NaN);
        out.printf(
                Locale.ROOT,
                "at 1,000 entries the journal saves %.2f ms per entry against a whole rewrite"
                        + " (median; %.2f ms with its folds averaged in); the seed estimated 7 ms%n",
                rewrite - journal,
                rewrite - journalMean);
    }

    private static int nearest(List<Integer> sizes, int n) {
        int best = sizes.get(0);
        for (int s : sizes) {
            if (s <= n) {
                best = s;
            }
        }
        return best;
    }
}
