package labbook.filecrypt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import labbook.core.Cli;
import labbook.filecrypt.TestTexts;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged file or a wrong passphrase: one clear line, a non-zero exit, and no output file; the same for a file
 * compressed on one thread and on two ({@code --threads 2}: two 128 KiB blocks of the parallel deflate).
 */
class DecryptFailureTest {
    @TempDir
    Path dir;

    Path plain;
    Path pass;
    Path encrypted;
    Path encryptedOnTwoThreads;
    Path out;

    @BeforeEach
    void encryptOne() throws Exception {
        plain = dir.resolve("plain.txt");
        Files.write(plain, TestTexts.head(200_000));
        pass = passFile("pass", "the right one");
        encrypted = dir.resolve("plain.txt.gpg");
        out = dir.resolve("out.txt");
        CliRun.encrypt(pass, plain, encrypted, "-z", "1");
        encryptedOnTwoThreads = dir.resolve("plain.txt.2.gpg");
        CliRun.encrypt(pass, plain, encryptedOnTwoThreads, "-z", "1", "--threads", "2");
        for (Path file : encryptedFiles()) {
            assertThat(CliRun.of("decrypt", "--passphrase-file", pass.toString(), file.toString(), out.toString())
                            .exit())
                    .isZero();
            assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(plain));
            Files.delete(out);
        }
    }

    private List<Path> encryptedFiles() {
        return List.of(encrypted, encryptedOnTwoThreads);
    }

    @Test
    void wrongPassphrase() throws Exception {
        for (Path file : encryptedFiles()) {
            CliRun r = CliRun.of(
                    "decrypt",
                    "--passphrase-file",
                    passFile("wrong", "the wrong one").toString(),
                    file.toString(),
                    out.toString());
            assertFailedCleanly(r);
            assertThat(r.err())
                    .contains("wrong passphrase")
                    .doesNotContain("the wrong one")
                    .doesNotContain("the right one");
        }
    }

    @Test
    void flippedBitInTheMiddle() throws Exception {
        for (Path file : encryptedFiles()) {
            byte[] bytes = Files.readAllBytes(file);
            bytes[bytes.length / 2] ^= 0x10;
            Path damaged = dir.resolve("damaged.gpg");
            Files.write(damaged, bytes);
            assertFailedCleanly(
                    CliRun.of("decrypt", "--passphrase-file", pass.toString(), damaged.toString(), out.toString()));
        }
    }

    @Test
    void flippedBitInTheLastBlock() throws Exception {
        for (Path file : encryptedFiles()) {
            byte[] bytes = Files.readAllBytes(file);
            bytes[bytes.length - 3] ^= 0x01;
            Path damaged = dir.resolve("damaged.gpg");
            Files.write(damaged, bytes);
            CliRun r = CliRun.of("decrypt", "--passphrase-file", pass.toString(), damaged.toString(), out.toString());
            assertFailedCleanly(r);
            assertThat(r.err()).contains("damaged.gpg");
        }
    }

    @Test
    void truncated() throws Exception {
        for (Path file : encryptedFiles()) {
            for (int keep : new int[] {10, 100, (int) Files.size(file) / 2, (int) Files.size(file) - 1}) {
                Path cut = dir.resolve("cut.gpg");
                Files.write(cut, Arrays.copyOf(Files.readAllBytes(file), keep));
                assertFailedCleanly(
                        CliRun.of("decrypt", "--passphrase-file", pass.toString(), cut.toString(), out.toString()));
            }
        }
    }

    @Test
    void aFailedDecryptLeavesAnExistingOutputAsItWas() throws Exception {
        for (Path file : encryptedFiles()) {
            Files.writeString(out, "keep me");
            CliRun.of(
                    "decrypt",
                    "--passphrase-file",
                    passFile("wrong", "nope").toString(),
                    file.toString(),
                    out.toString());
            assertThat(Files.readString(out)).isEqualTo("keep me");
            Files.delete(out);
        }
    }

    @Test
    void notAnOpenPgpFileAndAMissingFile() throws Exception {
        assertFailedCleanly(
                CliRun.of("decrypt", "--passphrase-file", pass.toString(), plain.toString(), out.toString()));
        CliRun missing = CliRun.of(
                "decrypt",
                "--passphrase-file",
                pass.toString(),
                dir.resolve("nope.gpg").toString(),
                out.toString());
        assertFailedCleanly(missing);
        assertThat(missing.err()).contains("nope.gpg");
    }

    @Test
    void badLevelIsAUsageErrorOrOneLine() throws Exception {
        CliRun r = CliRun.of(
                "encrypt",
                "--passphrase-file",
                pass.toString(),
                "-z",
                "12",
                plain.toString(),
                dir.resolve("x.gpg").toString());
        assertThat(r.exit()).isNotZero();
        assertThat(r.err().strip().lines().count()).isEqualTo(1);
        assertThat(r.err()).contains("12");
        assertThat(dir.resolve("x.gpg")).doesNotExist();
    }

    @Test
    void badThreadsAreABadArgumentBeforeAnythingIsWritten() throws Exception {
        for (String threads : new String[] {"0", "-1", "257", "many"}) {
            CliRun r = CliRun.of(
                    "encrypt",
                    "--passphrase-file",
                    pass.toString(),
                    "--threads",
                    threads,
                    plain.toString(),
                    dir.resolve("x.gpg").toString());
            assertThat(r.exit()).as(threads).isEqualTo(Cli.BAD_ARGUMENTS);
            assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.err()).contains("--threads").contains(threads);
            assertThat(dir.resolve("x.gpg")).doesNotExist();
        }
    }

    private void assertFailedCleanly(CliRun r) throws Exception {
        assertThat(r.exit()).isNotZero();
        assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(out).doesNotExist();
        try (var listing = Files.list(dir)) {
            assertThat(listing.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
        }
    }

    private Path passFile(String name, String secret) throws Exception {
        Path p = dir.resolve(name);
        Files.deleteIfExists(p);
        Files.createFile(p, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(p, secret + "\n");
        return p;
    }
}
