package labbook.wallet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import labbook.wallet.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wrong password, truncated, garbage, wrong magic, 3DES and GPG wallets: one line naming the file, a non-zero exit, no
 * stack trace, nothing on stdout, the file untouched, no secret in the message.
 */
class BadInputTest {
    static final String SECRET = "openwall";

    @TempDir
    Path dir;

    @Test
    void wrongPassword() throws Exception {
        Path w = copy("openwall.kwl");
        assertRefused(w, "not-the-password", "wrong password");
        Path kf5 = copy("kwallet-with-salt.kwl");
        Files.copy(Fixtures.dir().resolve("kwallet-with-salt.salt"), dir.resolve("kwallet-with-salt.salt"));
        assertRefused(kf5, "not-the-password", "wrong password");
    }

    @Test
    void truncated() throws Exception {
        byte[] full = Files.readAllBytes(Fixtures.named("python5.kwl").path());
        for (int len : new int[] {0, 11, 59, 100, full.length - 8, full.length - 1}) {
            Path w = Files.write(dir.resolve("t" + len + ".kwl"), Arrays.copyOf(full, len));
            assertRefused(w, SECRET, len < 60 ? "truncated" : "");
        }
    }

    @Test
    void garbageAndWrongMagic() throws Exception {
        byte[] garbage = new byte[400];
        new java.util.Random(7).nextBytes(garbage);
        assertRefused(Files.write(dir.resolve("garbage.kwl"), garbage), SECRET, "not a KWallet file");
        byte[] w = Files.readAllBytes(Fixtures.named("openwall.kwl").path());
        w[0] = 'k';
        assertRefused(Files.write(dir.resolve("magic.kwl"), w), SECRET, "not a KWallet file");
        assertRefused(Files.writeString(dir.resolve("text.kwl"), "hello"), SECRET, "not a KWallet file");
    }

    @Test
    void unsupportedCiphers() throws Exception {
        byte[] w = Files.readAllBytes(Fixtures.named("openwall.kwl").path());
        w[14] = 1;
        assertRefused(Files.write(dir.resolve("3des.kwl"), w), SECRET, "3DES");
        w[14] = 2;
        assertRefused(Files.write(dir.resolve("gpg.kwl"), w), SECRET, "GPG");
        w[14] = 0;
        w[15] = 1;
        assertRefused(Files.write(dir.resolve("md5.kwl"), w), SECRET, "MD5");
    }

    @Test
    void missingSaltAndMissingFiles() throws Exception {
        Path kf5 = copy("kwallet-with-salt.kwl");
        assertRefused(kf5, SECRET, ".salt");
        CliRun run = CliRun.of("dump", "--password-file", dir.resolve("nope").toString(), kf5.toString());
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains(dir.resolve("nope").toString());
        Path pw = Files.writeString(dir.resolve("pw"), SECRET);
        run = CliRun.of(
                "dump",
                "--password-file",
                pw.toString(),
                dir.resolve("missing.kwl").toString());
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains("missing.kwl");
        assertThat(CliRun.of("dump", kf5.toString()).code()).isEqualTo(2);
    }

    private Path copy(String fixture) throws Exception {
        return Files.copy(Fixtures.dir().resolve(fixture), dir.resolve(fixture));
    }

    private void assertRefused(Path wallet, String password, String reason) throws Exception {
        Path pw = Files.writeString(dir.resolve("pw-" + wallet.getFileName()), password);
        byte[] before = Files.readAllBytes(wallet);
        FileTime mtime = Files.getLastModifiedTime(wallet);
        CliRun run = CliRun.of("dump", "--password-file", pw.toString(), wallet.toString());
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        String err = run.err().strip();
        assertThat(err).doesNotContain("\n").doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(err).contains(wallet.toString()).contains(reason);
        assertThat(err).doesNotContain(password.isEmpty() ? "\u0000" : password);
        assertThat(Files.readAllBytes(wallet)).isEqualTo(before);
        assertThat(Files.getLastModifiedTime(wallet)).isEqualTo(mtime);
    }
}
