package labbook.filecrypt.pgp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * OpenPGP's CFB decryption for SEIPD v1 (zero IV, no resync: plain CFB-128) computed with the JDK's public
 * {@code AES/ECB/NoPadding}, in place.
 *
 * <p>Why ECB: CFB decryption, unlike encryption, is parallel. Plaintext block {@code i} is {@code C_i xor E(C_i-1)},
 * and every {@code C_i-1} is already in hand, so the key stream of a run of ciphertext blocks is one ECB encryption of
 * the same run, shifted by a block. HotSpot compiles the JDK's ECB loop to AES-NI (VAES on AVX-512 CPUs), several times
 * faster than the JDK's own {@code AES/CFB/NoPadding} decryption, which goes a block at a time with a byte-by-byte XOR
 * (the module's JOURNAL.md gives the figures). Reads of any length are fine: a block split across reads is finished
 * byte by byte, its ciphertext kept to make the next block's key stream.
 */
final class EcbKeyStreamCfbDecryptor {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final int BLOCK = 16;

    private final Cipher ecb;
    /** ECB's output for the last run of whole blocks: the key stream of the blocks after each. */
    private final byte[] stream;
    /** The key stream of the current block. */
    private final byte[] keyStream = new byte[BLOCK];
    /** The ciphertext of the current block so far, for when it is split across reads. */
    private final byte[] partial = new byte[BLOCK];
    /** Bytes of the current block already decrypted (0-15). */
    private int used;

    /**
     * CFB with a zero IV under {@code key} (16, 24 or 32 bytes); {@code chunk} bytes of ECB output are kept (a multiple
     * of 16).
     */
    EcbKeyStreamCfbDecryptor(byte[] key, int chunk) throws GeneralSecurityException {
        if (chunk < BLOCK || chunk % BLOCK != 0) {
            throw new IllegalArgumentException("chunk " + chunk + " is not a positive multiple of 16");
        }
        ecb = Cipher.getInstance("AES/ECB/NoPadding");
        ecb.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        stream = new byte[chunk];
        ecb.update(new byte[BLOCK], 0, BLOCK, keyStream, 0); // the key stream of block 0: E(IV), IV all zero
    }

    /** Decrypts {@code len} bytes of {@code buf} from {@code off}, in place. */
    void decrypt(byte[] buf, int off, int len) throws GeneralSecurityException {
        while (len > 0 && used > 0) {
            decryptByte(buf, off++);
            len--;
        }
        while (len >= BLOCK) {
            int n = Math.min(len & -BLOCK, stream.length);
            // the key stream of blocks 1..n/16 of this run, from its ciphertext, before it is overwritten
            if (ecb.update(buf, off, n, stream, 0) != n) {
                throw new IllegalStateException("AES/ECB held back data");
            }
            LONGS.set(buf, off, (long) LONGS.get(buf, off) ^ (long) LONGS.get(keyStream, 0));
            LONGS.set(buf, off + 8, (long) LONGS.get(buf, off + 8) ^ (long) LONGS.get(keyStream, 8));
            for (int i = BLOCK; i < n; i += 8) {
                LONGS.set(buf, off + i, (long) LONGS.get(buf, off + i) ^ (long) LONGS.get(stream, i - BLOCK));
            }
            System.arraycopy(stream, n - BLOCK, keyStream, 0, BLOCK);
            off += n;
            len -= n;
        }
        while (len > 0) {
            decryptByte(buf, off++);
            len--;
        }
    }

    /** One byte of the current block; the next block's key stream is made once its 16 ciphertext bytes are in. */
    private void decryptByte(byte[] buf, int at) throws GeneralSecurityException {
        byte c = buf[at];
        buf[at] = (byte) (c ^ keyStream[used]);
        partial[used++] = c;
        if (used == BLOCK) {
            ecb.update(partial, 0, BLOCK, keyStream, 0);
            used = 0;
        }
    }
}
