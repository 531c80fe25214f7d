package labbook.wallet.experiments.crashtest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.Progress;
import labbook.core.RowType;
import labbook.wallet.WalletSchemas;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.experiments.Scratch;
import labbook.wallet.format.Entry;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.ThrowawayPassword;
import labbook.wallet.format.WalletContents;
import labbook.wallet.store.KwlBackend;
import labbook.wallet.store.KwlFile;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * crash-test: saves killed at random moments, and what the wallet holds after each kill.
 *
 * <p><b>The question.</b> The seed (KDE Community Wiki, "KDE Utils/kwallet/Benchmark") starts from a bug: "new entries
 * weren't saved immediately (Bug #105752)"; its answer is to save "as soon as passwords were entered", which is only
 * safe if a save can never leave a broken wallet. KWallet saves through a temp file and a rename (KSaveFile,
 * QSaveFile). If the writer dies at any moment, is the wallet always exactly the previous or the new version, and is no
 * acknowledged entry lost?
 *
 * <p><b>Baseline.</b> The 2009 save path: temp file (0600), rename, no fsync.
 *
 * <p><b>Variant.</b> fdatasync before the rename (today's QSaveFile). Kills alternate between the two. A process kill
 * keeps the page cache, so this shows atomicity, not power-loss durability: fdatasync cannot make a difference here,
 * and the CSV says so if it does.
 *
 * <p><b>How to run.</b> {@code ./labbook wallet crash-test --quick}, or {@code mvn -q -pl lab-wallet exec:java
 * -Dexec.args="crash-test --quick"}: {@value #QUICK_KILLS} kills; {@code --full}: {@value #FULL_KILLS}; {@code --kills
 * N} for another count. Each kill: a writer JVM ({@link CrashWriter}) saves entry after entry into a KDE4 wallet
 * ({@value #START_ENTRIES} entries to start) and is killed with SIGKILL at a random moment, 0-{@value #MAX_DELAY_MS} ms
 * after it is ready; the wallet is then opened as its next writer would open it and compared with what was
 * acknowledged. One row per kill: {@link WalletSchemas#CRASH_TEST}; {@code outcome} is previous (the last acknowledged
 * version), new (the version being saved), unreadable, or other (readable but neither).
 */
@Command(
        name = "crash-test",
        description =
                "kill -9 a wallet writer mid-sync, many times: the wallet must be the previous or the new version.")
public final class CrashTestExperiment extends ExperimentCommand {
    static final int QUICK_KILLS = 50;
    static final int FULL_KILLS = 300;
    static final int START_ENTRIES = 2000;
    static final int MAX_DELAY_MS = 60;

    @Option(
            names = "--kills",
            paramLabel = "N",
            description = "Number of kills (default: " + QUICK_KILLS + " quick, " + FULL_KILLS + " full).")
    Integer kills;

    /** One kill's result: a row of crash-test.csv, bound to its schema by {@link #ROW}. */
    public record Kill(
            int kill,
            boolean fdatasync,
            String outcome,
            int acknowledgedLost,
            int ackedEntries,
            int foundEntries,
            int killAfterMs,
            int tempFilesLeft,
            int tempFilesAfterCleanup) {}

    static final RowType<Kill> ROW = RowType.of(WalletSchemas.CRASH_TEST, Kill.class);

    @Override
    public Integer call() {
        if (kills != null && kills < 1) {
            throw LabException.badValue("--kills", kills, "at least 1");
        }
        try (LabRun run = startRun(WalletSchemas.STUDY, "crash-test")) {
            run(run, kills != null ? kills : kills(run.mode()), System.out);
        }
        return 0;
    }

    /** The mode's number of kills. */
    public static int kills(Mode mode) {
        return mode == Mode.FULL ? FULL_KILLS : QUICK_KILLS;
    }

    /** The experiment: {@code kills} kills, their CSV, and the printed counts. */
    public static List<Kill> run(LabRun run, int kills, PrintStream out) {
        List<Kill> results;
        try (Scratch scratch = new Scratch(run.studyDir(), "crash-test");
                CsvResults csv = run.csv(WalletSchemas.CRASH_TEST)) {
            results = run(scratch.dir(), kills, new Random());
            for (Kill k : results) {
                csv.row(ROW, k);
            }
            csv.commit();
        }
        print(results, out);
        return results;
    }

    /** Runs {@code kills} kills against a fresh wallet in {@code dir}. */
    public static List<Kill> run(Path dir, int kills, Random random) {
        byte[] password = ThrowawayPassword.draw();
        Path wallet = dir.resolve("crash.kwl");
        WalletContents start = new WalletContents();
        for (int i = 0; i < START_ENTRIES; i++) {
            start.writeEntry(BenchmarkEntries.FOLDER, CrashWriter.entry(i));
        }
        KwlFile.create(wallet, start, KwlFormat.KDE4, password, true);
        List<Kill> out = new ArrayList<>();
        try (CrashWriters writers = new CrashWriters(wallet, kills);
                ProgressBar bar = Progress.bar("crash-test", kills, "kills")) {
            for (int k = 0; k < kills; k++) {
                out.add(killOnce(writers.next(), k, k % 2 == 1, wallet, password, random.nextInt(MAX_DELAY_MS + 1)));
                bar.step();
            }
        }
        return out;
    }

    private static Kill killOnce(
            CrashWriters.Writer writer, int kill, boolean fdatasync, Path wallet, byte[] password, int delayMs) {
        writer.go(fdatasync, password);
        writer.awaitReady();
        try {
            Thread.sleep(delayMs);
        } catch (InterruptedException e) {
            writer.kill();
            Thread.currentThread().interrupt();
            throw new LabException("crash-test interrupted");
        }
        int ack = writer.kill();
        int tempLeft = countTempFiles(wallet);
        String outcome;
        int found = -1;
        try {
            // opened as the next writer would open it: that removes the killed writer's temp file
            WalletContents c = KwlBackend.open(wallet, password, false).contents();
            found = c.entryCount();
            boolean exact = found >= 0 && matchesFirst(c, found);
            outcome = !exact ? "other" : found == ack ? "previous" : found == ack + 1 ? "new" : "other";
        } catch (LabException e) {
            outcome = "unreadable";
        }
        int lost = found < 0 ? ack : Math.max(0, ack - found);
        // the clean-up runs before the wallet is read, so it has run whatever the outcome
        int tempAfterCleanup = countTempFiles(wallet);
        return new Kill(kill, fdatasync, outcome, lost, ack, found, delayMs, tempLeft, tempAfterCleanup);
    }

    /** True when the wallet holds exactly entries 0..n-1, byte for byte. */
    static boolean matchesFirst(WalletContents c, int n) {
        Map<String, Entry> got = c.folders().getOrDefault(BenchmarkEntries.FOLDER, new TreeMap<>());
        if (c.folders().size() != 1 || got.size() != n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            Entry e = CrashWriter.entry(i);
            if (!e.equals(got.get(e.key()))) {
                return false;
            }
        }
        return true;
    }

    /** KSaveFile-style temp files of the wallet in its folder. */
    static int countTempFiles(Path wallet) {
        int n = 0;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(wallet.getParent(), wallet.getFileName() + "*.new")) {
            for (Path ignored : s) {
                n++;
            }
        } catch (IOException e) {
            throw LabException.cannot("list the temp files in", wallet.getParent(), e);
        }
        return n;
    }

    static void print(List<Kill> kills, PrintStream out) {
        ConsoleTable t = new ConsoleTable(
                "fdatasync",
                "kills",
                "previous",
                "new",
                "unreadable",
                "other",
                "acknowledged lost",
                "temp files left",
                "after cleanup");
        for (boolean sync : new boolean[] {false, true}) {
            List<Kill> ks = kills.stream().filter(k -> k.fdatasync == sync).toList();
            Map<String, Long> by = ks.stream().collect(Collectors.groupingBy(Kill::outcome, Collectors.counting()));
            t.row(
                    sync,
                    ks.size(),
                    by.getOrDefault("previous", 0L),
                    by.getOrDefault("new", 0L),
                    by.getOrDefault("unreadable", 0L),
                    by.getOrDefault("other", 0L),
                    ks.stream().mapToInt(Kill::acknowledgedLost).sum(),
                    ks.stream().mapToInt(Kill::tempFilesLeft).sum(),
                    ks.stream().mapToInt(Kill::tempFilesAfterCleanup).sum());
        }
        out.println();
        out.printf(Locale.ROOT, "crash-test: %d kills (kill -9 mid-sync)%n", kills.size());
        t.print(out);
    }
}
