package labbook.filecrypt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Percentage.withPercentage;

import java.nio.file.Files;
import java.nio.file.Path;
import labbook.core.PeerResult;
import labbook.filecrypt.pgp.Compression;
import labbook.filecrypt.pgp.EncryptOptions;
import labbook.filecrypt.pgp.GpgTestPeer;
import labbook.filecrypt.pgp.PgpDecryptor;
import labbook.filecrypt.pgp.PgpEncryptor;
import labbook.filecrypt.pgp.S2kDigest;
import labbook.filecrypt.pgp.SymmetricCipher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Interop both ways with the real gpg (the CI installs gnupg): what one writes, the other reads. */
class GpgInteropTest {
    private static final char[] PASS = "interop passphrase ü".toCharArray();

    @RegisterExtension
    static final GpgTestPeer GPG = new GpgTestPeer(PASS);

    private static final byte[] TEXT = TestTexts.head(60_000);

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1} -z {2} s2k {3} {4} armor={5}")
    @CsvSource({
        "AES256, zip, 0, 65536, SHA1, false",
        "AES256, zip, 1, 65536, SHA1, false",
        "AES256, zip, 6, 65536, SHA1, false",
        "AES256, zip, 9, 65536, SHA1, false",
        "AES256, zlib, 6, 65536, SHA256, false",
        "AES256, bzip2, 6, 65536, SHA256, false",
        "AES256, none, 6, 65536, SHA256, false",
        "AES256, zip, 6, 1024, SHA1, true",
        "AES256, zip, 6, 65011712, SHA512, false",
        "AES, zip, 6, 65536, SHA256, false",
        "AES192, zip, 6, 65536, SHA256, false",
        "CAMELLIA256, zip, 6, 65536, SHA256, false",
        "TWOFISH, zip, 6, 65536, SHA256, false",
        "3DES, zip, 6, 65536, SHA1, false",
        "CAST5, zip, 6, 65536, SHA1, false",
        "BLOWFISH, zip, 6, 65536, SHA1, false",
    })
    void bothWays(String cipher, String algo, int level, long s2k, String digest, boolean armor) throws Exception {
        EncryptOptions options = EncryptOptions.defaults()
                .withCipher(SymmetricCipher.parse(cipher))
                .withCompression(Compression.parse(algo))
                .withLevel(level)
                .withS2k(s2k, S2kDigest.parse(digest))
                .withArmor(armor);
        Path plain = dir.resolve("plain.txt");
        Files.write(plain, TEXT);

        Path bcpg = dir.resolve("bcpg.gpg");
        new PgpEncryptor(options).encryptFile(plain, bcpg, PASS);
        GpgTestPeer.assertGpgDecrypts(GPG.gpg(), bcpg, dir.resolve("by-GPG.gpg().txt"), TEXT, cipher + " " + algo);

        Path fromGpg = dir.resolve("gpg.gpg");
        PeerResult encrypted = GPG.gpg().encrypt(plain, fromGpg, options);
        assertThat(encrypted.exitCode()).as(encrypted.stderr()).isZero();
        Path byBcpg = dir.resolve("by-bcpg.txt");
        new PgpDecryptor().decryptFile(fromGpg, byBcpg, PASS);
        assertThat(Files.readAllBytes(byBcpg)).isEqualTo(TEXT);
    }

    @Test
    void decryptsWhatPlainGpgDashCWrites() throws Exception {
        Path plain = dir.resolve("plain.txt");
        Files.write(plain, TEXT);
        Path encrypted = dir.resolve("default.gpg");
        PeerResult r = GPG.gpg().encryptWithGpgDefaults(plain, encrypted);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        Path out = dir.resolve("out.txt");
        new PgpDecryptor().decryptFile(encrypted, out, PASS);
        assertThat(Files.readAllBytes(out)).isEqualTo(TEXT);
    }

    @ParameterizedTest(name = "-z {0}: sizes within 1 % of gpg's")
    @CsvSource({"1", "6", "9"})
    void gpgCompatibleZipMatchesGpgsSizes(int level) throws Exception {
        Path plain = dir.resolve("plain.txt");
        Files.write(plain, TestTexts.head(1_000_000));
        EncryptOptions options = EncryptOptions.defaults().withLevel(level);
        Path ours = dir.resolve("ours.gpg");
        Path theirs = dir.resolve("theirs.gpg");
        new PgpEncryptor(options).encryptFile(plain, ours, PASS);
        GPG.gpg().encrypt(plain, theirs, options).orThrow();
        assertThat((double) Files.size(ours)).isCloseTo(Files.size(theirs), withPercentage(1));
    }
}
