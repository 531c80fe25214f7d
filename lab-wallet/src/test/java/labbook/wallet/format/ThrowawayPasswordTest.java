package labbook.wallet.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import labbook.core.LabException;
import labbook.wallet.store.KwlBackend;
import labbook.wallet.store.KwlFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The passwords the lab makes for its own wallets are always ones KWallet accepts. Two passwords whose legacy keys are
 * weak, one per SHA-1 dialect, were found by drawing random ones (49,876 and 12,171 draws); each is shown to be refused
 * by the format, and then to be passed over by the draw.
 */
class ThrowawayPasswordTest {
    /** Its legacy key in the standard SHA-1 dialect (the KDE4 format's) is weak. */
    static final String WEAK_IN_KDE4 = "nh3jPQMe3fqywVFN33h4kLZN";
    /** Its legacy key in the little-endian-word SHA-1 dialect (KF5's reading of a KDE4 wallet) is weak. */
    static final String WEAK_IN_LITTLE_ENDIAN_SHA1 = "qCk1ROsxGKd5pWYuqTBNzXGI";

    @TempDir
    Path dir;

    @Test
    void theKnownWeakPasswordsAreRefusedByTheFormat() {
        assertThat(BlowfishCodec.isWeak(WalletKeys.legacy(bytes(WEAK_IN_KDE4), false)))
                .isTrue();
        assertThat(BlowfishCodec.isWeak(WalletKeys.legacy(bytes(WEAK_IN_LITTLE_ENDIAN_SHA1), true)))
                .isTrue();
        assertThatThrownBy(() -> KwlFile.create(
                        dir.resolve("weak.kwl"), new WalletContents(), KwlFormat.KDE4, bytes(WEAK_IN_KDE4), false))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("weak Blowfish key");
        assertThat(ThrowawayPassword.givesNoWeakKey(bytes(WEAK_IN_KDE4))).isFalse();
        assertThat(ThrowawayPassword.givesNoWeakKey(bytes(WEAK_IN_LITTLE_ENDIAN_SHA1)))
                .isFalse();
    }

    @Test
    void aDrawPassesOverPasswordsWithAWeakKey() {
        Deque<byte[]> candidates = new ArrayDeque<>(
                List.of(bytes(WEAK_IN_KDE4), bytes(WEAK_IN_LITTLE_ENDIAN_SHA1), bytes("a-password-with-strong-keys")));
        assertThat(new String(ThrowawayPassword.draw(candidates::pop), StandardCharsets.US_ASCII))
                .isEqualTo("a-password-with-strong-keys");
        assertThat(candidates).isEmpty();
        assertThatThrownBy(() -> ThrowawayPassword.draw(() -> bytes(WEAK_IN_KDE4)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void manyDrawnPasswordsAreEachAcceptedByBothFormats() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 300; i++) {
            byte[] password = ThrowawayPassword.draw();
            String text = new String(password, StandardCharsets.US_ASCII);
            assertThat(text).matches("[A-Za-z0-9]{" + ThrowawayPassword.LENGTH + "}");
            assertThat(seen.add(text)).as("a new password each draw").isTrue();
            // KF5's key is salted (PBKDF2, 50,000 rounds each way): a few of them show the salt path takes them too
            for (KwlFormat format : i < 10 ? List.of(KwlFormat.values()) : List.of(KwlFormat.KDE4)) {
                Path wallet = dir.resolve(format + "-" + i + ".kwl");
                KwlFile.create(wallet, new WalletContents(), format, password, false);
                assertThat(KwlBackend.open(wallet, password, false).contents().entryCount())
                        .isZero();
            }
        }
        // the draw's own check, over many more passwords than the formats can open in a test's time
        for (int i = 0; i < 1000; i++) {
            assertThat(ThrowawayPassword.givesNoWeakKey(ThrowawayPassword.draw()))
                    .isTrue();
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
