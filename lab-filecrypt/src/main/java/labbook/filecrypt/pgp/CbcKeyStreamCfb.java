package labbook.filecrypt.pgp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * OpenPGP's CFB encryption for SEIPD v1 (zero IV, no resync: plain CFB-128 over prefix, data and MDC) computed with the
 * JDK's public {@code AES/CBC/NoPadding}, whose whole loop HotSpot compiles to AES-NI.
 *
 * <p>Why not {@code AES/CFB/NoPadding}: CFB is serial (each block's key stream is the previous ciphertext block
 * encrypted), so its speed is one block's latency plus what sits between two blocks, and the JDK's CFB puts a
 * byte-by-byte XOR there. This way is faster than that, and than the JDK's AES block function driven by hand, which
 * needs {@code --add-opens} into {@code com.sun.crypto.provider}; this needs no flag on any JDK (the module's
 * JOURNAL.md gives the figures).
 *
 * <p>The identity: with key stream {@code K_0 = E(IV)}, {@code K_i+1 = E(C_i) = E(P_i xor K_i)}, which is CBC
 * encryption of the plaintext with IV {@code K_0}: CBC's output block {@code i} is CFB's key stream block {@code i+1}.
 * So a CBC pass over a run of whole plaintext blocks yields their key stream (shifted by one block), and one XOR pass
 * over longs gives the ciphertext. Writes of any length are fine: a block split across writes is finished byte by byte
 * and then pushed through CBC on its own.
 */
final class CbcKeyStreamCfb {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final int BLOCK = 16;

    private final Cipher cbc;
    /** CBC's output for the last run of whole blocks: the key stream of the blocks after each. */
    private final byte[] stream;
    /** The key stream of the current block. */
    private final byte[] keyStream = new byte[BLOCK];
    /** The plaintext of the current block so far, for when it is split across writes. */
    private final byte[] partial = new byte[BLOCK];
    /** Bytes of the current block already encrypted (0-15). */
    private int used;

    private CbcKeyStreamCfb(Cipher cbc, byte[] firstKeyStream, int chunk) {
        this.cbc = cbc;
        this.stream = new byte[chunk];
        System.arraycopy(firstKeyStream, 0, keyStream, 0, BLOCK);
    }

    /**
     * CFB with a zero IV under {@code key} (16, 24 or 32 bytes); {@code chunk} bytes of CBC output are kept (a multiple
     * of 16).
     */
    static CbcKeyStreamCfb encryptor(byte[] key, int chunk) throws GeneralSecurityException {
        if (chunk < BLOCK || chunk % BLOCK != 0) {
            throw new IllegalArgumentException("chunk " + chunk + " is not a positive multiple of 16");
        }
        SecretKeySpec aes = new SecretKeySpec(key, "AES");
        Cipher ecb = Cipher.getInstance("AES/ECB/NoPadding");
        ecb.init(Cipher.ENCRYPT_MODE, aes);
        byte[] k0 = ecb.doFinal(new byte[BLOCK]);
        Cipher cbc = Cipher.getInstance("AES/CBC/NoPadding");
        cbc.init(Cipher.ENCRYPT_MODE, aes, new IvParameterSpec(k0));
        return new CbcKeyStreamCfb(cbc, k0, chunk);
    }

    /** Encrypts {@code len} bytes (any length: CFB is a stream mode) from {@code in} into {@code out}. */
    void encrypt(byte[] in, int off, int len, byte[] out, int outOff) throws ShortBufferException {
        while (len > 0 && used > 0) {
            encryptByte(in[off++], out, outOff++);
            len--;
        }
        while (len >= BLOCK) {
            int n = Math.min(len & -BLOCK, stream.length);
            if (cbc.update(in, off, n, stream, 0) != n) {
                throw new IllegalStateException("AES/CBC held back data");
            }
            long k0 = (long) LONGS.get(keyStream, 0);
            long k1 = (long) LONGS.get(keyStream, 8);
            LONGS.set(out, outOff, k0 ^ (long) LONGS.get(in, off));
            LONGS.set(out, outOff + 8, k1 ^ (long) LONGS.get(in, off + 8));
            for (int i = BLOCK; i < n; i += 8) {
                LONGS.set(out, outOff + i, (long) LONGS.get(stream, i - BLOCK) ^ (long) LONGS.get(in, off + i));
            }
            System.arraycopy(stream, n - BLOCK, keyStream, 0, BLOCK);
            off += n;
            outOff += n;
            len -= n;
        }
        while (len > 0) {
            encryptByte(in[off++], out, outOff++);
            len--;
        }
    }

    /** One byte of the current block; the block's key stream advances once its 16 plaintext bytes are in. */
    private void encryptByte(byte plain, byte[] out, int outOff) throws ShortBufferException {
        out[outOff] = (byte) (plain ^ keyStream[used]);
        partial[used++] = plain;
        if (used == BLOCK) {
            cbc.update(partial, 0, BLOCK, keyStream, 0);
            used = 0;
        }
    }
}
