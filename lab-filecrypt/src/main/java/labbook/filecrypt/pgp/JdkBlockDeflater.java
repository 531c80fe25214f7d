package labbook.filecrypt.pgp;

import java.util.Arrays;
import java.util.zip.Deflater;

/**
 * {@link BlockDeflater} on the JDK's {@link Deflater}: the system zlib with its fixed 32 KiB window (windowBits 15), as
 * gpg's ZLIB writes, and the lab's jdk-32k ZIP.
 */
final class JdkBlockDeflater implements BlockDeflater {
    static final int WINDOW = 32 * 1024;

    private final Deflater deflater;
    /** Output of the block being deflated; grows to the largest block's output and is reused. */
    private byte[] scratch = new byte[ParallelDeflateStream.BLOCK / 2];

    JdkBlockDeflater(int level) {
        this.deflater = new Deflater(level, true);
    }

    @Override
    public int window() {
        return WINDOW;
    }

    @Override
    public byte[] deflate(
            byte[] input, int length, byte[] dictionary, int dictionaryOffset, int dictionaryLength, boolean last) {
        deflater.reset();
        if (dictionaryLength > 0) {
            deflater.setDictionary(dictionary, dictionaryOffset, dictionaryLength);
        }
        deflater.setInput(input, 0, length);
        int n = 0;
        if (last) {
            deflater.finish();
            while (!deflater.finished()) {
                if (n == scratch.length) {
                    scratch = Arrays.copyOf(scratch, scratch.length * 2);
                }
                n += deflater.deflate(scratch, n, scratch.length - n);
            }
        } else {
            // a sync flush that fills the buffer exactly may have more to write: call again with more room
            for (int space = scratch.length; ; space = scratch.length - n) {
                int produced = deflater.deflate(scratch, n, space, Deflater.SYNC_FLUSH);
                n += produced;
                if (produced < space) {
                    break;
                }
                scratch = Arrays.copyOf(scratch, scratch.length * 2);
            }
        }
        return Arrays.copyOf(scratch, n);
    }

    @Override
    public void end() {
        deflater.end();
    }
}
