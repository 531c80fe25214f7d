package labbook.wallet.store;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Today's choice for the modern variants: AES-256-GCM from the JDK (random 96-bit nonces) and an Argon2id key from
 * BouncyCastle with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane).
 */
public final class Aead {
    public static final int KEY_BYTES = 32;
    public static final int NONCE_BYTES = 12;
    public static final int TAG_BYTES = 16;
    public static final int ARGON2_MEMORY_KIB = 19 * 1024;
    public static final int ARGON2_ITERATIONS = 2;
    public static final int ARGON2_LANES = 1;

    /**
     * How much {@link #seal} hands the JDK's AES-GCM per call. The JDK's AES-CTR and GHASH intrinsics replace their
     * Java methods only where a compiled method calls them. One {@code doFinal} over a whole wallet per sync is too few
     * calls for C2 to compile those callers, so only the loops inside them were compiled (on-stack replacement, from
     * the Java code), which made aead's cipher alone many times slower than the intrinsics. In 8 KB pieces the callers
     * become hot after a few dozen syncs of a few thousand entries (the module's JOURNAL.md has the figures).
     */
    static final int SEAL_PIECE_BYTES = 8192;

    private static final SecureRandom RANDOM = new SecureRandom();

    private Aead() {}

    public static byte[] argon2id(byte[] password, byte[] salt, int memoryKiB, int iterations, int lanes) {
        Argon2BytesGenerator gen = new Argon2BytesGenerator();
        gen.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withSalt(salt)
                .withMemoryAsKB(memoryKiB)
                .withIterations(iterations)
                .withParallelism(lanes)
                .build());
        byte[] key = new byte[KEY_BYTES];
        gen.generateBytes(password, key);
        return key;
    }

    public static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    /**
     * Encrypts {@code plain[off, off+len)} into {@code out} at {@code outOff} (len + 16 bytes), authenticating
     * {@code out[0, aadLen)} as associated data; the nonce is given by the caller.
     */
    public static void seal(
            byte[] key, byte[] nonce, byte[] out, int aadLen, byte[] plain, int off, int len, int outOff) {
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(TAG_BYTES * 8, nonce));
            c.updateAAD(out, 0, aadLen);
            int done = 0;
            int written = 0;
            for (; len - done > SEAL_PIECE_BYTES; done += SEAL_PIECE_BYTES) {
                written += c.update(plain, off + done, SEAL_PIECE_BYTES, out, outOff + written);
            }
            c.doFinal(plain, off + done, len - done, out, outOff + written);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-256-GCM failed: " + e.getMessage(), e);
        }
    }

    /**
     * AES-256-GCM over a buffer in place, as it becomes final: a sync serialises its payload straight into the file and
     * seals it there piece by piece, in {@link #SEAL_PIECE_BYTES} calls as {@link #seal} makes them, so the same bytes
     * give the same file. {@code buf[0, start)} is the associated data, the plaintext starts at {@code start}.
     */
    public static InPlaceSealer sealInPlace(byte[] key, byte[] nonce, byte[] buf, int start) {
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(TAG_BYTES * 8, nonce));
            c.updateAAD(buf, 0, start);
            return new InPlaceSealer(c, buf, start);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-256-GCM failed: " + e.getMessage(), e);
        }
    }

    /** One {@link #sealInPlace}: how far its buffer is sealed. */
    public static final class InPlaceSealer {
        private final Cipher cipher;
        private final byte[] buf;
        private int sealed;

        private InPlaceSealer(Cipher cipher, byte[] buf, int start) {
            this.cipher = cipher;
            this.buf = buf;
            this.sealed = start;
        }

        /** Seals the whole pieces of {@code buf} before {@code end}; returns how far the buffer is sealed. */
        public int sealUpTo(int end) {
            try {
                for (; end - sealed > SEAL_PIECE_BYTES; sealed += SEAL_PIECE_BYTES) {
                    // whole 16-byte blocks: GCM holds nothing back, so the output is where its input was
                    int n = cipher.update(buf, sealed, SEAL_PIECE_BYTES, buf, sealed);
                    if (n != SEAL_PIECE_BYTES) {
                        throw new IllegalStateException("AES-256-GCM held back " + (SEAL_PIECE_BYTES - n) + " bytes");
                    }
                }
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("AES-256-GCM failed: " + e.getMessage(), e);
            }
            return sealed;
        }

        /**
         * Seals the rest of the plaintext, up to {@code end}, and puts the tag after it ({@code buf} must have room);
         * returns where the sealed bytes end.
         */
        public int finish(int end) {
            sealUpTo(end);
            try {
                sealed += cipher.doFinal(buf, sealed, end - sealed, buf, sealed);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("AES-256-GCM failed: " + e.getMessage(), e);
            }
            return sealed;
        }
    }

    /** Decrypts and authenticates; null when the tag does not match (wrong key, or tampered). */
    public static byte[] open(
            byte[] key, byte[] nonce, byte[] aad, int aadOff, int aadLen, byte[] sealed, int off, int len) {
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(TAG_BYTES * 8, nonce));
            c.updateAAD(aad, aadOff, aadLen);
            return c.doFinal(sealed, off, len);
        } catch (AEADBadTagException e) {
            return null;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-256-GCM failed: " + e.getMessage(), e);
        }
    }
}
