package labbook.wallet.peer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import labbook.core.LabException;
import labbook.core.PeerResult;
import labbook.wallet.experiments.interop.InteropCases;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.store.KwlFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to the real backend: one line with the translated return code, a non-zero exit, no crash, and nothing
 * written outside the scratch folder (the wallet's own folder is unchanged, the scratch folder is gone afterwards, and
 * the user's KWallet folder is not touched).
 */
@ExtendWith(RealBackend.class)
class Kwallet5BadInputTest {
    private static final byte[] PASSWORD = "right password".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private Path wallets;
    private Path scratchParent;
    private Map<String, String> walletsBefore;
    private Map<String, String> userKwalletBefore;

    @BeforeEach
    void walletFolder() throws IOException {
        wallets = Files.createDirectories(dir.resolve("wallets"));
        scratchParent = dir.resolve("scratch");
        KwlFile.create(wallets.resolve("good.kwl"), InteropCases.mixed(), KwlFormat.KF5, PASSWORD, false);
        walletsBefore = snapshot(wallets);
        userKwalletBefore = userKwalletFiles();
    }

    @AfterEach
    void nothingWrittenOutsideScratch() throws IOException {
        if (wallets == null) {
            return; // skipped: no real backend here
        }
        assertThat(snapshot(wallets)).isEqualTo(walletsBefore);
        assertThat(scratchParent)
                .satisfiesAnyOf(
                        p -> assertThat(p).doesNotExist(), p -> assertThat(p).isEmptyDirectory());
        assertThat(userKwalletFiles()).isEqualTo(userKwalletBefore);
    }

    @Test
    void wrongPasswordIsOneLineWithTheTranslatedCode() {
        Path wallet = wallets.resolve("good.kwl");
        assertThatThrownBy(() -> Kwallet5.open(
                        wallet, KwlFile.saltPathFor(wallet), "wrong".getBytes(StandardCharsets.UTF_8), scratchParent))
                .isInstanceOfSatisfying(Kwallet5Exception.class, e -> {
                    System.out.println("kwallet5 bad input: " + e.getMessage());
                    assertThat(e.getMessage())
                            .isEqualTo(wallet + ": real KWallet (kwallet5) cannot open it: "
                                    + "-9: wrong password or a KDE4-era wallet (the length field is "
                                    + "wrong after decrypting)");
                    assertThat(e.openCode()).hasValue(-9);
                    assertThat(e.harnessExit()).isEqualTo(Harness.EXIT_OPEN_FAILED);
                    assertThat(e.exitCode()).isEqualTo(1);
                });
    }

    @Test
    void kf5WalletWithoutItsSaltIsRefusedToo() {
        Path wallet = wallets.resolve("good.kwl");
        // the backend makes a new salt (in the scratch folder), derives another key, and fails as for a wrong password
        assertThatThrownBy(() -> Kwallet5.open(wallet, null, PASSWORD, scratchParent))
                .isInstanceOfSatisfying(
                        Kwallet5Exception.class, e -> assertThat(e.openCode()).hasValue(-9));
    }

    @Test
    void notAWalletIsMinus3() throws IOException {
        Path junk = Files.write(wallets.resolve("junk.kwl"), new byte[100]);
        walletsBefore = snapshot(wallets);
        assertThatThrownBy(() -> Kwallet5.open(junk, null, PASSWORD, scratchParent))
                .isInstanceOfSatisfying(Kwallet5Exception.class, e -> {
                    assertThat(e.openCode()).hasValue(-3);
                    assertThat(e.getMessage()).endsWith("-3: not a KWallet file (wrong magic bytes)");
                });
    }

    /**
     * The backend would take a file under 60 bytes for no wallet and write a new one over it: the harness refuses
     * first.
     */
    @Test
    void fileUnder60BytesIsRefusedBeforeTheBackendSeesIt() throws IOException {
        Path shortFile =
                Files.write(wallets.resolve("short.kwl"), "KWALLET\n\r\0\r\n".getBytes(StandardCharsets.ISO_8859_1));
        walletsBefore = snapshot(wallets);
        assertThatThrownBy(() -> Kwallet5.open(shortFile, null, PASSWORD, scratchParent))
                .isInstanceOfSatisfying(Kwallet5Exception.class, e -> {
                    assertThat(e.harnessExit()).isEqualTo(Harness.EXIT_BAD_WALLET_FILE);
                    assertThat(e.openCode()).isEmpty();
                    assertThat(e.getMessage())
                            .doesNotContain("\n")
                            .contains("12 bytes; KWallet treats a file under 60 bytes as no wallet");
                });
    }

    @Test
    void missingWalletNamesTheFile() {
        Path missing = wallets.resolve("missing.kwl");
        assertThatThrownBy(() -> Kwallet5.open(missing, null, PASSWORD, scratchParent))
                .isInstanceOf(LabException.class)
                .hasMessage("cannot read wallet " + missing + ": no such file");
    }

    @Test
    void harnessRefusesAWalletOutsideItsScratchFolder() throws IOException {
        Path scratch = Harness.newScratch(scratchParent);
        try {
            Path outside = wallets.resolve("outside.kwl");
            PeerResult r = Harness.run(
                    scratch,
                    "password =YQ==\nend\n".getBytes(StandardCharsets.US_ASCII),
                    List.of("write", "--scratch", scratch.toString(), outside.toString()));
            assertThat(r.exitCode()).isEqualTo(Harness.EXIT_BAD_WALLET_FILE);
            assertThat(r.stderr().strip()).doesNotContain("\n").contains("outside the scratch folder");
            assertThat(outside).doesNotExist();
        } finally {
            Harness.deleteTree(scratch);
        }
    }

    @Test
    void harnessRefusesBadInputBeforeMakingAWallet() {
        Path scratch = Harness.newScratch(scratchParent);
        try {
            Path target = scratch.resolve("new.kwl");
            for (String input : new String[] {
                "",
                "password abc\n",
                "password =YQ==\nentry =AGE= 1 =YQ==\nend\n",
                "password =YQ==\nfolder =AGE=\nentry =AGE= x =YQ==\nend\n",
                "password =YQ==\nfolder =AGE=\n"
            }) {
                PeerResult r = Harness.run(
                        scratch,
                        input.getBytes(StandardCharsets.US_ASCII),
                        List.of("write", "--scratch", scratch.toString(), target.toString()));
                assertThat(r.exitCode()).as(input).isEqualTo(Harness.EXIT_BAD_INPUT);
                assertThat(r.stderr().strip()).as(input).doesNotContain("\n").startsWith("kwallet5-harness: ");
                assertThat(target).as(input).doesNotExist();
            }
            PeerResult usage = Harness.run(scratch, new byte[0], List.of("dump"));
            assertThat(usage.exitCode()).isEqualTo(Harness.EXIT_USAGE);
        } finally {
            Harness.deleteTree(scratch);
        }
    }

    /**
     * What the backend would write for this user without the scratch folder: ~/.local/share/kwalletd and salts in
     * ~/.local/share.
     */
    private static Map<String, String> userKwalletFiles() throws IOException {
        Path share = Path.of(System.getProperty("user.home"), ".local", "share");
        Map<String, String> files = snapshot(share.resolve("kwalletd"));
        if (Files.isDirectory(share)) {
            try (Stream<Path> s = Files.list(share)) {
                s.filter(p -> p.getFileName().toString().endsWith(".salt"))
                        .forEach(p -> files.put(p.toString(), "salt"));
            }
        }
        files.put("kwalletd exists", Boolean.toString(Files.exists(share.resolve("kwalletd"))));
        return files;
    }

    /**
     * Every file under {@code root} (relative path) with its size and modification time; empty if there is no such
     * folder.
     */
    private static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        if (!Files.isDirectory(root)) {
            return files;
        }
        try (Stream<Path> s = Files.walk(root, 3)) {
            for (Path p : s.toList()) {
                files.put(
                        root.relativize(p).toString(),
                        Files.isRegularFile(p)
                                ? Files.size(p) + "@"
                                        + Files.getLastModifiedTime(p).toMillis() + "#"
                                        + java.util.Arrays.hashCode(Files.readAllBytes(p))
                                : "dir");
            }
        } catch (java.io.UncheckedIOException | java.nio.file.AccessDeniedException e) {
            // a folder we may not read is not one the harness could have written either
        }
        return files;
    }
}
