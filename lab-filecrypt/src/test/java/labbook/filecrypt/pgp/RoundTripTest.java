package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.stream.Stream;
import labbook.filecrypt.TestTexts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RoundTripTest {
    private static final char[] PASS = "correct horse battery staple".toCharArray();
    private static final byte[] TEXT = TestTexts.head(48_000);

    static Stream<Arguments> everyAlgorithmAndLevel() {
        List<Arguments> all = new ArrayList<>();
        for (int level = 0; level <= 9; level++) {
            all.add(Arguments.of(Compression.ZIP, ZipDeflater.ZLIB_8K, level));
            all.add(Arguments.of(Compression.ZIP, ZipDeflater.JZLIB_8K, level));
            all.add(Arguments.of(Compression.ZIP, ZipDeflater.JDK_32K, level));
            all.add(Arguments.of(Compression.ZLIB, ZipDeflater.JZLIB_8K, level));
            all.add(Arguments.of(Compression.BZIP2, ZipDeflater.JZLIB_8K, level));
            all.add(Arguments.of(Compression.NONE, ZipDeflater.JZLIB_8K, level));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} {1} -z {2}")
    @MethodSource("everyAlgorithmAndLevel")
    void decryptsWhatItEncrypts(Compression algo, ZipDeflater deflater, int level) throws Exception {
        EncryptOptions options = EncryptOptions.defaults()
                .withCompression(algo)
                .withZipDeflater(deflater)
                .withLevel(level);
        byte[] encrypted = encrypt(options, TEXT);
        assertThat(decrypt(encrypted)).isEqualTo(TEXT);
        if (options.compresses()) {
            assertThat(encrypted.length).isLessThan(TEXT.length * 6 / 10);
        } else {
            assertThat(encrypted.length).isGreaterThan(TEXT.length);
        }
    }

    @Test
    void everyCipherPathWritesTheSameKindOfMessage() throws Exception {
        for (CipherPath path : CipherPath.values()) {
            byte[] encrypted =
                    encrypt(EncryptOptions.defaults().withCipherPath(path).withLevel(1), TEXT);
            assertThat(decrypt(encrypted)).as(path.label()).isEqualTo(TEXT);
        }
    }

    @Test
    void everyCipherAndArmor() throws Exception {
        for (SymmetricCipher cipher : SymmetricCipher.values()) {
            byte[] encrypted =
                    encrypt(EncryptOptions.defaults().withCipher(cipher).withArmor(true), TEXT);
            assertThat(new String(encrypted, 0, 27, java.nio.charset.StandardCharsets.US_ASCII))
                    .isEqualTo("-----BEGIN PGP MESSAGE-----");
            assertThat(decrypt(encrypted)).as(cipher.gpgName()).isEqualTo(TEXT);
        }
    }

    @ParameterizedTest(name = "file of {0} bytes, {1}")
    @org.junit.jupiter.params.provider.CsvSource({
        "0, zlib-8k",
        "1, zlib-8k",
        "65536, zlib-8k",
        "65537, zlib-8k",
        "48000, zlib-8k",
        "48000, jzlib-8k",
        "48000, jdk-32k"
    })
    void filesRoundTripThroughEveryZipPath(
            int bytes, String deflater, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        byte[] plain = java.util.Arrays.copyOf(TEXT, bytes);
        if (bytes > TEXT.length) {
            new java.util.Random(bytes).nextBytes(plain);
        }
        java.nio.file.Path in = dir.resolve("in.txt");
        java.nio.file.Files.write(in, plain);
        for (int level : new int[] {0, 1, 9}) {
            java.nio.file.Path enc = dir.resolve("in.txt.gpg");
            java.nio.file.Path out = dir.resolve("out.txt");
            new PgpEncryptor(EncryptOptions.defaults().withLevel(level).withZipDeflater(ZipDeflater.parse(deflater)))
                    .encryptFile(in, enc, PASS);
            new PgpDecryptor().decryptFile(enc, out, PASS);
            assertThat(java.nio.file.Files.readAllBytes(out)).as("-z %d", level).isEqualTo(plain);
        }
    }

    @Test
    void emptyAndOneByteInputs() throws Exception {
        for (byte[] tiny : new byte[][] {new byte[0], new byte[] {42}}) {
            assertThat(decrypt(encrypt(EncryptOptions.defaults(), tiny))).isEqualTo(tiny);
        }
    }

    @Test
    void nativeZlibAndJzlibWriteNearlyTheSameDeflate() throws Exception {
        for (int level : new int[] {1, 6, 9}) {
            byte[] zlib =
                    encrypt(EncryptOptions.defaults().withLevel(level).withZipDeflater(ZipDeflater.ZLIB_8K), TEXT);
            byte[] jzlib =
                    encrypt(EncryptOptions.defaults().withLevel(level).withZipDeflater(ZipDeflater.JZLIB_8K), TEXT);
            assertThat((double) zlib.length)
                    .isCloseTo(jzlib.length, org.assertj.core.data.Percentage.withPercentage(1));
        }
    }

    @Test
    void gpgsZipWindowGivesLargerOutputThanTheJdksAtTheSameLevel() throws Exception {
        byte[] gpgWindow = encrypt(EncryptOptions.defaults().withLevel(6), TEXT);
        byte[] jdk = encrypt(EncryptOptions.defaults().withLevel(6).withZipDeflater(ZipDeflater.JDK_32K), TEXT);
        assertThat(gpgWindow.length).isGreaterThan(jdk.length);
    }

    static byte[] encrypt(EncryptOptions options, byte[] plain) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PgpEncryptor(options).encrypt(new ByteArrayInputStream(plain), out, PASS, "test.txt", new Date(0));
        return out.toByteArray();
    }

    static byte[] decrypt(byte[] encrypted) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PgpDecryptor().decrypt(new ByteArrayInputStream(encrypted), out, PASS);
        return out.toByteArray();
    }
}
