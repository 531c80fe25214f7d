package labbook.wallet.format;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.SHA1Digest;

/**
 * The Blowfish key of a wallet, from its password: the legacy SHA-1 key (minor version 0) or the PBKDF2-HMAC-SHA512 key
 * with its salt (minor version 1). Keys are remembered per (kind, SHA-1 dialect), so trying several dialects, or
 * opening many tampered copies, derives each key once.
 */
public final class WalletKeys {
    public static final int PBKDF2_ITERATIONS = 50_000;
    public static final int KEY_BYTES = 56;
    private static final int LEGACY_ROUNDS = 2000;

    private final byte[] password;
    private final byte[] salt;
    private final Map<String, byte[]> cache = new HashMap<>();

    /** @param salt the .salt file's bytes, or null when there is none */
    public WalletKeys(byte[] passwordUtf8, byte[] salt) {
        this.password = passwordUtf8.clone();
        this.salt = salt == null ? null : salt.clone();
    }

    public static WalletKeys of(String password, byte[] salt) {
        return new WalletKeys(password.getBytes(StandardCharsets.UTF_8), salt);
    }

    public boolean hasSalt() {
        return salt != null;
    }

    /** The key for a wallet with this header, as KWallet with this SHA-1 dialect derives it. */
    public byte[] keyFor(KwlHeader header, boolean sha1LittleEndianWords) throws BadWalletException {
        if (header.pbkdf2Key()) {
            if (salt == null) {
                throw new BadWalletException("its PBKDF2 key needs the wallet's .salt file, which is missing");
            }
            return cache.computeIfAbsent("pbkdf2", k -> pbkdf2(password, salt)).clone();
        }
        return cache.computeIfAbsent("legacy-" + sha1LittleEndianWords, k -> legacy(password, sha1LittleEndianWords))
                .clone();
    }

    static byte[] pbkdf2(byte[] password, byte[] salt) {
        return Pbkdf2Sha512.derive(password, salt, PBKDF2_ITERATIONS, KEY_BYTES);
    }

    /**
     * The pre-4.13 key: the UTF-8 password cut in 16-byte pieces (the last takes the rest), each hashed with SHA-1 2000
     * times; the pieces' hashes are joined as KWallet's password2hash does.
     */
    static byte[] legacy(byte[] password, boolean sha1LittleEndianWords) {
        int n = password.length;
        byte[] b1 = iterate(Arrays.copyOfRange(password, 0, Math.min(n, 16)), sha1LittleEndianWords);
        if (n <= 16) {
            return b1;
        }
        byte[] b2 = iterate(Arrays.copyOfRange(password, 16, Math.min(n, 32)), sha1LittleEndianWords);
        if (n <= 32) {
            return concat(b1, 20, b2, 20);
        }
        byte[] b3 = iterate(Arrays.copyOfRange(password, 32, Math.min(n, 48)), sha1LittleEndianWords);
        if (n <= 48) {
            return concat(concat(b1, 20, b2, 20), 40, b3, 16);
        }
        byte[] b4 = iterate(Arrays.copyOfRange(password, 48, n), sha1LittleEndianWords);
        byte[] key = new byte[56];
        System.arraycopy(b1, 0, key, 0, 14);
        System.arraycopy(b2, 0, key, 14, 14);
        System.arraycopy(b3, 0, key, 28, 14);
        System.arraycopy(b4, 0, key, 42, 14);
        return key;
    }

    private static byte[] iterate(byte[] piece, boolean littleEndianWords) {
        byte[] h = piece;
        for (int i = 0; i < LEGACY_ROUNDS; i++) {
            h = sha1(h, littleEndianWords);
        }
        return h;
    }

    static byte[] sha1(byte[] data, boolean littleEndianWords) {
        if (littleEndianWords) {
            return LittleEndianWordSha1.digest(data, 0, data.length);
        }
        Digest d = new SHA1Digest();
        d.update(data, 0, data.length);
        byte[] out = new byte[20];
        d.doFinal(out, 0);
        return out;
    }

    private static byte[] concat(byte[] a, int aLen, byte[] b, int bLen) {
        byte[] out = Arrays.copyOf(a, aLen + bLen);
        System.arraycopy(b, 0, out, aLen, bLen);
        return out;
    }

    static MessageDigest md(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is missing from this JDK", e);
        }
    }
}
