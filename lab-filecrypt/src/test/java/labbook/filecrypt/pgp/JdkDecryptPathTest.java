package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Date;
import java.util.Random;
import labbook.filecrypt.TestTexts;
import labbook.filecrypt.pgp.PgpDecryptor.DecryptException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The decryptor's JDK path (AES in SEIPD v1: {@link SeipdV1Stream}, {@link JdkS2kDecryptorFactory},
 * {@link CompressedPacketReader}) beside BouncyCastle's for the other ciphers: messages gpg wrote and messages bcpg
 * wrote, at several levels, algorithms and ciphers, and the failures it must report.
 */
class JdkDecryptPathTest {
    private static final char[] PASS = "correct horse battery staple".toCharArray();
    private static final byte[] TEXT = TestTexts.head(200_003);

    @RegisterExtension
    static final GpgTestPeer GPG = new GpgTestPeer(PASS);

    @TempDir
    Path dir;

    @Test
    void decryptsWhatGpgWritesAtEveryCipherLevelAndAlgorithm() throws Exception {
        EncryptOptions base = EncryptOptions.defaults();
        for (SymmetricCipher cipher : new SymmetricCipher[] {
            SymmetricCipher.AES128,
            SymmetricCipher.AES192,
            SymmetricCipher.AES256,
            SymmetricCipher.CAST5,
            SymmetricCipher.TWOFISH
        }) {
            for (int level : new int[] {0, 1, 6, 9}) {
                assertDecryptsGpgs(base.withCipher(cipher).withLevel(level));
            }
        }
        assertDecryptsGpgs(base.withCompression(Compression.ZLIB).withLevel(1));
        assertDecryptsGpgs(base.withCompression(Compression.BZIP2).withLevel(9));
        assertDecryptsGpgs(base.withArmor(true).withLevel(7));
        assertDecryptsGpgs(base.withS2k(1_000_000, S2kDigest.SHA1));
        assertDecryptsGpgs(base.withS2k(65_536, S2kDigest.SHA512).withCipher(SymmetricCipher.AES128));
        assertDecryptsGpgs(base.withS2k(65_536, S2kDigest.RIPEMD160));
    }

    private void assertDecryptsGpgs(EncryptOptions o) throws Exception {
        Path in = dir.resolve("in.txt");
        Files.write(in, TEXT);
        Path enc = dir.resolve("gpg.gpg");
        GPG.gpg().encrypt(in, enc, o).orThrow();
        Path out = dir.resolve("out.txt");
        Files.deleteIfExists(out);
        new PgpDecryptor().decryptFile(enc, out, PASS);
        assertThat(Files.readAllBytes(out))
                .as("gpg's %s %s -z %d", o.cipher(), o.compression(), o.level())
                .isEqualTo(TEXT);
    }

    @Test
    void decryptsWhatBcpgWritesOfAnySize() throws Exception {
        Random random = new Random(13);
        for (int bytes : new int[] {0, 1, 17, 21, 22, 23, 65_535, 65_536, 65_559, 200_003}) {
            byte[] plain = Arrays.copyOf(TEXT, bytes);
            for (SymmetricCipher cipher :
                    new SymmetricCipher[] {SymmetricCipher.AES128, SymmetricCipher.AES256, SymmetricCipher.CAMELLIA256
                    }) {
                for (int level : new int[] {0, 1, 9}) {
                    EncryptOptions o = EncryptOptions.defaults()
                            .withCipher(cipher)
                            .withLevel(level)
                            .withCipherPath(randomPath(random));
                    assertThat(decrypt(encrypt(o, plain)))
                            .as("%d bytes, %s -z %d", bytes, cipher, level)
                            .isEqualTo(plain);
                }
            }
        }
    }

    /**
     * AES: the quick check fails; CAST5 as bcpg writes it: a wrapped session key, which decrypts to no known cipher.
     */
    @Test
    void wrongPassphraseIsOneLineWithoutTheSecret() throws Exception {
        for (SymmetricCipher cipher : new SymmetricCipher[] {SymmetricCipher.AES256, SymmetricCipher.CAST5}) {
            byte[] encrypted = encrypt(EncryptOptions.defaults().withCipher(cipher), TEXT);
            assertThatThrownBy(() -> new PgpDecryptor()
                            .decrypt(
                                    new ByteArrayInputStream(encrypted),
                                    new ByteArrayOutputStream(),
                                    "not the passphrase".toCharArray()))
                    .isInstanceOf(DecryptException.class)
                    .hasMessageStartingWith("wrong passphrase")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("not the passphrase"));
        }
    }

    @Test
    void aFlippedBitFailsTheIntegrityCheck() throws Exception {
        byte[] encrypted = encrypt(EncryptOptions.defaults().withLevel(0), TEXT);
        // in the data, in the MDC packet's header, in its hash
        for (int at : new int[] {encrypted.length / 2, encrypted.length - 22, encrypted.length - 1}) {
            byte[] damaged = encrypted.clone();
            damaged[at] ^= 0x10;
            assertThatThrownBy(() -> decrypt(damaged))
                    .as("bit flipped at %d of %d", at, encrypted.length)
                    .isInstanceOf(DecryptException.class)
                    .hasMessage("integrity check failed: the file was modified or damaged");
        }
    }

    @Test
    void aFlippedBitInCompressedDataFailsInOneLine() throws Exception {
        byte[] encrypted = encrypt(EncryptOptions.defaults().withLevel(6), TEXT);
        byte[] damaged = encrypted.clone();
        damaged[encrypted.length / 2] ^= 0x01;
        assertThatThrownBy(() -> decrypt(damaged))
                .isInstanceOf(DecryptException.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").doesNotContain(new String(PASS)));
    }

    @Test
    void truncatedMessagesFail() throws Exception {
        byte[] encrypted = encrypt(EncryptOptions.defaults().withLevel(0), TEXT);
        for (int keep : new int[] {encrypted.length - 1, encrypted.length - 21, encrypted.length / 2, 60}) {
            byte[] cut = Arrays.copyOf(encrypted, keep);
            assertThatThrownBy(() -> decrypt(cut))
                    .as("%d of %d bytes", keep, encrypted.length)
                    .isInstanceOf(DecryptException.class)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    @SuppressWarnings("EnumOrdinal") // any one of them, at random
    private static CipherPath randomPath(java.util.Random random) {
        return CipherPath.values()[random.nextInt(CipherPath.values().length)];
    }

    private static byte[] encrypt(EncryptOptions options, byte[] plain) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PgpEncryptor(options).encrypt(new ByteArrayInputStream(plain), out, PASS, "test.txt", new Date(0));
        return out.toByteArray();
    }

    private static byte[] decrypt(byte[] encrypted) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PgpDecryptor().decrypt(new ByteArrayInputStream(encrypted), out, PASS);
        return out.toByteArray();
    }
}
