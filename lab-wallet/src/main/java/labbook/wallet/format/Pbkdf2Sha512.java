package labbook.wallet.format;

import java.security.DigestException;
import java.security.MessageDigest;
import java.util.Arrays;

/**
 * PBKDF2 with HMAC-SHA512 (RFC 8018, section 5.2), the key KWallet derives from a KF5-era wallet's password and salt.
 *
 * <p>Written here, not taken from BouncyCastle's {@code PKCS5S2ParametersGenerator} (byte for byte the same key,
 * {@code Pbkdf2Sha512Test}), for its SHA-512: BouncyCastle compresses in Java, while the JDK's {@code SHA-512} is an
 * intrinsic (AVX2) wherever C2 has compiled its caller, and this loop of 50,000 iterations is compiled after a few
 * hundred. The JDK's own {@code PBKDF2WithHmacSHA512} runs the same intrinsic but takes the password as {@code char[]}
 * and hashes HMAC's padded key block again on every call, four compressions per iteration. This one hashes each padded
 * block once, keeps the two states and copies them ({@link MessageDigest#clone}), two compressions per iteration, as
 * OpenSSL does. The lab-wallet JOURNAL.md ("What a key costs") has the figures of the three and of OpenSSL's.
 */
public final class Pbkdf2Sha512 {
    private static final int BLOCK_BYTES = 128;
    private static final int HASH_BYTES = 64;

    private Pbkdf2Sha512() {}

    public static byte[] derive(byte[] password, byte[] salt, int iterations, int keyBytes) {
        if (iterations < 1 || keyBytes < 1) {
            throw new IllegalArgumentException("PBKDF2 needs at least one iteration and one byte of key");
        }
        MessageDigest innerStart = WalletKeys.md("SHA-512");
        MessageDigest outerStart = WalletKeys.md("SHA-512");
        byte[] hmacKey = password.length > BLOCK_BYTES ? innerStart.digest(password) : password;
        byte[] pad = new byte[BLOCK_BYTES];
        for (int i = 0; i < BLOCK_BYTES; i++) {
            pad[i] = (byte) ((i < hmacKey.length ? hmacKey[i] : 0) ^ 0x36);
        }
        innerStart.update(pad);
        for (int i = 0; i < BLOCK_BYTES; i++) {
            pad[i] ^= 0x36 ^ 0x5c;
        }
        outerStart.update(pad);
        Arrays.fill(pad, (byte) 0);

        byte[] key = new byte[keyBytes];
        byte[] u = new byte[HASH_BYTES];
        byte[] t = new byte[HASH_BYTES];
        for (int block = 1, at = 0; at < keyBytes; block++, at += HASH_BYTES) {
            MessageDigest first = copy(innerStart);
            first.update(salt);
            first.update(new byte[] {(byte) (block >>> 24), (byte) (block >>> 16), (byte) (block >>> 8), (byte) block});
            finish(first, outerStart, u);
            System.arraycopy(u, 0, t, 0, HASH_BYTES);
            for (int i = 1; i < iterations; i++) {
                MessageDigest inner = copy(innerStart);
                inner.update(u);
                finish(inner, outerStart, u);
                for (int j = 0; j < HASH_BYTES; j++) {
                    t[j] ^= u[j];
                }
            }
            System.arraycopy(t, 0, key, at, Math.min(HASH_BYTES, keyBytes - at));
        }
        Arrays.fill(u, (byte) 0);
        Arrays.fill(t, (byte) 0);
        return key;
    }

    /** HMAC's last two steps: the inner hash into {@code out}, then the outer hash of it into {@code out}. */
    private static void finish(MessageDigest inner, MessageDigest outerStart, byte[] out) {
        try {
            inner.digest(out, 0, HASH_BYTES);
            MessageDigest outer = copy(outerStart);
            outer.update(out);
            outer.digest(out, 0, HASH_BYTES);
        } catch (DigestException e) {
            throw new IllegalStateException("SHA-512 refused a 64-byte output buffer", e);
        }
    }

    private static MessageDigest copy(MessageDigest start) {
        try {
            return (MessageDigest) start.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("this JDK's SHA-512 cannot be copied", e);
        }
    }
}
