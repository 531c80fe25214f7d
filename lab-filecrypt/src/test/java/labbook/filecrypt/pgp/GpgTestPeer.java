package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import labbook.core.PeerResult;
import labbook.filecrypt.peer.Gpg;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real gpg as the interop tests' peer (the CI installs gnupg), asked to encrypt and decrypt: started before a test
 * class's first test with its own home and an agent holding the passphrase, stopped after its last. Register it as
 * {@code @RegisterExtension static final GpgTestPeer GPG = new GpgTestPeer(passphrase)}.
 */
public final class GpgTestPeer implements BeforeAllCallback, AfterAllCallback {
    private final char[] passphrase;
    private Gpg gpg;

    public GpgTestPeer(char[] passphrase) {
        this.passphrase = passphrase.clone();
    }

    /** Fails the test class at once if gpg is not installed. */
    @Override
    public void beforeAll(ExtensionContext context) {
        assertThat(Gpg.version())
                .as("gpg must be installed (apt-get install gnupg)")
                .startsWith("gpg (GnuPG)");
        gpg = Gpg.start(passphrase);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        gpg.close();
    }

    /** The running gpg. */
    public Gpg gpg() {
        return gpg;
    }

    /** gpg decrypts {@code encrypted} into {@code out} with exit code 0, and {@code out} holds {@code plain}. */
    public static void assertGpgDecrypts(Gpg gpg, Path encrypted, Path out, byte[] plain, String what)
            throws IOException {
        PeerResult r = gpg.decrypt(encrypted, out);
        assertThat(r.exitCode()).as(what + ": " + r.stderr()).isZero();
        assertThat(Files.readAllBytes(out)).as(what + " by gpg").isEqualTo(plain);
    }
}
