package labbook.filecrypt.pgp;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import org.bouncycastle.bcpg.S2K;
import org.bouncycastle.bcpg.SymmetricKeyUtils;
import org.bouncycastle.openpgp.PGPException;

/**
 * The iterated and salted S2K (RFC 4880, 3.7.1.3) computed in large chunks by the JDK's digest.
 *
 * <p>Why not BouncyCastle's: it writes salt and passphrase to the digest in turns, a few dozen
 * bytes a call, so at gpg's largest count (65 MB hashed, what a fast machine calibrates to) a
 * fresh JVM spends about a second of CPU in those calls before it encrypts a byte. The hashed
 * stream is periodic, so it is laid out once in a buffer that holds whole periods and fed to the
 * digest a buffer at a time: the same bytes, about a thousand calls. Digests the JDK lacks
 * (RIPEMD-160) and S2K types other than iterated and salted are left to BouncyCastle ({@link #handles}).
 */
final class S2kKey {
    private static final int CHUNK = 64 << 10;

    private S2kKey() {
    }

    /** Whether {@link #derive} computes this S2K: iterated and salted, on a digest the JDK has. */
    static boolean handles(int type, int hashTag) {
        return type == S2K.SALTED_AND_ITERATED && JdkDigests.jdkName(hashTag) != null;
    }

    /** The key for {@code cipherTag} (an OpenPGP symmetric algorithm) from {@code passphrase} by {@code s2k}, which it {@link #handles}. */
    static byte[] derive(int cipherTag, S2K s2k, char[] passphrase) throws PGPException {
        if (!handles(s2k.getType(), s2k.getHashAlgorithm())) {
            throw new IllegalArgumentException("not an iterated and salted S2K on a JDK digest");
        }
        String name = JdkDigests.jdkName(s2k.getHashAlgorithm());
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance(name);
        } catch (NoSuchAlgorithmException e) {
            throw new PGPException("the JDK has no " + name + ": " + e.getMessage(), e);
        }
        byte[] period = period(s2k.getIV(), passphrase);
        byte[] chunk = new byte[Math.max(1, CHUNK / period.length) * period.length];
        for (int at = 0; at < chunk.length; at += period.length) {
            System.arraycopy(period, 0, chunk, at, period.length);
        }
        // the whole salt and passphrase are hashed once even when the count is smaller
        long count = Math.max(s2k.getIterationCount(), period.length);
        byte[] key = new byte[SymmetricKeyUtils.getKeyLengthInOctets(cipherTag)];
        // a key longer than one digest takes more hash contexts, the n-th preloaded with n zero bytes
        for (int filled = 0, context = 0; filled < key.length; context++) {
            digest.reset();
            digest.update(new byte[context]);
            long left = count;
            for (; left > chunk.length; left -= chunk.length) {
                digest.update(chunk);
            }
            digest.update(chunk, 0, (int) left);
            byte[] hash = digest.digest();
            int n = Math.min(hash.length, key.length - filled);
            System.arraycopy(hash, 0, key, filled, n);
            filled += n;
        }
        Arrays.fill(period, (byte) 0);
        Arrays.fill(chunk, (byte) 0);
        return key;
    }

    /** Salt, then the passphrase's UTF-8 bytes, as gpg and BouncyCastle encode it. */
    private static byte[] period(byte[] salt, char[] passphrase) {
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(passphrase));
        byte[] period = new byte[salt.length + encoded.remaining()];
        System.arraycopy(salt, 0, period, 0, salt.length);
        encoded.get(period, salt.length, encoded.remaining());
        Arrays.fill(encoded.array(), (byte) 0);
        return period;
    }
}
