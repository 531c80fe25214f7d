package labbook.wallet.jmh;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import labbook.wallet.format.BlowfishCodec;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.engines.BlowfishEngine;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What does Blowfish cost on the bytes of a 10,000-entry wallet (1,020,064 bytes), and where does the time go?
 *
 * <p>Baseline: BouncyCastle's {@code BlowfishEngine}, one {@code processBlock} per 8 bytes (through its CBC mode for
 * KF5), as the lab's sync used it before. Variant: the lab's own loop in {@link BlowfishCodec} over the same keyed
 * tables. {@code mode}: {@code kde4} is "ECB" with little-endian words (BouncyCastle needs the words swapped before and
 * after), {@code kf5} standard CBC. OpenSSL's Blowfish on the same number of bytes, in each mode, is in sync-sweep's
 * printout ({@link labbook.wallet.peer.OpensslBlowfish}).
 *
 * <p>Run, after {@code mvn -pl lab-wallet -am install -DskipTests}: {@code mvn -q -pl lab-wallet
 * dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt}, then {@code java -cp lab-wallet/target/classes:$(cat
 * /tmp/cp.txt) org.openjdk.jmh.Main BlowfishBenchmark}; add {@code -jvmArgsAppend "-XX:+UnlockDiagnosticVMOptions
 * -XX:+PrintInlining"} to see what C2 inlined.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class BlowfishBenchmark {
    /** The cipher's bytes in a 10,000-entry sync (sync-sweep's cipher-alone column at that size). */
    public static final int WALLET_10K_BYTES = 1_020_064;

    @Param({"bouncycastle", "lab"})
    public String engine;

    @Param({"kde4", "kf5"})
    public String mode;

    /**
     * {@code other-mode}: the lab's loop in the other mode runs first in the fork, on the same bytes, as when
     * sync-sweep times its variants in one JVM. It used to leave C2's on-stack code of the second mode's loop slow (the
     * module's JOURNAL.md, "The second mode's loop"); {@code small-wallets}: both modes' loops first run on small
     * buffers (8 bytes to 10 KB, 2,000 of each), as when a full sync-sweep starts its loop at 0 entries, which used to
     * make C2 hoist kf5's subkey loads above its loop and spill them (the module's JOURNAL.md, "A store that keeps the
     * subkeys in the loop"); {@code none} is a fork that runs one mode only.
     */
    @Param({"none", "other-mode", "small-wallets"})
    public String before;

    /** Calls of the other mode's loop on the whole buffer before the trial: enough to compile it, as a sweep would. */
    private static final int OTHER_MODE_CALLS = 50;

    /**
     * Calls of each mode's loop on a small buffer before the trial: 2,000 left kf5's loop slow in every fork tried, on
     * JDK 17 and on Temurin 25, before its store in the loop; the sizes cycle through 8 bytes to 10,400.
     */
    private static final int SMALL_WALLET_CALLS = 2000;

    private final byte[] key = new byte[20];
    private byte[] buffer;
    private boolean kde4;

    @Setup(Level.Trial)
    public void setUp() {
        Random random = new Random(1);
        random.nextBytes(key);
        buffer = new byte[WALLET_10K_BYTES];
        random.nextBytes(buffer);
        kde4 = switch (mode) {
            case "kde4" -> true;
            case "kf5" -> false;
            default -> throw new IllegalArgumentException("mode is kde4 or kf5, not " + mode);
        };
        switch (before) {
            case "none" -> {}
            case "other-mode" -> {
                for (int i = 0; i < OTHER_MODE_CALLS; i++) {
                    lab(!kde4).encrypt(buffer, 0, buffer.length);
                }
            }
            case "small-wallets" -> {
                for (int i = 0; i < SMALL_WALLET_CALLS; i++) {
                    byte[] small = new byte[8 * (1 + i % 1300)];
                    lab(true).encrypt(small, 0, small.length);
                    lab(false).encrypt(small, 0, small.length);
                }
            }
            default -> throw new IllegalArgumentException("before is none, other-mode or small-wallets, not " + before);
        }
    }

    @Benchmark
    public byte[] encrypt() {
        switch (engine) {
            case "lab" -> lab(kde4).encrypt(buffer, 0, buffer.length);
            case "bouncycastle" -> bouncyCastle();
            default -> throw new IllegalArgumentException("engine is bouncycastle or lab, not " + engine);
        }
        return buffer;
    }

    /** The lab's Blowfish in KDE4's mode (ECB on little-endian words) or KF5's (CBC on big-endian ones). */
    private BlowfishCodec lab(boolean kde4Mode) {
        return new BlowfishCodec(key, !kde4Mode, kde4Mode);
    }

    private void bouncyCastle() {
        BlockCipher cipher;
        if (kde4) {
            cipher = new BlowfishEngine();
            cipher.init(true, new KeyParameter(key));
            swapWords(buffer);
        } else {
            cipher = CBCBlockCipher.newInstance(new BlowfishEngine());
            cipher.init(true, new ParametersWithIV(new KeyParameter(key), new byte[8]));
        }
        for (int i = 0; i < buffer.length; i += 8) {
            cipher.processBlock(buffer, i, buffer, i);
        }
        if (kde4) {
            swapWords(buffer);
        }
    }

    private static void swapWords(byte[] b) {
        for (int i = 0; i < b.length; i += 4) {
            byte t0 = b[i];
            byte t1 = b[i + 1];
            b[i] = b[i + 3];
            b[i + 1] = b[i + 2];
            b[i + 2] = t1;
            b[i + 3] = t0;
        }
    }
}
