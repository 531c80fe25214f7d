package labbook.wallet.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.bouncycastle.crypto.engines.BlowfishEngine;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * KWallet's use of Blowfish: the whole buffer in "ECB" (cipher 0, what 2009 called CBC) or CBC with an all-zero IV
 * (cipher 3), and optionally KDE4's little-endian loading of each 32-bit word, which is the same as byte-swapping every
 * word before and after standard Blowfish, in CBC too, since the swap commutes with XOR. BouncyCastle sets up the key;
 * the blocks go through the lab's own loop ({@link Stream}).
 */
public final class BlowfishCodec {
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
        int[] s = new int[1024];
        keySchedule(key, new int[18], s);
        return isWeak(s);
    }

    /** KWallet's weak-key test on the keyed S-boxes (four of 256, back to back): a duplicate entry in any one. */
    private static boolean isWeak(int[] sboxes) {
        for (int b = 0; b < 4; b++) {
            int[] box = java.util.Arrays.copyOfRange(sboxes, 256 * b, 256 * b + 256);
            java.util.Arrays.sort(box);
            for (int i = 1; i < box.length; i++) {
                if (box[i] == box[i - 1]) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * BouncyCastle's key setup of {@code key}, its keyed tables copied into {@code p} (18) and {@code sboxes} (1024).
     * BouncyCastle keeps them private, so they are read by reflection; a BouncyCastle that renamed them fails loudly.
     */
    private static void keySchedule(byte[] key, int[] p, int[] sboxes) {
        BlowfishEngine engine = new BlowfishEngine();
        engine.init(true, new KeyParameter(key));
        try {
            System.arraycopy((int[]) P_FIELD.get(engine), 0, p, 0, 18);
            for (int b = 0; b < 4; b++) {
                System.arraycopy((int[]) SBOXES[b].get(engine), 0, sboxes, 256 * b, 256);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read BouncyCastle's Blowfish key schedule", e);
        }
    }

    private static final java.lang.reflect.Field[] SBOXES = sboxFields();
    private static final java.lang.reflect.Field P_FIELD = keyScheduleField("P");

    private static java.lang.reflect.Field[] sboxFields() {
        java.lang.reflect.Field[] f = new java.lang.reflect.Field[4];
        for (int i = 0; i < 4; i++) {
            f[i] = keyScheduleField("S" + i);
        }
        return f;
    }

    /** One of the keyed tables of BouncyCastle's engine (P, S0..S3), which a renamed field makes fail at once. */
    private static java.lang.reflect.Field keyScheduleField(String name) {
        try {
            java.lang.reflect.Field f = BlowfishEngine.class.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("this BouncyCastle's BlowfishEngine has no field " + name + ": " + e, e);
        }
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

    /**
     * One pass of the cipher over consecutive pieces of a buffer; {@link #encrypt} is one piece. BouncyCastle sets up
     * the key; the blocks are the lab's own loop over the keyed tables. BouncyCastle's engine costs a call, two word
     * conversions and, in CBC, a copy of the chaining block for every 8 bytes, and KDE4's word order cost two extra
     * passes over the buffer; here one loop reads each word in the file's byte order, chains, runs the 16 rounds on one
     * int array of S-boxes and writes the word back (the module's JOURNAL.md has the figures).
     */
    public final class Stream {
        /** The most bytes one call of a block loop takes: 512 blocks, a call's cost lost in its rounds. */
        private static final int CALL_BYTES = 4096;

        private final boolean encrypting;
        /** The 18 round subkeys. */
        private final int[] p = new int[18];
        /** S-boxes 0 to 3, back to back: box {@code b} at {@code [256 b, 256 b + 256)}. */
        private final int[] s = new int[1024];
        /**
         * CBC's chaining value, left and right half: the previous ciphertext block, all zero (KWallet's IV) at the
         * start. An array, not two fields, so that kf5's loop can store it at every block (see there).
         */
        private final int[] chain = new int[2];

        private Stream(boolean encrypting) {
            this.encrypting = encrypting;
            keySchedule(key, p, s);
            if (isWeak(s)) {
                throw new WeakKeyException();
            }
        }

        /** Processes {@code buf[off, off+len)} in place; len is a whole number of 8-byte blocks. */
        public void update(byte[] buf, int off, int len) {
            if (len % 8 != 0) {
                throw new IllegalArgumentException("Blowfish needs whole 8-byte blocks, got " + len + " bytes");
            }
            if (off < 0 || off > buf.length - len) {
                throw new IndexOutOfBoundsException("blocks " + off + "+" + len + " outside " + buf.length + " bytes");
            }
            // in calls of at most CALL_BYTES: the JIT then compiles each loop for its calls, not on the stack in the
            // middle of a long one, whose code ran kf5's CBC slower whenever kde4's loop had run first in the JVM (the
            // module's JOURNAL.md has the figures)
            for (int from = off, end = off + len; from < end; from += CALL_BYTES) {
                int to = Math.min(end, from + CALL_BYTES);
                if (encrypting) {
                    encryptBlocks(buf, from, to);
                } else {
                    decryptBlocks(buf, from, to);
                }
            }
        }

        private void encryptBlocks(byte[] buf, int from, int to) {
            if (cbc && !littleEndianWords) {
                encryptCbcBigEndian(buf, from, to);
                return;
            }
            final int[] p = this.p;
            final int[] s = this.s;
            final boolean le = littleEndianWords;
            final boolean chained = cbc;
            int cl = chain[0];
            int cr = chain[1];
            int start = chained ? from : encryptEcbPairs(buf, from, to);
            for (int i = start; i < to; i += 8) {
                int l = word(buf, i, le);
                int r = word(buf, i + 4, le);
                if (chained) {
                    l ^= cl;
                    r ^= cr;
                }
                l ^= p[0];
                r = r ^ p[1] ^ f(s, l);
                l = l ^ p[2] ^ f(s, r);
                r = r ^ p[3] ^ f(s, l);
                l = l ^ p[4] ^ f(s, r);
                r = r ^ p[5] ^ f(s, l);
                l = l ^ p[6] ^ f(s, r);
                r = r ^ p[7] ^ f(s, l);
                l = l ^ p[8] ^ f(s, r);
                r = r ^ p[9] ^ f(s, l);
                l = l ^ p[10] ^ f(s, r);
                r = r ^ p[11] ^ f(s, l);
                l = l ^ p[12] ^ f(s, r);
                r = r ^ p[13] ^ f(s, l);
                l = l ^ p[14] ^ f(s, r);
                r = r ^ p[15] ^ f(s, l);
                l = l ^ p[16] ^ f(s, r);
                r ^= p[17];
                // the halves leave swapped, as every Blowfish writes them
                putWord(buf, i, r, le);
                putWord(buf, i + 4, l, le);
                cl = r;
                cr = l;
            }
            chain[0] = cl;
            chain[1] = cr;
        }

        /**
         * KF5's mode, CBC on big-endian words, in a loop of its own: without the general loop's word-order and chaining
         * tests it runs faster (the module's JOURNAL.md has the figures). The rounds are written out again because
         * handing a block to a shared method (its halves packed in a long) gave most of that back.
         *
         * <p>Every round here and in the other loops XORs the subkey into the half before the round function's result,
         * as OpenSSL's BF_ENCRYPT does: {@code r ^ p[k]} is ready while the S-box loads are under way, so the chain of
         * rounds, which CBC cannot overlap with the next block, waits on one XOR per round instead of two (the module's
         * JOURNAL.md has the figures).
         */
        private void encryptCbcBigEndian(byte[] buf, int from, int to) {
            final int[] p = this.p;
            final int[] s = this.s;
            final int p0 = p[0];
            final int p17 = p[17];
            int cl = chain[0];
            int cr = chain[1];
            for (int i = from; i < to; i += 8) {
                int l = (int) BIG_ENDIAN.get(buf, i) ^ p0 ^ cl;
                int r = (int) BIG_ENDIAN.get(buf, i + 4) ^ p[1] ^ cr;
                r ^= f(s, l);
                l = l ^ p[2] ^ f(s, r);
                r = r ^ p[3] ^ f(s, l);
                l = l ^ p[4] ^ f(s, r);
                r = r ^ p[5] ^ f(s, l);
                l = l ^ p[6] ^ f(s, r);
                r = r ^ p[7] ^ f(s, l);
                l = l ^ p[8] ^ f(s, r);
                r = r ^ p[9] ^ f(s, l);
                l = l ^ p[10] ^ f(s, r);
                r = r ^ p[11] ^ f(s, l);
                l = l ^ p[12] ^ f(s, r);
                r = r ^ p[13] ^ f(s, l);
                l = l ^ p[14] ^ f(s, r);
                r = r ^ p[15] ^ f(s, l);
                l = l ^ p[16] ^ f(s, r);
                r ^= p17;
                BIG_ENDIAN.set(buf, i, r);
                BIG_ENDIAN.set(buf, i + 4, l);
                cl = r;
                cr = l;
                // stored at every block, though only the last is read: a store to an int[] in the loop keeps C2 from
                // hoisting the 16 subkey loads above it, where they took 16 more registers than there are and C2
                // spilled the chain itself (the module's JOURNAL.md, "A store that keeps the subkeys in the loop")
                chain[0] = cl;
                chain[1] = cr;
            }
        }

        /**
         * ECB's blocks two at a time, whose rounds are independent, so the CPU overlaps them; a method of its own, so
         * that C2 compiles the CBC loop as it did before it. Returns where the pairs end (a last odd block is left).
         */
        private int encryptEcbPairs(byte[] buf, int from, int to) {
            final int[] p = this.p;
            final int[] s = this.s;
            final boolean le = littleEndianWords;
            int start = from;
            for (; start + 16 <= to; start += 16) {
                int l = word(buf, start, le) ^ p[0];
                int r = word(buf, start + 4, le);
                int l2 = word(buf, start + 8, le) ^ p[0];
                int r2 = word(buf, start + 12, le);
                for (int k = 1; k < 17; k += 2) {
                    r = r ^ p[k] ^ f(s, l);
                    r2 = r2 ^ p[k] ^ f(s, l2);
                    l = l ^ p[k + 1] ^ f(s, r);
                    l2 = l2 ^ p[k + 1] ^ f(s, r2);
                }
                putWord(buf, start, r ^ p[17], le);
                putWord(buf, start + 4, l, le);
                putWord(buf, start + 8, r2 ^ p[17], le);
                putWord(buf, start + 12, l2, le);
            }
            return start;
        }

        private void decryptBlocks(byte[] buf, int from, int to) {
            final int[] p = this.p;
            final int[] s = this.s;
            final boolean le = littleEndianWords;
            final boolean chained = cbc;
            int cl = chain[0];
            int cr = chain[1];
            for (int i = from; i < to; i += 8) {
                int inLeft = word(buf, i, le);
                int inRight = word(buf, i + 4, le);
                int l = inLeft ^ p[17];
                int r = inRight;
                r = r ^ p[16] ^ f(s, l);
                l = l ^ p[15] ^ f(s, r);
                r = r ^ p[14] ^ f(s, l);
                l = l ^ p[13] ^ f(s, r);
                r = r ^ p[12] ^ f(s, l);
                l = l ^ p[11] ^ f(s, r);
                r = r ^ p[10] ^ f(s, l);
                l = l ^ p[9] ^ f(s, r);
                r = r ^ p[8] ^ f(s, l);
                l = l ^ p[7] ^ f(s, r);
                r = r ^ p[6] ^ f(s, l);
                l = l ^ p[5] ^ f(s, r);
                r = r ^ p[4] ^ f(s, l);
                l = l ^ p[3] ^ f(s, r);
                r = r ^ p[2] ^ f(s, l);
                l = l ^ p[1] ^ f(s, r);
                r ^= p[0];
                if (chained) {
                    r ^= cl;
                    l ^= cr;
                    cl = inLeft;
                    cr = inRight;
                }
                putWord(buf, i, r, le);
                putWord(buf, i + 4, l, le);
            }
            chain[0] = cl;
            chain[1] = cr;
        }
    }

    /**
     * Blowfish's round function on the four S-boxes. Each box's offset is added to its index, not ORed into it: the
     * same value (an index is below 0x100), but C2 puts an added constant into the load's address, where an OR was one
     * more instruction between each index and its load, 48 per block on the path that CBC's next block waits on (seen
     * with hsdis on JDK 17; the module's JOURNAL.md has the figures).
     */
    private static int f(int[] s, int x) {
        return ((s[x >>> 24] + s[0x100 + ((x >>> 16) & 0xff)]) ^ s[0x200 + ((x >>> 8) & 0xff)]) + s[0x300 + (x & 0xff)];
    }

    private static final VarHandle BIG_ENDIAN = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LITTLE_ENDIAN =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /** The 32-bit word at {@code b[i]}: standard Blowfish reads big-endian, KDE4 little-endian. */
    private static int word(byte[] b, int i, boolean littleEndian) {
        return littleEndian ? (int) LITTLE_ENDIAN.get(b, i) : (int) BIG_ENDIAN.get(b, i);
    }

    private static void putWord(byte[] b, int i, int w, boolean littleEndian) {
        if (littleEndian) {
            LITTLE_ENDIAN.set(b, i, w);
        } else {
            BIG_ENDIAN.set(b, i, w);
        }
    }
}
