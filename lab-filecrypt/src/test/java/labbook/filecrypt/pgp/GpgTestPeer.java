package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import labbook.core.PeerResult;
import labbook.filecrypt.peer.Gpg;

/** The real gpg as the interop tests' peer (the CI installs gnupg): started once per test class, asked to decrypt. */
public final class GpgTestPeer {
    private GpgTestPeer() {}

    /** gpg with its own home and agent holding {@code passphrase}; fails the tests if gpg is not installed. */
    public static Gpg start(char[] passphrase) {
        assertThat(Gpg.version())
                .as("gpg must be installed (apt-get install gnupg)")
                .startsWith("gpg (GnuPG)");
        return Gpg.start(passphrase);
    }

    /** gpg decrypts {@code encrypted} into {@code out} with exit code 0, and {@code out} holds {@code plain}. */
    public static void assertGpgDecrypts(Gpg gpg, Path encrypted, Path out, byte[] plain, String what)
            throws IOException {
        PeerResult r = gpg.decrypt(encrypted, out);
        assertThat(r.exitCode()).as(what + ": " + r.stderr()).isZero();
        assertThat(Files.readAllBytes(out)).as(what + " by gpg").isEqualTo(plain);
    }
}
