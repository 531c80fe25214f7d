package labbook.filecrypt.pgp;

import com.jcraft.jzlib.GZIPException;
import com.jcraft.jzlib.JZlib;
import java.io.IOException;
import java.util.Arrays;

/**
 * {@link BlockDeflater} on JZlib (pure Java) with gpg's 8 KiB ZIP window: gpg's sizes where native zlib cannot be
 * called.
 *
 * <p>JZlib refuses a dictionary on a raw stream (its deflateSetDictionary accepts one only in the zlib wrapper's
 * initial state), so each block is deflated inside a zlib wrapper and the wrapper is cut off: the 2-byte header (6 with
 * the dictionary's id) and, after the final block, the 4-byte Adler-32. What lies between is exactly what a raw stream
 * would hold.
 */
final class JZlibBlockDeflater implements BlockDeflater {
    private static final int ZLIB_TRAILER = 4;
    /** FDICT, bit 5 of the header's second byte: a 4-byte dictionary id follows the header. */
    private static final int FDICT = 0x20;

    private final int level;
    private byte[] scratch = new byte[ParallelDeflateStream.BLOCK / 2];

    JZlibBlockDeflater(int level) {
        this.level = level;
    }

    @Override
    public int window() {
        return 1 << ZlibBlockDeflater.GPG_ZIP_WINDOW_BITS;
    }

    @Override
    public byte[] deflate(
            byte[] input, int length, byte[] dictionary, int dictionaryOffset, int dictionaryLength, boolean last)
            throws IOException {
        // a new JZlib deflater per block: it has no reset, and its state is plain Java arrays
        com.jcraft.jzlib.Deflater deflater =
                new com.jcraft.jzlib.Deflater(level, ZlibBlockDeflater.GPG_ZIP_WINDOW_BITS, false);
        try {
            if (dictionaryLength > 0) {
                byte[] dict = Arrays.copyOfRange(dictionary, dictionaryOffset, dictionaryOffset + dictionaryLength);
                check(deflater.setDictionary(dict, dictionaryLength), "setDictionary");
            }
            deflater.setInput(input, 0, length, false);
            int n = run(deflater, last ? JZlib.Z_FINISH : JZlib.Z_SYNC_FLUSH);
            int header = (scratch[1] & FDICT) != 0 ? 6 : 2;
            return Arrays.copyOfRange(scratch, header, n - (last ? ZLIB_TRAILER : 0));
        } finally {
            deflater.end();
        }
    }

    /** Deflates all input with {@code flush}, growing the output buffer as needed; returns the bytes written. */
    private int run(com.jcraft.jzlib.Deflater deflater, int flush) throws GZIPException {
        int n = 0;
        while (true) {
            deflater.setOutput(scratch, n, scratch.length - n);
            int rc = deflater.deflate(flush);
            n = deflater.getNextOutIndex();
            if (rc == JZlib.Z_STREAM_END) {
                return n;
            }
            if (rc != JZlib.Z_OK && rc != JZlib.Z_BUF_ERROR) {
                throw new GZIPException("JZlib deflate returned " + rc);
            }
            if (deflater.getAvailOut() > 0) {
                // room left: a sync flush is complete; a finish that neither ended nor filled the buffer is stuck
                if (flush == JZlib.Z_SYNC_FLUSH) {
                    return n;
                }
                throw new GZIPException("JZlib deflate returned " + rc + " without finishing the stream");
            }
            scratch = Arrays.copyOf(scratch, scratch.length * 2);
        }
    }

    private static void check(int rc, String call) throws GZIPException {
        if (rc != JZlib.Z_OK) {
            throw new GZIPException("JZlib " + call + " returned " + rc);
        }
    }

    @Override
    public void end() {
        // nothing held between blocks
    }
}
