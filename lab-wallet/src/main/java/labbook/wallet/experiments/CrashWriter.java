package labbook.wallet.experiments;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import labbook.wallet.format.Entry;
import labbook.wallet.format.EntryType;
import labbook.wallet.store.KwlBackend;

/**
 * The process the crash test kills: {@code CrashWriter WALLET FDATASYNC}, password on stdin.
 * Opens the wallet, prints {@code READY n}, then forever adds entry n, syncs, and prints
 * {@code ACK n+1} once the sync has returned (the entry is then acknowledged to its caller).
 */
public final class CrashWriter {
    static final int MAX_SYNCS = 100_000;

    private CrashWriter() {
    }

    /** Entry i of the crash test: the same bytes in the writer and in the checker. */
    public static Entry entry(int i) {
        byte[] value = new byte[50];
        new Random(i * 0x9E3779B97F4A7C15L).nextBytes(value);
        return new Entry(String.format("entry-%07d", i), EntryType.PASSWORD, value);
    }

    public static void main(String[] args) throws Exception {
        Path wallet = Path.of(args[0]);
        boolean fdatasync = Boolean.parseBoolean(args[1]);
        String password = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        KwlBackend b = KwlBackend.open(wallet, password.getBytes(StandardCharsets.UTF_8), fdatasync);
        int n = b.contents().entryCount();
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
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
}
