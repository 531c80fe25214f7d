package labbook.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A full disk: a 1 MB tmpfs (mounted only when running as root; otherwise every case is skipped, and says so). Each
 * write fails with one line that says the disk is full, and leaves what was there before, and nothing else.
 */
class HostileFullDiskTest {
    @TempDir
    Path tmp;

    Path disk;

    @BeforeEach
    void mount() throws Exception {
        disk = Files.createDirectories(tmp.resolve("disk"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs", disk.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), Charset.defaultCharset());
        Assumptions.assumeTrue(
                p.waitFor() == 0, "skipped: cannot mount a small tmpfs to fill (needs root): " + out.strip());
    }

    @AfterEach
    void unmount() throws Exception {
        new ProcessBuilder("umount", disk.toString()).start().waitFor();
    }

    private void fills(Sandbox s, Tool tool, List<String> args) {
        Snapshot before = Snapshot.of(s.root());
        Outcome got = tool.run(args.toArray(String[]::new));
        Snapshot after = Snapshot.of(s.root());
        assertThat(got.exit()).as("%s", got).isEqualTo(1);
        assertThat(got.errLines()).as("%s", got).hasSize(1);
        assertThat(got.err()).as("says the disk is full; %s", got).containsIgnoringCase("no space left");
        before.entries()
                .forEach((k, v) ->
                        assertThat(after.entries().get(k)).as("%s; %s", k, got).isEqualTo(v));
        assertThat(after.entries().keySet())
                .as("left behind; %s", got)
                .isEqualTo(before.entries().keySet());
    }

    private static String text(int megabytes) {
        return "A full disk is not a damaged input.\n".repeat(megabytes * 30_000);
    }

    @Test
    void decryptIntoAFullDisk() throws Exception {
        Sandbox src = new Sandbox(tmp.resolve("src"));
        String pass = src.secretFile("secret-pass", HostileFilecryptTest.PASSPHRASE);
        src.write("plain.txt", text(3));
        assertThat(Tool.FILECRYPT
                        .run(
                                "encrypt",
                                "--passphrase-file",
                                pass,
                                "--s2k-count",
                                "1024",
                                src.p("plain.txt"),
                                src.p("m.gpg"))
                        .exit())
                .isZero();
        Sandbox s = new Sandbox(disk);
        s.write("keep.txt", "an earlier file");
        fills(s, Tool.FILECRYPT, List.of("decrypt", "--passphrase-file", pass, src.p("m.gpg"), s.p("out.txt")));
    }

    @Test
    void encryptIntoAFullDisk() {
        Sandbox src = new Sandbox(tmp.resolve("src"));
        String pass = src.secretFile("secret-pass", HostileFilecryptTest.PASSPHRASE);
        src.write("noise.bin", HostileWalletTest.random(3 << 20, 3));
        Sandbox s = new Sandbox(disk);
        fills(s, Tool.FILECRYPT, HostileFilecryptTest.fastEncrypt(pass, src.p("noise.bin"), s.p("out.gpg"), "-z", "0"));
    }

    /** Compressing threads that fail as the disk fills: one line, no output, no worker left writing. */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void encryptOnSeveralThreadsIntoAFullDisk(int threads) {
        Sandbox src = new Sandbox(tmp.resolve("src"));
        String pass = src.secretFile("secret-pass", HostileFilecryptTest.PASSPHRASE);
        src.write("noise.bin", HostileWalletTest.random(3 << 20, 3)); // does not compress: 3 MB out on a 1 MB disk
        Sandbox s = new Sandbox(disk);
        s.write("keep.txt", "an earlier file");
        fills(
                s,
                Tool.FILECRYPT,
                HostileFilecryptTest.fastEncrypt(
                        pass, src.p("noise.bin"), s.p("out.gpg"), "-z", "6", "--threads", Integer.toString(threads)));
    }

    @Test
    void importForceIntoAFullDiskKeepsTheOldWallet() {
        Sandbox src = new Sandbox(tmp.resolve("src"));
        String pw = src.secretFile("secret-pw", "the old wallet must survive");
        src.write("big.json", HostileWalletTest.passwordsJson(40_000, i -> "key-" + i, i -> "v".repeat(20)));
        Sandbox s = new Sandbox(disk);
        HostileWalletTest.importOldWallet(src, pw, s.p("w.kwl"));
        fills(s, Tool.WALLET, HostileWalletTest.importKf5(pw, src.p("big.json"), s.p("w.kwl"), "--force"));
    }

    @Test
    void reportsIntoAFullDisk() {
        Sandbox src = new Sandbox(tmp.resolve("src"));
        String results = HostileReportsTest.results(src);
        Sandbox s = new Sandbox(disk);
        fills(s, Tool.REPORTS, List.of("build", "--results", results, "--out", s.p("site")));
    }
}
