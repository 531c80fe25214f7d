package labbook.filecrypt.pgp;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.bcpg.S2K;
import org.bouncycastle.bcpg.SymmetricKeyUtils;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.operator.bc.BcPBEDataDecryptorFactory;
import org.bouncycastle.openpgp.operator.bc.BcPGPDigestCalculatorProvider;

/**
 * BouncyCastle's passphrase decryptor factory with the S2K key derivation (RFC 4880, 3.7.1) on the
 * JDK's {@link MessageDigest}, fed in 64 KiB runs of the repeated salt and passphrase.
 *
 * <p>Why: the iterated S2K hashes {@code count} bytes, up to 65,011,712 (the {@code encrypt}
 * command's default). BC's own derivation writes salt and passphrase to its pure-Java digest one
 * short pair at a time; the JDK's SHA-1 and SHA-2 are compiled to SHA-NI/AVX2 and pay their per-call
 * cost once per 64 KiB. The key is the same: the stream hashed is the same bytes. Argon2, the GNU
 * dummy S2K and digests the JDK lacks (RIPEMD-160) stay on BC's code; so does everything else
 * (a wrapped session key, AEAD).
 */
final class JdkS2kDecryptorFactory extends BcPBEDataDecryptorFactory {
    private static final int RUN = 1 << 16;

    private final char[] passphrase;

    JdkS2kDecryptorFactory(char[] passphrase) {
        super(passphrase, new BcPGPDigestCalculatorProvider());
        this.passphrase = passphrase;
    }

    @Override
    public byte[] makeKeyFromPassPhrase(int keyAlgorithm, S2K s2k) throws PGPException {
        String digest = jdkName(s2k.getHashAlgorithm());
        int type = s2k.getType();
        if (digest == null || type != S2K.SIMPLE && type != S2K.SALTED && type != S2K.SALTED_AND_ITERATED) {
            return super.makeKeyFromPassPhrase(keyAlgorithm, s2k);
        }
        byte[] secret = utf8(passphrase);
        byte[] salt = type == S2K.SIMPLE ? new byte[0] : s2k.getIV();
        byte[] unit = new byte[salt.length + secret.length];
        System.arraycopy(salt, 0, unit, 0, salt.length);
        System.arraycopy(secret, 0, unit, salt.length, secret.length);
        Arrays.fill(secret, (byte) 0);
        // fewer bytes than salt + passphrase: the pair is hashed once, whole (RFC 4880, 3.7.1.3)
        long count = type == S2K.SALTED_AND_ITERATED ? Math.max(s2k.getIterationCount(), unit.length) : unit.length;
        byte[] run = repeated(unit, count);
        Arrays.fill(unit, (byte) 0);
        try {
            return derive(MessageDigest.getInstance(digest), run, count, SymmetricKeyUtils.getKeyLengthInOctets(keyAlgorithm));
        } catch (NoSuchAlgorithmException | IllegalArgumentException e) {
            throw new PGPException("cannot derive the key: " + e.getMessage(), e);
        } finally {
            Arrays.fill(run, (byte) 0);
        }
    }

    /**
     * The key: as many hash contexts as it takes to fill {@code keyBytes}, context {@code i} first
     * fed {@code i} zero bytes, each then fed the first {@code count} bytes of the endless
     * repetition of salt and passphrase, of which {@code run} holds a whole number of repeats.
     */
    private static byte[] derive(MessageDigest md, byte[] run, long count, int keyBytes) {
        byte[] key = new byte[keyBytes];
        for (int filled = 0, context = 0; filled < keyBytes; context++) {
            md.reset();
            md.update(new byte[context]);
            long left = count;
            while (left > 0) {
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

    /** {@code unit} repeated to about 64 KiB (or to {@code count}, if less), whole repeats only, so every run starts at the pattern's start. */
    private static byte[] repeated(byte[] unit, long count) {
        int times = Math.max(1, (int) Math.min(count, RUN) / Math.max(1, unit.length));
        byte[] run = new byte[times * unit.length];
        for (int i = 0; i < times; i++) {
            System.arraycopy(unit, 0, run, i * unit.length, unit.length);
        }
        return run;
    }

    private static byte[] utf8(char[] chars) {
        ByteBuffer b = StandardCharsets.UTF_8.encode(CharBuffer.wrap(chars));
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        Arrays.fill(b.array(), (byte) 0);
        return bytes;
    }

    /** The JDK's name of an OpenPGP hash, or null where the JDK's is not used. */
    private static String jdkName(int tag) {
        return switch (tag) {
            case HashAlgorithmTags.SHA1 -> "SHA-1";
            case HashAlgorithmTags.SHA224 -> "SHA-224";
            case HashAlgorithmTags.SHA256 -> "SHA-256";
            case HashAlgorithmTags.SHA384 -> "SHA-384";
            case HashAlgorithmTags.SHA512 -> "SHA-512";
            default -> null;
        };
    }
}
