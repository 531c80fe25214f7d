package labbook.wallet.experiments;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.Progress;
import labbook.core.Summary;
import labbook.wallet.format.Entry;
import labbook.wallet.store.JournalWallet;
import labbook.wallet.store.WalletStore;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * <b>The question.</b> The seed weighed a workaround, "appending new passwords to the file without
 * reencrypting all of it or creating a second file where new passwords are appended", and
 * dismissed it: "any workaround would have to encrypt at least 1 entry (~ 8ms) this workaround
 * would save around 15ms - 8ms = 7ms". It never built one. What does making one new entry durable
 * at once cost with each strategy, as the wallet grows?
 *
 * <p><b>Baseline.</b> {@code rewrite}: a whole KWallet sync (KF5 format, temp file, rename, no
 * fsync), what the seed timed.
 *
 * <p><b>Variants.</b> {@code rewrite-fdatasync} (today's QSaveFile); {@code journal}: the new entry
 * encrypted alone (AES-256-GCM) and appended to a journal, fdatasync, folded into the wallet every
 * 16 records (the fold's whole rewrite is paid by the put that triggers it: column {@code folded});
 * {@code file-per-entry}: one AES-256-GCM file per entry, temp file + fdatasync + rename (pass's
 * design). Every store is real and is reopened and checked after the run.
 *
 * <p><b>How to run.</b> {@code mvn -q -pl lab-wallet exec:java -Dexec.args="save-strategies --quick"}:
 * sizes 1, 100, 1000, 5000, 10000 with 32 timed puts each; {@code --full} adds 50,000 and 100,000
 * and takes 48 puts per size. Stores grow between sizes without timing.
 *
 * <p><b>CSV</b> {@code results/wallet/save-strategies.csv}, one row per timed put:
 * {@code strategy} (rewrite|rewrite-fdatasync|journal|file-per-entry), {@code entries} (entries
 * already in the store), {@code repeat} (0..), {@code save_ms} (wall time of the put until durable
 * by the strategy's rule), {@code bytes_written} (bytes that put wrote), {@code fdatasync}
 * (true|false), {@code folded} (true when a journal put also folded the journal into the wallet).
 */
@Command(name = "save-strategies", mixinStandardHelpOptions = true,
        description = "The cost of making one new entry durable at once: whole rewrite, rewrite + fdatasync, journal, file per entry.")
public final class SaveStrategies implements Callable<Integer> {
    public static final List<String> COLUMNS = List.of("strategy", "entries", "repeat", "save_ms", "bytes_written", "fdatasync", "folded");

    @Mixin
    LabOptions lab;

    @Override
    public Integer call() {
        try (LabRun run = WalletRun.start(lab, "save-strategies")) {
            run(run);
        }
        return 0;
    }

    record Row(String strategy, int entries, int repeat, double saveMs, long bytes, boolean fdatasync, boolean folded) {
    }

    public static void run(LabRun run) {
        boolean full = run.mode() == Mode.FULL;
        int[] sizes = full ? new int[] {1, 100, 1000, 5000, 10_000, 50_000, 100_000} : new int[] {1, 100, 1000, 5000, 10_000};
        int repeats = full ? 48 : 32;
        List<Row> rows = new ArrayList<>();
        byte[] password = BenchmarkEntries.throwawayPassword();
        BenchmarkEntries entries = BenchmarkEntries.secure();
        try (Scratch scratch = new Scratch(run.studyDir(), "save-strategies");
             CsvResults csv = run.csv("save-strategies", COLUMNS);
             ProgressBar bar = Progress.bar("save-strategies", (long) SaveStrategy.values().length * sizes.length, "sizes")) {
            for (SaveStrategy s : SaveStrategy.values()) {
                Path dir = scratch.resolve(s.label());
                Scratch.createFolder(dir);
                warmUp(s, scratch.resolve(s.label() + "-warmup"), password, entries);
                List<Entry> all = new ArrayList<>();
                try (WalletStore store = s.create(dir, password)) {
                    for (int size : sizes) {
                        int have = store.contents().entryCount();
                        if (size > have) {
                            List<Entry> bulk = entries.next(size - have);
                            store.putAll(BenchmarkEntries.FOLDER, bulk);
                            all.addAll(bulk);
                        }
                        for (int r = 0; r < repeats; r++) {
                            Entry e = entries.next();
                            int before = store.contents().entryCount();
                            long t0 = System.nanoTime();
                            long bytes = store.put(BenchmarkEntries.FOLDER, e);
                            long t1 = System.nanoTime();
                            all.add(e);
                            boolean folded = store instanceof JournalWallet j && j.lastPutFolded();
                            Row row = new Row(s.label(), before, r, (t1 - t0) / 1e6, bytes, s.fdatasync(), folded);
                            rows.add(row);
                            csv.row(row.strategy, row.entries, row.repeat, row.saveMs, row.bytes, row.fdatasync, row.folded);
                        }
                        bar.step();
                    }
                }
                verifyReopens(s, dir, password, all);
                Scratch.deleteTree(dir);
            }
            csv.commit();
        }
        print(rows, sizes);
    }

    /** Puts into a throwaway store of the same kind, so the code under test is compiled before the first timed put. */
    private static void warmUp(SaveStrategy s, Path dir, byte[] password, BenchmarkEntries entries) {
        Scratch.createFolder(dir);
        try (WalletStore store = s.create(dir, password)) {
            store.putAll(BenchmarkEntries.FOLDER, entries.next(500));
            for (int i = 0; i < 40; i++) {
                store.put(BenchmarkEntries.FOLDER, entries.next());
            }
        }
        Scratch.deleteTree(dir);
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

    private static void print(List<Row> rows, int[] sizes) {
        Map<String, Map<Integer, List<Double>>> by = new LinkedHashMap<>();
        for (Row r : rows) {
            int size = nearest(sizes, r.entries);
            by.computeIfAbsent(r.strategy, k -> new TreeMap<>()).computeIfAbsent(size, k -> new ArrayList<>()).add(r.saveMs);
        }
        List<String> header = new ArrayList<>(List.of("entries"));
        header.addAll(by.keySet());
        ConsoleTable t = new ConsoleTable(header.toArray(new String[0]));
        for (int size : sizes) {
            List<Object> cells = new ArrayList<>(List.of(String.format(Locale.ROOT, "%,d", size)));
            by.values().forEach(m -> cells.add(String.format(Locale.ROOT, "%.2f", Summary.of(m.getOrDefault(size, List.of())).median())));
            t.row(cells.toArray());
        }
        System.out.println();
        System.out.println("save-strategies: median ms to make one new entry durable (journal includes its folds)");
        t.print(System.out);
        int seedSize = 1000;
        double rewrite = Summary.of(by.get("rewrite").get(seedSize)).median();
        double journal = Summary.of(by.get("journal").get(seedSize)).median();
        double journalMean = by.get("journal").get(seedSize).stream().mapToDouble(d -> d).average().orElse(Double.NaN);
        System.out.printf(Locale.ROOT, "at 1,000 entries the journal saves %.2f ms per entry against a whole rewrite"
                + " (median; %.2f ms with its folds averaged in); the seed estimated 7 ms%n", rewrite - journal, rewrite - journalMean);
    }

    private static int nearest(int[] sizes, int n) {
        int best = sizes[0];
        for (int s : sizes) {
            if (s <= n) {
                best = s;
            }
        }
        return best;
    }
}
