package labbook.wallet.jmh;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.experiments.syncsweep.KeyWorker;
import labbook.wallet.format.BlowfishCodec;
import labbook.wallet.format.KwlCodec;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.Pbkdf2Sha512;
import labbook.wallet.format.WalletContents;
import labbook.wallet.format.WalletKeys;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.params.KeyParameter;
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
 * What does a KF5-era wallet's key cost: PBKDF2-HMAC-SHA512, {@value WalletKeys#PBKDF2_ITERATIONS} iterations, a
 * 56-byte salt and key, as KWallet derives it on every open (and the tamper test on every flipped bit of a salt)?
 *
 * <p>Baseline: BouncyCastle's {@code PKCS5S2ParametersGenerator} over its {@code SHA512Digest}, which the lab used
 * before. Variants: {@code jdk}, the JDK's {@code PBKDF2WithHmacSHA512}; {@code lab}, {@link Pbkdf2Sha512}, over the
 * JDK's SHA-512 with HMAC's two padded states kept. OpenSSL's {@code PKCS5_PBKDF2_HMAC} on the same parameters is in
 * sync-sweep's printout ({@link labbook.wallet.peer.OpensslBlowfish#pbkdf2Ms}).
 *
 * <p>Run, after {@code mvn -pl lab-wallet -am install -DskipTests}: {@code mvn -q -pl lab-wallet
 * dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt}, then {@code java -cp lab-wallet/target/classes:$(cat
 * /tmp/cp.txt) org.openjdk.jmh.Main KeyDerivationBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class KeyDerivationBenchmark {
    @Param({"bouncycastle", "jdk", "lab"})
    public String implementation;

    /**
     * {@code kde4-syncs}: a 10,000-entry wallet is made and synced in the KDE4 format before the trial, as a sweep's
     * JVM did before it timed the key itself (sync-sweep now times it in a JVM of its own, {@code KeyWorker}): the
     * JDK's SHA-1 (the payload's digest) and MD5 (each key's) then run through the same JDK methods as the lab's
     * SHA-512 ({@code MessageDigest}, {@code DigestBase}), and C2 compiles those methods on their profile (the module's
     * JOURNAL.md, "The key after a sweep"); {@code none}: a fork that derives keys only.
     */
    @Param({"none", "kde4-syncs"})
    public String before;

    /** Syncs of the 10,000-entry wallet before the trial, a gigabyte through the JDK's SHA-1. */
    private static final int KDE4_SYNCS = 1000;

    private static final String PASSWORD = KeyWorker.PASSWORD;
    private final byte[] salt = KeyWorker.salt();

    @Setup(Level.Trial)
    public void setUp() {
        Random random = new Random(1);
        switch (before) {
            case "none" -> {}
            case "kde4-syncs" -> {
                WalletContents wallet = new WalletContents();
                BenchmarkEntries.random().next(10_000).forEach(e -> wallet.writeEntry(BenchmarkEntries.FOLDER, e));
                byte[] key = new byte[20];
                do {
                    random.nextBytes(key);
                } while (BlowfishCodec.isWeak(key));
                for (int i = 0; i < KDE4_SYNCS; i++) {
                    KwlCodec.encode(wallet, KwlFormat.KDE4, key, random);
                }
            }
            default -> throw new IllegalArgumentException("before is none or kde4-syncs, not " + before);
        }
    }

    @Benchmark
    public byte[] derive() throws GeneralSecurityException {
        return switch (implementation) {
            case "bouncycastle" -> bouncyCastle();
            case "jdk" ->
                SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512")
                        .generateSecret(new PBEKeySpec(
                                PASSWORD.toCharArray(), salt, WalletKeys.PBKDF2_ITERATIONS, WalletKeys.KEY_BYTES * 8))
                        .getEncoded();
            case "lab" ->
                Pbkdf2Sha512.derive(
                        PASSWORD.getBytes(StandardCharsets.UTF_8),
                        salt,
                        WalletKeys.PBKDF2_ITERATIONS,
                        WalletKeys.KEY_BYTES);
            default ->
                throw new IllegalArgumentException("implementation is bouncycastle, jdk or lab, not " + implementation);
        };
    }

    private byte[] bouncyCastle() {
        PKCS5S2ParametersGenerator generator = new PKCS5S2ParametersGenerator(new SHA512Digest());
        generator.init(PASSWORD.getBytes(StandardCharsets.UTF_8), salt, WalletKeys.PBKDF2_ITERATIONS);
        return ((KeyParameter) generator.generateDerivedParameters(WalletKeys.KEY_BYTES * 8)).getKey();
    }
}
