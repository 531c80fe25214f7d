package labbook.filecrypt.pgp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * {@link BlockDeflater} on the system zlib through {@link NativeZlib}, with gpg's 8 KiB ZIP window: what gpg itself
 * runs, one block per call. One native z_stream, reset between blocks.
 */
final class ZlibBlockDeflater implements BlockDeflater {
    /** gpg's ZIP: {@code deflateInit2(..., -13, ...)}, an 8 KiB window. */
    static final int GPG_ZIP_WINDOW_BITS = 13;

    private final ByteArrayOutputStream output = new ByteArrayOutputStream(ParallelDeflateStream.BLOCK / 2);
    private final NativeZlib.DeflateStream zlib;

    ZlibBlockDeflater(int level) throws IOException {
        this.zlib = NativeZlib.sharedRawDeflate(output, level, GPG_ZIP_WINDOW_BITS);
    }

    @Override
    public int window() {
        return 1 << GPG_ZIP_WINDOW_BITS;
    }

    @Override
    public byte[] deflate(
            byte[] input, int length, byte[] dictionary, int dictionaryOffset, int dictionaryLength, boolean last)
            throws IOException {
        output.reset();
        zlib.reset();
        if (dictionaryLength > 0) {
            zlib.setDictionary(dictionary, dictionaryOffset, dictionaryLength);
        }
        zlib.write(input, 0, length);
        if (last) {
            zlib.finish();
        } else {
            zlib.syncFlush();
        }
        return output.toByteArray();
    }

    @Override
    public void end() {
        zlib.release();
    }
}
