package labbook.filecrypt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import labbook.core.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * encrypt and decrypt parsed without picocli: help, bad arguments (one line naming them, exit 2) and gpg -c's key
 * packet.
 */
class FileCommandTest {
    @TempDir
    Path dir;

    record Outcome(int exit, String out, String err) {}

    static Outcome run(FileCommand command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = command.execute(List.of(args), new PrintWriter(out), new PrintWriter(err));
        return new Outcome(exit, out.toString(), err.toString());
    }

    @Test
    void helpListsEveryOptionAndExitsZero() {
        Outcome o = run(new EncryptCommand(), "--help");
        assertThat(o.exit()).isZero();
        assertThat(o.out())
                .contains(
                        "lab-filecrypt encrypt [OPTIONS] IN OUT",
                        "--passphrase-file",
                        "-z",
                        "--threads",
                        "--s2k-count",
                        "--force");
        assertThat(run(new DecryptCommand(), "-h").out())
                .contains("lab-filecrypt decrypt [OPTIONS] IN OUT", "--passphrase-file");
    }

    @Test
    void badArgumentsAreOneLineNamingThemWithExitTwo() {
        for (String[] args : new String[][] {
            {"--bogus", "a", "b"},
            {"-z", "10", "a", "b"},
            {"-z", "six", "a", "b"},
            {"--threads", "0", "a", "b"},
            {"--cipher-algo", "ROT13", "a", "b"},
            {"a"},
            {"a", "b", "c"},
            {"a", "b"}
        }) {
            Outcome o = run(new EncryptCommand(), args);
            assertThat(o.exit()).as(String.join(" ", args)).isEqualTo(Cli.BAD_ARGUMENTS);
            assertThat(o.err().lines()).as(String.join(" ", args)).hasSize(1);
            assertThat(o.err()).startsWith("lab-filecrypt encrypt: ").endsWith("(see --help)\n");
        }
        assertThat(run(new EncryptCommand(), "-z", "10", "a", "b").err()).contains("-z", "'10'");
        assertThat(run(new EncryptCommand(), "a").err()).contains("missing OUT");
        assertThat(run(new EncryptCommand(), "a", "b").err()).contains("--passphrase-file");
    }

    @Test
    void writesGpgsKeyPacketWithoutAnEncryptedSessionKey() throws Exception {
        Path pass = dir.resolve("pass");
        Files.writeString(pass, "secret\n");
        Files.setPosixFilePermissions(pass, PosixFilePermissions.fromString("rw-------"));
        Path in = Files.writeString(dir.resolve("in.txt"), "hello\n".repeat(100));
        Path out = dir.resolve("in.txt.gpg");
        assertThat(run(
                                new EncryptCommand(),
                                "--passphrase-file",
                                pass.toString(),
                                "--s2k-count",
                                "1024",
                                in.toString(),
                                out.toString())
                        .exit())
                .isZero();
        byte[] m = Files.readAllBytes(out);
        // new-format tag 3 (SKESK), 13 bytes: version 4, AES-256, iterated+salted S2K on SHA-1 (gpg's default), 8
        // bytes of salt, count
        assertThat(Byte.toUnsignedInt(m[0])).isEqualTo(0xC3);
        assertThat(m[1]).isEqualTo((byte) 13);
        assertThat(new byte[] {m[2], m[3], m[4], m[5]}).containsExactly(4, 9, 3, 2);
        Path back = dir.resolve("back.txt");
        assertThat(run(new DecryptCommand(), "--passphrase-file", pass.toString(), out.toString(), back.toString())
                        .exit())
                .isZero();
        assertThat(back).hasSameBinaryContentAs(in);
    }

    @Test
    void theArchivesTrainingRunSucceedsAndLeavesNothing() throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        long before;
        try (var list = Files.list(tmp)) {
            before = list.filter(p -> p.getFileName().toString().startsWith("labbook-cds-training-"))
                    .count();
        }
        assertThat(CdsTraining.run()).isZero();
        try (var list = Files.list(tmp)) {
            assertThat(list.filter(p -> p.getFileName().toString().startsWith("labbook-cds-training-"))
                            .count())
                    .isEqualTo(before);
        }
    }
}
