package labbook.wallet.format;

import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.engines.BlowfishEngine;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * KWallet's use of Blowfish (BouncyCastle's engine): the whole buffer in "ECB" (cipher 0, what 2009 called CBC) or CBC
 * with an all-zero IV (cipher 3), and optionally KDE4's little-endian loading of each 32-bit word. Byte-swapping every
 * word before and after standard Blowfish is exactly the little-endian cipher, in CBC too, since the swap commutes with
 * XOR.
 */
public final class BlowfishCodec {
    private static final int SWAP_PART_BYTES = 16 * 1024;

    private final byte[] key;
    private final boolean cbc;
    private final boolean littleEndianWords;

    public BlowfishCodec(byte[] key, boolean cbc, boolean littleEndianWords) {
        this.key = key.clone();
        this.cbc = cbc;
        this.littleEndianWords = littleEndianWords;
    }

    public void encrypt(byte[] buf, int off, int len) {
        run(true, buf, off, len);
    }

    public void decrypt(byte[] buf, int off, int len) {
        run(false, buf, off, len);
    }

    /** True when the key just set up has a duplicate entry in one of its four S-boxes. */
    public static boolean isWeak(byte[] key) {
        BlowfishEngine engine = new BlowfishEngine();
        engine.init(true, new KeyParameter(key));
        return isWeak(engine);
    }

    /**
     * KWallet's weak-key test. BouncyCastle keeps the keyed S-boxes private, so they are read by reflection; if a
     * future BouncyCastle renames them this fails loudly rather than skip the test.
     */
    static boolean isWeak(BlowfishEngine engine) {
        for (java.lang.reflect.Field box : SBOXES) {
            int[] s;
            try {
                s = ((int[]) box.get(engine)).clone();
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot read BouncyCastle's Blowfish S-boxes", e);
            }
            java.util.Arrays.sort(s);
            for (int i = 1; i < s.length; i++) {
                if (s[i] == s[i - 1]) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final java.lang.reflect.Field[] SBOXES = sboxFields();

    private static java.lang.reflect.Field[] sboxFields() {
        java.lang.reflect.Field[] f = new java.lang.reflect.Field[4];
        try {
            for (int i = 0; i < 4; i++) {
                f[i] = BlowfishEngine.class.getDeclaredField("S" + i);
                f[i].setAccessible(true);
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("this BouncyCastle's BlowfishEngine has no S0..S3 fields: " + e, e);
        }
        return f;
    }

    private void run(boolean encrypt, byte[] buf, int off, int len) {
        new Stream(encrypt).update(buf, off, len);
    }

    /**
     * Encryption of a buffer in pieces, in order, with one key setup: what a sync uses to encrypt each part of the file
     * as soon as it is serialised (CBC chains across the pieces).
     */
    public Stream encryptor() {
        return new Stream(true);
    }

    /** One pass of the cipher over consecutive pieces of a buffer; {@link #encrypt} is one piece. */
    public final class Stream {
        private final BlockCipher cipher;

        private Stream(boolean encrypt) {
            BlowfishEngine engine = new BlowfishEngine();
            if (cbc) {
                cipher = CBCBlockCipher.newInstance(engine);
                cipher.init(encrypt, new ParametersWithIV(new KeyParameter(key), new byte[8]));
            } else {
                cipher = engine;
                cipher.init(encrypt, new KeyParameter(key));
            }
            if (isWeak(engine)) {
                throw new WeakKeyException();
            }
        }

        /** Processes {@code buf[off, off+len)} in place; len is a whole number of 8-byte blocks. */
        public void update(byte[] buf, int off, int len) {
            if (len % 8 != 0) {
                throw new IllegalArgumentException("Blowfish needs whole 8-byte blocks, got " + len + " bytes");
            }
            // KDE4's word order: swapped before and after the cipher, a cache-sized part at a time
            // (swapping the whole buffer in two extra passes costs memory traffic; a swap per
            // 8-byte block costs more than it saves)
            for (int at = off; at < off + len; at += SWAP_PART_BYTES) {
                int n = Math.min(SWAP_PART_BYTES, off + len - at);
                if (littleEndianWords) {
                    Words.swap(buf, at, n);
                }
                for (int i = at; i < at + n; i += 8) {
                    cipher.processBlock(buf, i, buf, i);
                }
                if (littleEndianWords) {
                    Words.swap(buf, at, n);
                }
            }
        }
    }
}
