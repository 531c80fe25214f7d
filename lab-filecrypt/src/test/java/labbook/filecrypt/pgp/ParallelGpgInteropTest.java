package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import labbook.filecrypt.TestTexts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What bcpg writes with several compressing threads, read by the real gpg and by {@link PgpDecryptor}: the same bytes
 * back, for ZIP and ZLIB, around the block size and across blocks.
 */
class ParallelGpgInteropTest {
    private static final char[] PASS = "parallel passphrase".toCharArray();
    private static final int BLOCK = ParallelDeflateStream.BLOCK;
    private static final int TEXT_BYTES = 3_000_000;

    @RegisterExtension
    static final GpgTestPeer GPG = new GpgTestPeer(PASS);

    private static final byte[] TEXT = TestTexts.head(TEXT_BYTES);

    @TempDir
    Path dir;

    static Stream<Arguments> algorithmsSizesAndLevels() {
        List<Arguments> all = new ArrayList<>();
        for (Compression algo : List.of(Compression.ZIP, Compression.ZLIB)) {
            for (int size : new int[] {0, 1, BLOCK - 1024, BLOCK, BLOCK + 1, TEXT_BYTES}) {
                for (int level : new int[] {1, 6, 9}) {
                    all.add(Arguments.of(algo, size, level));
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} {1} bytes -z {2}, 1/2/4 threads")
    @MethodSource("algorithmsSizesAndLevels")
    void gpgAndBcpgDecryptWhatSeveralThreadsWrote(Compression algo, int size, int level) throws Exception {
        byte[] plain = Arrays.copyOf(TEXT, size);
        for (int threads : new int[] {1, 2, 4}) {
            assertBothDecrypt(
                    EncryptOptions.defaults()
                            .withCompression(algo)
                            .withLevel(level)
                            .withThreads(threads),
                    plain);
        }
    }

    @ParameterizedTest(name = "{0}, every level")
    @ValueSource(strings = {"zip", "zlib"})
    void everyLevelOnASmallFile(String algo) throws Exception {
        byte[] plain = Arrays.copyOf(TEXT, 2 * BLOCK + 4321);
        for (int level = 1; level <= 9; level++) {
            assertBothDecrypt(
                    EncryptOptions.defaults()
                            .withCompression(Compression.parse(algo))
                            .withLevel(level)
                            .withThreads(2),
                    plain);
        }
    }

    /** The 32 KiB window needs an inflater with 32 KiB, which gpg has for ZIP (inflateInit2(zs, -15)). */
    @ParameterizedTest(name = "zip {0}")
    @ValueSource(strings = {"jdk-32k", "jzlib-8k", "zlib-8k"})
    void everyZipDeflater(String deflater) throws Exception {
        for (int level : new int[] {1, 9}) {
            assertBothDecrypt(
                    EncryptOptions.defaults()
                            .withZipDeflater(ZipDeflater.parse(deflater))
                            .withLevel(level)
                            .withThreads(2),
                    TEXT);
        }
    }

    @Test
    void armorAndOtherCiphersAreUnchanged() throws Exception {
        byte[] plain = Arrays.copyOf(TEXT, 3 * BLOCK);
        assertBothDecrypt(EncryptOptions.defaults().withArmor(true).withThreads(2), plain);
        assertBothDecrypt(
                EncryptOptions.defaults()
                        .withCipher(SymmetricCipher.CAMELLIA256)
                        .withThreads(4),
                plain);
        assertBothDecrypt(
                EncryptOptions.defaults()
                        .withCompression(Compression.BZIP2)
                        .withLevel(1)
                        .withThreads(4),
                plain);
    }

    /** A stream of unknown length: the literal packet comes in partial-length chunks through the deflate. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"zip", "zlib"})
    void aStreamOfUnknownLength(String algo) throws Exception {
        byte[] plain = Arrays.copyOf(TEXT, 5 * BLOCK + 99);
        Path encrypted = dir.resolve("stream.gpg");
        try (var out = Files.newOutputStream(encrypted)) {
            new PgpEncryptor(EncryptOptions.defaults()
                            .withCompression(Compression.parse(algo))
                            .withThreads(2))
                    .encrypt(new java.io.ByteArrayInputStream(plain), out, PASS, "stream", new java.util.Date(0));
        }
        GpgTestPeer.assertGpgDecrypts(GPG.gpg(), encrypted, dir.resolve("by-GPG.gpg().txt"), plain, algo + " stream");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"zip", "zlib"})
    void sizeIsWithinAPercentOfOneThreads(String algo) throws Exception {
        Path in = dir.resolve("text.txt");
        Files.write(in, TEXT);
        for (int level : new int[] {1, 6, 9}) {
            EncryptOptions options = EncryptOptions.defaults()
                    .withCompression(Compression.parse(algo))
                    .withLevel(level);
            long single = encryptedSize(in, options);
            long parallel = encryptedSize(in, options.withThreads(2));
            System.out.printf(
                    "%s -z %d, %,d B of text: %,d B on 1 thread, %,d B on 2 (%+.2f %%)%n",
                    algo, level, TEXT.length, single, parallel, 100.0 * (parallel - single) / single);
            // a correctness check, not a measurement; a lost dictionary costs less than 2 % (see
            // ParallelDeflateStreamTest.theDictionaryKeepsMatchesAcrossTheCut), so this one cannot see it
            assertThat((double) parallel).isCloseTo(single, org.assertj.core.data.Percentage.withPercentage(3));
        }
    }

    @Test
    void onlyZipAndZlibAboveLevelZeroAreParallel() {
        EncryptOptions four = EncryptOptions.defaults().withThreads(4);
        assertThat(four.compressesInParallel()).isTrue();
        assertThat(four.withCompression(Compression.ZLIB).compressesInParallel())
                .isTrue();
        assertThat(four.withCompression(Compression.BZIP2).compressesInParallel())
                .isFalse();
        assertThat(four.withCompression(Compression.NONE).compressesInParallel())
                .isFalse();
        assertThat(four.withLevel(0).compressesInParallel()).isFalse();
        assertThat(EncryptOptions.defaults().compressesInParallel()).isFalse();
        assertThat(EncryptOptions.defaults().threads()).isEqualTo(1);
    }

    private long encryptedSize(Path in, EncryptOptions options) throws Exception {
        Path out = dir.resolve("size.gpg");
        new PgpEncryptor(options).encryptFile(in, out, PASS);
        return Files.size(out);
    }

    private void assertBothDecrypt(EncryptOptions options, byte[] plain) throws Exception {
        Path in = dir.resolve("plain.txt");
        Files.write(in, plain);
        Path encrypted = dir.resolve("plain.txt.gpg");
        new PgpEncryptor(options).encryptFile(in, encrypted, PASS);

        String what = options.compression().gpgName() + " -z " + options.level() + " " + options.threads() + " threads "
                + plain.length + " B";
        GpgTestPeer.assertGpgDecrypts(GPG.gpg(), encrypted, dir.resolve("by-GPG.gpg().txt"), plain, what);

        ByteArrayOutputStream byBcpg = new ByteArrayOutputStream();
        try (var input = Files.newInputStream(encrypted)) {
            new PgpDecryptor().decrypt(input, byBcpg, PASS);
        }
        assertThat(byBcpg.toByteArray()).as(what + " by bcpg").isEqualTo(plain);
    }
}
