package labbook.filecrypt.pgp;

import java.io.IOException;

/**
 * Compresses one block of a deflate stream that several threads write together ({@link ParallelDeflateStream}): raw
 * deflate of the block alone, primed with the input just before it, so the blocks' outputs concatenated in order are
 * one valid deflate stream.
 *
 * <p>One instance is used by one thread at a time and reused for block after block.
 */
interface BlockDeflater {
    /** Makes a deflater; a worker calls it the first time it finds none idle. */
    @FunctionalInterface
    interface Factory {
        BlockDeflater create() throws IOException;
    }

    /**
     * The deflate window in bytes: the most of the previous input a match can reach back to, hence the dictionary worth
     * passing (zlib ignores anything older).
     */
    int window();

    /**
     * Raw deflate of {@code length} bytes of {@code input}, matches reaching back into the {@code dictionaryLength}
     * bytes of {@code dictionary} from {@code dictionaryOffset} (the input just before this block; none for the first).
     * Ends on a byte boundary with an empty stored block (zlib's sync flush), so the next block's output can follow it
     * directly; or, if {@code last}, with the stream's final block.
     */
    byte[] deflate(
            byte[] input, int length, byte[] dictionary, int dictionaryOffset, int dictionaryLength, boolean last)
            throws IOException;

    /** Frees what the deflater holds (native memory); it is not used again. */
    void end();

    /**
     * The block deflater for gpg's ZIP with the chosen deflate: the system zlib or JZlib with gpg's 8 KiB window (so
     * sizes stay gpg's), or the JDK's Deflater with its 32 KiB window.
     */
    static Factory forZip(ZipDeflater deflater, int level) {
        return switch (deflater) {
            case ZLIB_8K -> () -> new ZlibBlockDeflater(level);
            case JZLIB_8K -> () -> new JZlibBlockDeflater(level);
            case JDK_32K -> () -> new JdkBlockDeflater(level);
        };
    }
}
