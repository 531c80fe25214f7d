package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import labbook.core.PeerResult;
import labbook.filecrypt.corpus.QuickCorpus;
import labbook.filecrypt.peer.Gpg;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A file above 100 MB through several compressing threads, decrypted by the real gpg and by {@link PgpDecryptor}. About
 * a minute on 2 cores, so off by default: {@code mvn -o -q -pl lab-filecrypt test
 * -Dtest='labbook.filecrypt.pgp.ParallelLargeFileTest' -Dlabbook.filecrypt.large=true}.
 */
@EnabledIfSystemProperty(named = "labbook.filecrypt.large", matches = "true")
class ParallelLargeFileTest {
    private static final char[] PASS = "large file".toCharArray();
    /** The quick corpus' 10 MB eleven times (repeats 10 MB apart are far outside any window), plus an odd tail. */
    private static final int COPIES = 11;

    private static final int TAIL = 12_345;

    @TempDir
    static Path dir;

    private static Path plain;
    private static String plainSha256;
    private static Gpg gpg;

    @BeforeAll
    static void writeInput() throws Exception {
        gpg = Gpg.start(PASS);
        Path text = QuickCorpus.materialize().largest();
        plain = dir.resolve("large.txt");
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (OutputStream out = new DigestOutputStream(Files.newOutputStream(plain), sha)) {
            for (int i = 0; i < COPIES; i++) {
                Files.copy(text, out);
            }
            try (InputStream in = Files.newInputStream(text)) {
                out.write(in.readNBytes(TAIL));
            }
        }
        plainSha256 = HexFormat.of().formatHex(sha.digest());
        assertThat(Files.size(plain)).isGreaterThan(100_000_000L);
    }

    @AfterAll
    static void stop() {
        gpg.close();
    }

    @ParameterizedTest(name = "{0} -z {1}, {2} threads")
    @CsvSource({"zip, 1, 4", "zip, 6, 2", "zip, 9, 4", "zlib, 6, 4", "zlib, 9, 2"})
    void gpgAndBcpgDecryptIt(String algo, int level, int threads) throws Exception {
        EncryptOptions options = EncryptOptions.defaults()
                .withCompression(Compression.parse(algo))
                .withLevel(level)
                .withThreads(threads);
        Path encrypted = dir.resolve("large.gpg");
        long t0 = System.nanoTime();
        new PgpEncryptor(options).encryptFile(plain, encrypted, PASS);
        System.out.printf(
                "%s -z %d, %d threads: %,d B to %,d B in %.1f s%n",
                algo, level, threads, Files.size(plain), Files.size(encrypted), (System.nanoTime() - t0) / 1e9);

        Path byGpg = dir.resolve("by-gpg.txt");
        PeerResult r = gpg.decrypt(encrypted, byGpg);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(sha256(byGpg)).as("decrypted by gpg").isEqualTo(plainSha256);
        Files.delete(byGpg);

        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(encrypted);
                OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), sha)) {
            new PgpDecryptor().decrypt(in, out, PASS);
        }
        assertThat(HexFormat.of().formatHex(sha.digest()))
                .as("decrypted by bcpg")
                .isEqualTo(plainSha256);
    }

    private static String sha256(Path file) throws IOException, java.security.NoSuchAlgorithmException {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
