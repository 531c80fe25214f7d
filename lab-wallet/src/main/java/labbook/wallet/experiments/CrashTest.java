package labbook.wallet.experiments;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.ForkedJava;
import labbook.core.LabException;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.Progress;
import labbook.wallet.format.Entry;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.WalletContents;
import labbook.wallet.store.KwlBackend;
import labbook.wallet.store.KwlFile;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * <b>The question.</b> The seed's bug (KDE #105752) was about losing new entries; its answer is
 * to sync at every change, which is only safe if a sync can never leave a broken wallet. KWallet
 * saves through a temp file and a rename (KSaveFile, QSaveFile). If the writer dies at any
 * moment, is the wallet always exactly the previous or the new version, and is no acknowledged
 * entry ever lost?
 *
 * <p><b>Baseline.</b> The 2009 save path: temp file (0600), rename, no fsync. <b>Variant</b>: with
 * fdatasync before the rename (today's QSaveFile). Alternate kills use each.
 *
 * <p><b>How it runs.</b> A writer JVM ({@link CrashWriter}) opens a KDE4 wallet (2,000 entries to
 * start) and loops: add an entry, sync, print "ACK n". After its "READY" the writer is killed with
 * SIGKILL ({@code ProcessHandle.destroyForcibly}) at a random moment 0-60 ms later, i.e. in the middle
 * of some sync; the wallet is then opened and compared with the acknowledged version. A process
 * kill keeps the page cache, so it shows atomicity, not power-loss durability: fdatasync cannot
 * make a difference here, and the CSV says so if it does.
 * {@code mvn -q -pl lab-wallet exec:java -Dexec.args="crash-test --quick"}: 200 kills; {@code --full}: 1,000.
 *
 * <p><b>CSV</b> {@code results/wallet/crash-test.csv}, one row per kill: {@code kill} (0..),
 * {@code fdatasync} (true|false), {@code outcome} (previous: the last acknowledged version | new:
 * the version being saved | unreadable | other: readable but neither), {@code acknowledged_lost}
 * (acknowledged entries missing after the kill), {@code acked_entries} (entries acknowledged
 * before the kill), {@code found_entries} (entries in the wallet after it), {@code kill_after_ms}
 * (delay from READY to the kill), {@code temp_files_left} (KSaveFile-style temp files the kill
 * left in the folder, each a whole encrypted wallet), {@code temp_files_after_cleanup} (those still
 * there after the wallet is opened as its next writer opens it, which removes the temp files no
 * live writer holds: expected 0).
 */
@Command(name = "crash-test", mixinStandardHelpOptions = true,
        description = "kill -9 a wallet writer mid-sync, many times: the wallet must be the previous or the new version.")
public final class CrashTest implements Callable<Integer> {
    public static final List<String> COLUMNS = List.of("kill", "fdatasync", "outcome", "acknowledged_lost", "acked_entries",
            "found_entries", "kill_after_ms", "temp_files_left", "temp_files_after_cleanup");
    static final int START_ENTRIES = 2000;
    static final int MAX_DELAY_MS = 60;

    @Mixin
    LabOptions lab;

    @Option(names = "--kills", paramLabel = "N", description = "Number of kills (default: 200 quick, 1000 full).")
    Integer kills;

    /** One kill's result. */
    public record Kill(int kill, boolean fdatasync, String outcome, int acknowledgedLost, int acked, int found, int delayMs, int tempLeft,
                       int tempAfterCleanup) {
    }

    @Override
    public Integer call() {
        try (LabRun run = WalletRun.start(lab, "crash-test")) {
            run(run, kills != null ? kills : run.mode() == Mode.FULL ? 1000 : 200);
        }
        return 0;
    }

    /** The experiment: {@code kills} kills, their CSV, and the printed counts. */
    public static List<Kill> run(LabRun run, int kills) {
        List<Kill> results;
        try (Scratch scratch = new Scratch(run.studyDir(), "crash-test"); CsvResults csv = run.csv("crash-test", COLUMNS)) {
            results = run(scratch.dir(), kills, new Random());
            for (Kill k : results) {
                csv.row(k.kill, k.fdatasync, k.outcome, k.acknowledgedLost, k.acked, k.found, k.delayMs, k.tempLeft, k.tempAfterCleanup);
            }
            csv.commit();
        }
        print(results);
        return results;
    }

    /** Runs {@code kills} kills against a fresh wallet in {@code dir}. */
    public static List<Kill> run(Path dir, int kills, Random random) {
        byte[] password = BenchmarkEntries.throwawayPassword();
        Path wallet = dir.resolve("crash.kwl");
        WalletContents start = new WalletContents();
        for (int i = 0; i < START_ENTRIES; i++) {
            start.writeEntry(BenchmarkEntries.FOLDER, CrashWriter.entry(i));
        }
        KwlFile.create(wallet, start, KwlFormat.KDE4, password, true);
        List<Kill> out = new ArrayList<>();
        try (ProgressBar bar = Progress.bar("crash-test", kills, "kills")) {
            for (int k = 0; k < kills; k++) {
                out.add(killOnce(k, k % 2 == 1, wallet, password, random.nextInt(MAX_DELAY_MS + 1)));
                bar.step();
            }
        }
        return out;
    }

    private static Kill killOnce(int kill, boolean fdatasync, Path wallet, byte[] password, int delayMs) {
        List<String> cmd = ForkedJava.command(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m", "-Xshare:auto"),
                CrashWriter.class.getName(), List.of(wallet.toString(), Boolean.toString(fdatasync)));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (OutputStream stdin = p.getOutputStream()) {
                stdin.write(password);
                stdin.write('\n');
            }
        } catch (IOException e) {
            throw new LabException("cannot start the crash-test writer: " + e.getMessage(), e);
        }
        AtomicInteger acked = new AtomicInteger(-1);
        CountDownLatch ready = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    String[] f = line.split(" ");
                    if (f.length == 2 && (f[0].equals("READY") || f[0].equals("ACK"))) {
                        acked.set(Integer.parseInt(f[1]));
                        ready.countDown();
                    }
                }
            } catch (IOException | NumberFormatException ignored) {
                // the writer was killed: what was read is what was acknowledged
            }
        }, "crash-writer-stdout");
        reader.start();
        try {
            if (!ready.await(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new LabException("crash-test: the writer did not start within 120 s");
            }
            Thread.sleep(delayMs);
            // SIGKILL through the process handle: Process.destroyForcibly would also close our end
            // of the writer's stdout and lose the ACK lines still in the pipe
            p.toHandle().destroyForcibly();
            p.waitFor();
            reader.join();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new LabException("crash-test interrupted");
        }
        if (acked.get() < 0) {
            throw new LabException("crash-test: the writer never reported");
        }
        int ack = acked.get();
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

    static void print(List<Kill> kills) {
        ConsoleTable t = new ConsoleTable("fdatasync", "kills", "previous", "new", "unreadable", "other", "acknowledged lost",
                "temp files left", "after cleanup");
        for (boolean sync : new boolean[] {false, true}) {
            List<Kill> ks = kills.stream().filter(k -> k.fdatasync == sync).toList();
            Map<String, Long> by = ks.stream().collect(Collectors.groupingBy(Kill::outcome, Collectors.counting()));
            t.row(sync, ks.size(), by.getOrDefault("previous", 0L), by.getOrDefault("new", 0L), by.getOrDefault("unreadable", 0L),
                    by.getOrDefault("other", 0L), ks.stream().mapToInt(Kill::acknowledgedLost).sum(), ks.stream().mapToInt(Kill::tempLeft).sum(),
                    ks.stream().mapToInt(Kill::tempAfterCleanup).sum());
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "crash-test: %d kills (kill -9 mid-sync)%n", kills.size());
        t.print(System.out);
    }
}
