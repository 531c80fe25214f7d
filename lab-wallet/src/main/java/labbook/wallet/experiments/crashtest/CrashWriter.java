package labbook.wallet.experiments.crashtest;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import labbook.core.FailureLine;
import labbook.core.OwnedScratch;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.format.Entry;
import labbook.wallet.format.EntryType;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.ThrowawayPassword;
import labbook.wallet.format.WalletContents;
import labbook.wallet.store.KwlBackend;
import labbook.wallet.store.KwlFile;

/**
 * The process the crash test kills: {@code CrashWriter WALLET}. It starts before it is needed (see
 * {@link CrashWriters}): it loads and runs the whole save path once on a throwaway wallet of its own, prints
 * {@code BOOTED}, then waits for two lines on stdin, {@code true|false} (fdatasync) and the password. Only then does it
 * open WALLET, print {@code READY n}, and forever add entry n, sync, and print {@code ACK n+1} once the sync has
 * returned (the entry is then acknowledged).
 */
public final class CrashWriter {
    static final int MAX_SYNCS = 100_000;

    private CrashWriter() {}

    /** Entry i of the crash test: the same bytes in the writer and in the checker. */
    public static Entry entry(int i) {
        byte[] value = new byte[50];
        new Random(i * 0x9E3779B97F4A7C15L).nextBytes(value);
        return new Entry(String.format("entry-%07d", i), EntryType.PASSWORD, value);
    }

    /** The writer's name in its one-line failure, which the crash test repeats. */
    static final String NAME = "crash-test writer";

    public static void main(String[] args) {
        FailureLine.runMain(NAME, () -> write(args));
    }

    private static void write(String[] args) throws Exception {
        Path wallet = Path.of(args[0]);
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        boot(wallet.toAbsolutePath().getParent());
        out.println("BOOTED");
        out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        boolean fdatasync = Boolean.parseBoolean(in.readLine());
        String password = in.readLine();
        if (password == null) {
            return; // not needed after all: the run is over
        }
        KwlBackend b = KwlBackend.open(wallet, password.getBytes(StandardCharsets.UTF_8), fdatasync);
        int n = b.contents().entryCount();
        out.println("READY " + n);
        out.flush();
        for (int i = 0; i < MAX_SYNCS; i++) {
            b.writeEntry(BenchmarkEntries.FOLDER, entry(n));
            b.sync();
            n++;
            out.println("ACK " + n);
            out.flush();
        }
    }

    /**
     * Runs the save path once (create, open, add, sync) on a wallet in a folder of its own beside the real one, so the
     * classes are loaded before the writer is given its wallet.
     */
    private static void boot(Path dir) throws Exception {
        Path own = Files.createTempDirectory(dir, ".crash-writer-boot-");
        try {
            Path w = own.resolve("boot.kwl");
            byte[] pw = ThrowawayPassword.draw();
            WalletContents c = new WalletContents();
            for (int i = 0; i < 50; i++) {
                c.writeEntry(BenchmarkEntries.FOLDER, entry(i));
            }
            KwlFile.create(w, c, KwlFormat.KDE4, pw, false);
            KwlBackend b = KwlBackend.open(w, pw, false);
            b.writeEntry(BenchmarkEntries.FOLDER, entry(50));
            b.sync();
        } finally {
            OwnedScratch.remove(own);
        }
    }
}
