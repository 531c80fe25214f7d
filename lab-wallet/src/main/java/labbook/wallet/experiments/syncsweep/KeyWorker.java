package labbook.wallet.experiments.syncsweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import labbook.core.FailureLine;
import labbook.core.LabException;
import labbook.wallet.format.Pbkdf2Sha512;
import labbook.wallet.format.WalletKeys;
import labbook.wallet.peer.OpensslBlowfish;

/**
 * A KF5-era wallet's key, timed in a JVM of its own: {@code KeyWorker OUT} derives it with the lab's
 * {@link Pbkdf2Sha512} and has OpenSSL derive it, one of each per repeat, and writes one line per pair,
 * {@code lab_ms,openssl_ms}, to OUT; or one line {@code unavailable: WHY} when OpenSSL's harness cannot be built here.
 *
 * <p>Why a JVM of its own: the lab's PBKDF2 runs on the JDK's SHA-512, through the JDK's digest methods, which the
 * sweep's syncs have run SHA-1 and MD5 through thousands of times; C2 compiles those shared methods on whatever ran
 * first, so the same key's time against OpenSSL's moved from one sweep to the next ({@code KeyDerivationBenchmark -p
 * before=kde4-syncs}; the module's JOURNAL.md, "The key after a sweep"). As JMH forks a JVM per benchmark, the key is
 * compared with OpenSSL's in a JVM that has run nothing else.
 */
public final class KeyWorker {
    static final String NAME = "sync-sweep key worker";

    /** Untimed keys first, for at least this long: a fresh JVM's first keys are slower, warming up. */
    static final long WARMUP_NANOS = TimeUnit.SECONDS.toNanos(2);

    static final int WARMUPS = 5;
    static final int REPEATS = 11;

    private static final String UNAVAILABLE = "unavailable: ";

    /** The key's password: 28 bytes, as KeyDerivationBenchmark derives it too. */
    public static final String PASSWORD = "correct horse battery staple";

    /** The key's salt: 56 bytes, as a KF5 wallet's .salt has, the same in every run. */
    public static byte[] salt() {
        byte[] salt = new byte[WalletKeys.KEY_BYTES];
        new Random(1).nextBytes(salt);
        return salt;
    }

    private KeyWorker() {}

    public static void main(String[] args) {
        FailureLine.runMain(NAME, () -> work(Path.of(args[0])));
    }

    private static void work(Path out) throws IOException {
        StringBuilder lines = new StringBuilder();
        try {
            measure()
                    .forEach(pair ->
                            lines.append(pair[0]).append(',').append(pair[1]).append('\n'));
        } catch (LabException e) {
            lines.append(UNAVAILABLE).append(e.getMessage().replace('\n', ' ')).append('\n');
        }
        Files.writeString(out, lines, StandardCharsets.UTF_8);
    }

    /**
     * The same sizes as a KF5 wallet's open (a 28-byte password, a 56-byte salt and key), in pairs, one of each per
     * repeat, since this machine's speed drifts by half within seconds; {@value #REPEATS} repeats after the warm-up.
     */
    private static List<double[]> measure() {
        byte[] password = PASSWORD.getBytes(StandardCharsets.UTF_8);
        byte[] salt = salt();
        // OpenSSL's first, untimed: it builds the harness, or says at once why it cannot
        OpensslBlowfish.pbkdf2Ms(WalletKeys.PBKDF2_ITERATIONS, 1);
        long warmUntil = System.nanoTime() + WARMUP_NANOS;
        for (int w = 0; w < WARMUPS || System.nanoTime() - warmUntil < 0; w++) {
            Pbkdf2Sha512.derive(password, salt, WalletKeys.PBKDF2_ITERATIONS, WalletKeys.KEY_BYTES);
        }
        List<double[]> pairs = new ArrayList<>();
        for (int r = 0; r < REPEATS; r++) {
            long t0 = System.nanoTime();
            Pbkdf2Sha512.derive(password, salt, WalletKeys.PBKDF2_ITERATIONS, WalletKeys.KEY_BYTES);
            long t1 = System.nanoTime();
            double openssl =
                    OpensslBlowfish.pbkdf2Ms(WalletKeys.PBKDF2_ITERATIONS, 1).get(0);
            pairs.add(new double[] {(t1 - t0) / 1e6, openssl});
        }
        return pairs;
    }

    /** The pairs OUT holds; or the reason OpenSSL could not be timed, as a LabException. */
    static SyncSweepPrintout.KeyTimes read(Path out) throws IOException {
        List<Double> lab = new ArrayList<>();
        List<Double> openssl = new ArrayList<>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            if (line.startsWith(UNAVAILABLE)) {
                throw new LabException(line.substring(UNAVAILABLE.length()));
            }
            if (!line.isBlank()) {
                String[] f = line.split(",");
                lab.add(Double.parseDouble(f[0]));
                openssl.add(Double.parseDouble(f[1]));
            }
        }
        return new SyncSweepPrintout.KeyTimes(WalletKeys.PBKDF2_ITERATIONS, lab, openssl);
    }
}
