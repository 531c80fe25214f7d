package labbook.wallet.format;

/**
 * One {@code .kwl} encoding in its two roles ({@link PiecePipeline}): the producer feeds each serialised step to SHA-1
 * before it tells the pipeline it is final; the caller encrypts what is final, in place, and hands it on in pieces.
 */
final class EncodePieces {
    private final byte[] file;
    private final int size;
    private final int blobStart;
    private final PayloadDigest digest;
    private final KwlCodec.Sink sink;

    /** Producer side: plaintext before this is hashed. */
    private int hashed;
    /** Consumer side: nothing at or after these is encrypted, or handed to the sink, yet. */
    private int encrypted;

    private int handed;

    EncodePieces(byte[] file, int size, int blobStart, PayloadDigest digest, KwlCodec.Sink sink) {
        this.file = file;
        this.size = size;
        this.blobStart = blobStart;
        this.digest = digest;
        this.sink = sink;
        this.hashed = blobStart + 12;
        this.encrypted = blobStart;
        this.handed = blobStart;
    }

    /** Producer: everything before {@code serialised} is final plaintext; hash it once {@code stepBytes} are there. */
    void serialised(int serialised, int stepBytes, PiecePipeline out) {
        if (serialised - hashed >= stepBytes) {
            digest.update(file, hashed, serialised - hashed);
            hashed = serialised;
            out.ready(serialised);
        }
    }

    /** Producer: the payload ends at {@code dataEnd}; its digest goes at {@code digestAt}, the file's last 20 bytes. */
    void serialisedAll(int dataEnd, int digestAt, PiecePipeline out) {
        digest.update(file, hashed, dataEnd - hashed);
        hashed = dataEnd;
        digest.finish(file, digestAt);
        out.ready(size);
    }

    /**
     * Consumer: the file is final up to {@code end}; its whole blocks are encrypted and handed on in pieces of
     * {@code pieceBytes} (each hand-off is a task for the writer thread), the last piece once the file is whole. At the
     * file's end the walk has ended, so the clear header and hash section it filled are whole: they go first, and are
     * written while the rest is encrypted rather than after it.
     */
    void encryptUpTo(BlowfishCodec.Stream cipher, int end, int pieceBytes) {
        // the digest only fills the last blocks: every whole block before end is final
        int blocks = blobStart + ((end - blobStart) & ~7);
        if (end == size) { // once: ends only grow, and the file's size is the last
            sink.ready(file, 0, blobStart);
        }
        while (encrypted < blocks) {
            int to = Math.min(blocks, handed + pieceBytes);
            cipher.update(file, encrypted, to - encrypted);
            encrypted = to;
            if (encrypted == size) {
                sink.readyLast(file, handed, encrypted);
                handed = encrypted;
            } else if (encrypted - handed == pieceBytes) {
                sink.ready(file, handed, encrypted);
                handed = encrypted;
            }
        }
    }
}
