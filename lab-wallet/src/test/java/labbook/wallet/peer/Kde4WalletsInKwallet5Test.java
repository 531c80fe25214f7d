package labbook.wallet.peer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import labbook.wallet.experiments.interop.InteropCases;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.RealWallets;
import labbook.wallet.format.WalletContents;
import labbook.wallet.store.KwlFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Findings, not requirements: what real KF5 (5.103) does with KDE4-format wallets, the lab's and the real KDE4-era
 * ones. The assertions hold what was observed on Debian 12 (each is printed), so a change in the backend shows up here.
 * KF5's Blowfish reads each 32-bit word in the other byte order from KDE4's, so a KDE4-era wallet decrypts to garbage
 * and open() stops at the length field: rc -9.
 */
@ExtendWith(RealBackend.class)
class Kde4WalletsInKwallet5Test {
    @TempDir
    Path dir;

    /**
     * The lab's kde4 writer (2009's format: legacy key, little-endian-word Blowfish, ECB): refused with -9, at every
     * key length.
     */
    @Test
    void labKde4WalletsAreRefusedWithMinus9() {
        Map<String, String> passwords = new LinkedHashMap<>();
        passwords.put("20-byte key", "benchmark");
        passwords.put("40-byte key", "twenty-five-bytes-long-pw");
        passwords.put("56-byte key", "a-password-of-more-than-forty-eight-bytes-in-utf-8-ok");
        passwords.put("empty password", "");
        for (Map.Entry<String, String> p : passwords.entrySet()) {
            for (WalletContents contents :
                    new WalletContents[] {InteropCases.oneEntry(), InteropCases.mixed(), InteropCases.random(4, 1000)
                    }) {
                byte[] pw = p.getValue().getBytes(StandardCharsets.UTF_8);
                Path wallet = dir.resolve("kde4.kwl");
                KwlFile.create(wallet, contents, KwlFormat.KDE4, pw, false);
                String outcome = outcome(wallet, pw, null);
                System.out.println("kwallet5 finding: lab kde4 wallet (" + p.getKey() + ", " + contents.entryCount()
                        + " entries): " + outcome);
                assertThat(outcome).startsWith("rc -9: wrong password or a KDE4-era wallet");
                // the lab itself reads it back (the test is of KF5, not of the file)
                assertThat(KwlFile.open(wallet, null, pw).contents()).isEqualTo(contents);
            }
        }
    }

    /** The real wallets the lab ships: KF5 refuses every KDE4-era one, and opens the KF5 one identically to the lab. */
    @Test
    void realFixturesAsKf5SeesThem() {
        Path fixtures = RealWallets.copyTo(dir.resolve("fixtures"));
        Map<String, String> seen = new LinkedHashMap<>();
        for (RealWallets.Wallet w : RealWallets.ALL) {
            Path wallet = fixtures.resolve(w.file());
            Path salt = w.saltFile() == null ? null : fixtures.resolve(w.saltFile());
            String outcome = outcome(wallet, w.passwordBytes(), salt);
            if (outcome.startsWith("opens")) {
                WalletContents real = Kwallet5.dump(wallet, salt, w.passwordBytes());
                WalletContents lab =
                        KwlFile.open(wallet, salt, w.passwordBytes()).contents();
                outcome += real.equals(lab)
                        ? ", the same contents as the lab reads"
                        : ", contents DIFFERENT from the lab's reading";
            }
            seen.put(w.file(), outcome);
            System.out.println("kwallet5 finding: " + w.file() + " (header " + w.header() + "): " + outcome);
        }
        String refused = "rc -9: wrong password or a KDE4-era wallet (the length field is wrong after decrypting)";
        assertThat(seen)
                .containsExactly(
                        Map.entry("openwall.kwl", refused),
                        Map.entry("blank_pass.kwl", refused),
                        Map.entry("python5.kwl", refused),
                        Map.entry("kwalletmanager-15.04.2-2_fedora23.kwl", refused),
                        Map.entry(
                                "kwallet-with-salt.kwl",
                                "opens: header 00 01 03 02, 2 folders, 0 entries, the same contents as the lab reads"));
    }

    private String outcome(Path wallet, byte[] password, Path salt) {
        try {
            Kwallet5.Opened o = Kwallet5.open(wallet, salt, password, dir.resolve("scratch"));
            return "opens: header " + o.header() + ", " + o.contents().folders().size() + " folders, "
                    + o.contents().entryCount() + " entries";
        } catch (Kwallet5Exception e) {
            assertThat(e.openCode()).isPresent();
            assertThat(e.getMessage())
                    .doesNotContain("\n")
                    .startsWith(wallet + ": real KWallet (kwallet5) cannot open it: ");
            return "rc " + e.reason();
        }
    }
}
