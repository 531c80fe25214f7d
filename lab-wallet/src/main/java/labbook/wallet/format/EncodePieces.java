package labbook.wallet.format;

/**
 * One {@code .kwl} encoding in its two roles ({@link PiecePipeline}): the producer feeds each serialised piece to SHA-1
 * before it tells the pipeline it is final; the caller encrypts what is final, in place, and hands it on.
 */
final class EncodePieces {
    private final byte[] file;
    private final int size;
    private final int blobStart;
    private final BlowfishCodec.Stream cipher;
    private final PayloadDigest digest;
    private final KwlCodec.Sink sink;

    /** Producer side: plaintext before this is hashed. */
    private int hashed;
    /** Consumer side: nothing at or after these is encrypted, or handed to the sink, yet. */
    private int encrypted;

    private int handed;

    EncodePieces(
            byte[] file,
            int size,
            int blobStart,
            BlowfishCodec.Stream cipher,
            PayloadDigest digest,
            KwlCodec.Sink sink) {
        this.file = file;
        this.size = size;
        this.blobStart = blobStart;
        this.cipher = cipher;
        this.digest = digest;
        this.sink = sink;
        this.hashed = blobStart + 12;
        this.encrypted = blobStart;
        this.handed = blobStart;
    }

    /** Producer: everything before {@code serialised} is final plaintext; hash it once a piece's worth is there. */
    void serialised(int serialised, int pieceBytes, PiecePipeline out) {
        if (serialised - hashed >= pieceBytes) {
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

    /** Consumer: the file is final up to {@code end}; its whole blocks are encrypted and handed on. */
    void encryptUpTo(int end) {
        // the digest only fills the last blocks: every whole block before end is final
        int blocks = blobStart + ((end - blobStart) & ~7);
        if (blocks > encrypted) {
            cipher.update(file, encrypted, blocks - encrypted);
            encrypted = blocks;
            sink.ready(file, handed, blocks);
            handed = blocks;
        }
    }
}
