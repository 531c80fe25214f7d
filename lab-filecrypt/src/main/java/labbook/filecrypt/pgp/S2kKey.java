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
 * The S2K key derivation (RFC 4880, 3.7.1: simple, salted, iterated and salted) on the JDK's digest, fed in 64 KiB runs
 * of the repeated salt and passphrase; for the encryptor's key packet ({@link JdkPbeKeyMethod}) and the decryptor
 * ({@link JdkS2kDecryptorFactory}).
 *
 * <p>Why not BouncyCastle's: it writes salt and passphrase to its pure-Java digest a few dozen bytes a call, so at
 * gpg's largest count (65 MB hashed, what a fast machine calibrates to and the encrypt command's default) a fresh JVM
 * spends about a second of CPU before it encrypts a byte. The stream hashed is periodic, so it is laid out once in a
 * buffer of whole periods and fed a buffer at a time: the same bytes, about a thousand calls, on the JDK's SHA-1 and
 * SHA-2 (SHA-NI once C2 compiles them). Argon2, the GNU dummy S2K and digests the JDK lacks (RIPEMD-160) are left to
 * BouncyCastle ({@link #handles}).
 */
final class S2kKey {
    private static final int RUN = 64 << 10;

    private S2kKey() {}

    /** Whether {@link #derive} computes this S2K: simple, salted or iterated and salted, on a digest the JDK has. */
    @SuppressWarnings("deprecation") // simple and salted S2K are deprecated for writing; gpg's old files use them
    static boolean handles(int type, int hashTag) {
        return (type == S2K.SIMPLE || type == S2K.SALTED || type == S2K.SALTED_AND_ITERATED)
                && JdkDigests.jdkName(hashTag) != null;
    }

    /**
     * The key for {@code cipherTag} (an OpenPGP symmetric algorithm) from {@code passphrase} by {@code s2k}, which it
     * {@link #handles}.
     */
    @SuppressWarnings("deprecation") // simple S2K is deprecated for writing; gpg's old files use it
    static byte[] derive(int cipherTag, S2K s2k, char[] passphrase) throws PGPException {
        int type = s2k.getType();
        if (!handles(type, s2k.getHashAlgorithm())) {
            throw new IllegalArgumentException(
                    "an S2K of type " + type + " on hash " + s2k.getHashAlgorithm() + " is BouncyCastle's to derive");
        }
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance(JdkDigests.jdkName(s2k.getHashAlgorithm()));
        } catch (NoSuchAlgorithmException e) {
            throw new PGPException("cannot derive the key: " + e.getMessage(), e);
        }
        byte[] period = period(type == S2K.SIMPLE ? new byte[0] : s2k.getIV(), passphrase);
        // fewer bytes than salt + passphrase: the pair is hashed once, whole (RFC 4880, 3.7.1.3)
        long count = type == S2K.SALTED_AND_ITERATED ? Math.max(s2k.getIterationCount(), period.length) : period.length;
        byte[] run = repeated(period, count);
        Arrays.fill(period, (byte) 0);
        try {
            return derive(digest, run, count, SymmetricKeyUtils.getKeyLengthInOctets(cipherTag));
        } finally {
            Arrays.fill(run, (byte) 0);
        }
    }

    /**
     * As many hash contexts as it takes to fill the key, context {@code i} first fed {@code i} zero bytes, each then
     * fed the first {@code count} bytes of the endless repetition of salt and passphrase, of which {@code run} holds a
     * whole number of periods (so every run starts at one).
     */
    private static byte[] derive(MessageDigest md, byte[] run, long count, int keyBytes) {
        byte[] key = new byte[keyBytes];
        for (int filled = 0, context = 0; filled < keyBytes; context++) {
            md.reset();
            md.update(new byte[context]);
            for (long left = count; left > 0; ) {
                int n = (int) Math.min(left, run.length);
                md.update(run, 0, n);
                left -= n;
            }
            byte[] h = md.digest();
            int n = Math.min(h.length, keyBytes - filled);
            System.arraycopy(h, 0, key, filled, n);
            Arrays.fill(h, (byte) 0);
            filled += n;
        }
        return key;
    }

    /** The period repeated to about {@link #RUN} bytes (or to {@code count}, if less), whole periods only. */
    private static byte[] repeated(byte[] period, long count) {
        int times = Math.max(1, (int) Math.min(count, RUN) / Math.max(1, period.length));
        byte[] run = new byte[times * period.length];
        for (int i = 0; i < times; i++) {
            System.arraycopy(period, 0, run, i * period.length, period.length);
        }
        return run;
    }

    /** Salt, then the passphrase's UTF-8 bytes, as gpg and BouncyCastle encode it. */
    @SuppressWarnings("ByteBufferBackingArray") // wipes the whole array, wherever the bytes start
    private static byte[] period(byte[] salt, char[] passphrase) {
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(passphrase));
        byte[] period = new byte[salt.length + encoded.remaining()];
        System.arraycopy(salt, 0, period, 0, salt.length);
        encoded.get(period, salt.length, encoded.remaining());
        Arrays.fill(encoded.array(), (byte) 0); // all of the buffer's array: the passphrase's bytes are in it
        return period;
    }
}
