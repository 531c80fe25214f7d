package labbook.wallet.format;

import java.security.SecureRandom;
import java.util.function.Supplier;

/**
 * The passwords the lab makes for its own wallets (benchmark, crash-test and interop wallets): random, never printed,
 * and always ones KWallet accepts. A legacy (salt-free) key is the password's alone, and about 3 random keys in 100,000
 * are weak, which KWallet refuses; so a password whose legacy key is weak in either SHA-1 dialect is drawn again.
 * Salted (PBKDF2) keys are the salt's business: the lab draws another salt ({@code KwlFile.create}).
 */
public final class ThrowawayPassword {
    static final int LENGTH = 24;
    /** Draws before giving up: at 3 in 100,000 weak, 64 weak draws in a row do not happen. */
    static final int MAX_DRAWS = 64;

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final SecureRandom RANDOM = new SecureRandom();

    private ThrowawayPassword() {}

    /** A new password, ASCII letters and digits, that gives no weak key. */
    public static byte[] draw() {
        return draw(ThrowawayPassword::candidate);
    }

    static byte[] draw(Supplier<byte[]> candidates) {
        for (int i = 0; i < MAX_DRAWS; i++) {
            byte[] password = candidates.get();
            if (givesNoWeakKey(password)) {
                return password;
            }
        }
        throw new IllegalStateException(
                MAX_DRAWS + " passwords in a row gave a weak Blowfish key: the random source is broken");
    }

    /** True when neither SHA-1 dialect's legacy key of this password is weak. */
    static boolean givesNoWeakKey(byte[] password) {
        for (boolean sha1LittleEndianWords : new boolean[] {false, true}) {
            if (BlowfishCodec.isWeak(WalletKeys.legacy(password, sha1LittleEndianWords))) {
                return false;
            }
        }
        return true;
    }

    private static byte[] candidate() {
        byte[] password = new byte[LENGTH];
        for (int i = 0; i < password.length; i++) {
            password[i] = (byte) ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length()));
        }
        return password;
    }
}
