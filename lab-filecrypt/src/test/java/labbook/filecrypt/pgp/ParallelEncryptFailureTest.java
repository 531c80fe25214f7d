package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import labbook.core.LabException;
import labbook.filecrypt.TestTexts;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Failures with several compressing threads, as with one: one line, no output file, no thread left. Encrypting: the
 * disk fills up under the parallel deflate. Decrypting what it wrote: a flipped bit, a truncated file, a wrong
 * passphrase.
 */
class ParallelEncryptFailureTest {
    private static final char[] PASS = "the right one".toCharArray();

    @TempDir
    Path dir;

    Path plain;
    Path out;

    @BeforeEach
    void writeInput() throws Exception {
        plain = dir.resolve("plain.txt");
        Files.write(plain, TestTexts.head(1_500_000));
        out = dir.resolve("out");
    }

    @ParameterizedTest(name = "{0} with {1} threads, disk full after {2} bytes")
    @CsvSource({"zip, 2, 0", "zip, 2, 100", "zip, 4, 70000", "zip, 4, 300000", "zlib, 2, 5000", "zlib, 4, 300000"})
    void aFullDiskLeavesNoOutputAndNoThread(String algo, int threads, long room) {
        EncryptOptions options = EncryptOptions.defaults()
                .withCompression(Compression.parse(algo))
                .withThreads(threads);
        PgpEncryptor encryptor = new PgpEncryptor(options);
        // encryptFile(Path, Path)'s own steps, with a disk that fills up under them
        assertThatThrownBy(() -> SafeOutput.write(
                        out,
                        stream -> encryptor.encryptFile(plain, new FillingDisk(stream, room), PASS),
                        e -> new LabException("cannot encrypt " + plain + ": " + e.getMessage(), e)))
                .isInstanceOf(LabException.class)
                .hasMessage("cannot encrypt " + plain + ": No space left on device");
        assertNothingWritten();
    }

    @Test
    void parallelOutputDecryptsAndRefusesDamage() throws Exception {
        Path encrypted = encrypt(EncryptOptions.defaults().withThreads(4));
        new PgpDecryptor().decryptFile(encrypted, out, PASS);
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(plain));
        Files.delete(out);

        byte[] bytes = Files.readAllBytes(encrypted);
        for (int at : new int[] {bytes.length / 3, bytes.length / 2, bytes.length - 30, bytes.length - 3}) {
            byte[] damaged = bytes.clone();
            damaged[at] ^= 0x10;
            assertRefused(write("flipped.gpg", damaged), PASS);
        }
        for (int keep : new int[] {10, 100, bytes.length / 2, bytes.length - 23, bytes.length - 1}) {
            assertRefused(write("cut.gpg", Arrays.copyOf(bytes, keep)), PASS);
        }
        assertThat(assertRefused(encrypted, "the wrong one".toCharArray())).contains("wrong passphrase");
    }

    @Test
    void zlibTrailerIsChecked() throws Exception {
        Path encrypted = encrypt(
                EncryptOptions.defaults().withCompression(Compression.ZLIB).withThreads(2));
        new PgpDecryptor().decryptFile(encrypted, out, PASS);
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(plain));
        Files.delete(out);
        byte[] bytes = Files.readAllBytes(encrypted);
        byte[] damaged = bytes.clone();
        damaged[bytes.length / 2] ^= 0x01;
        assertRefused(write("flipped.gpg", damaged), PASS);
    }

    private Path encrypt(EncryptOptions options) {
        Path encrypted = dir.resolve("plain.txt.gpg");
        new PgpEncryptor(options).encryptFile(plain, encrypted, PASS);
        return encrypted;
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private String assertRefused(Path encrypted, char[] passphrase) throws Exception {
        LabException e = org.junit.jupiter.api.Assertions.assertThrows(
                LabException.class, () -> new PgpDecryptor().decryptFile(encrypted, out, passphrase));
        assertThat(e.getMessage().lines().count()).as(e.getMessage()).isEqualTo(1);
        assertNothingWritten();
        return e.getMessage();
    }

    private void assertNothingWritten() {
        assertThat(out).doesNotExist();
        try (var listing = Files.list(dir)) {
            assertThat(listing.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        try {
            ParallelDeflateStreamTest.assertNoWorkerLeft();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
