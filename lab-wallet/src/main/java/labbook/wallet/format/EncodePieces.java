package labbook.wallet.format;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/** The state of one encoding pass: how far the payload is hashed, encrypted and handed on. */
final class EncodePieces {
    private final byte[] file;
    private final int size;
    private final int blobStart;
    private final BlowfishCodec.Stream cipher;
    private final PayloadDigest digest;
    private final Executor hasher;
    private final KwlCodec.Sink sink;
    /** Plaintext before this is given to the hasher; nothing at or after it is encrypted yet. */
    int hashed;

    private CompletableFuture<Void> hashing = CompletableFuture.completedFuture(null);
    private int hashingEnd;
    private int encrypted;
    private int handed;

    EncodePieces(
            byte[] file,
            int size,
            int blobStart,
            BlowfishCodec.Stream cipher,
            PayloadDigest digest,
            Executor hasher,
            KwlCodec.Sink sink) {
        this.file = file;
        this.size = size;
        this.blobStart = blobStart;
        this.cipher = cipher;
        this.digest = digest;
        this.hasher = hasher;
        this.sink = sink;
        this.hashed = blobStart + 12;
        this.hashingEnd = blobStart;
        this.encrypted = blobStart;
        this.handed = blobStart;
    }

    /** Everything before {@code serialised} is final plaintext: hash it, and encrypt what is hashed already. */
    void advance(int serialised) {
        CompletableFuture<Void> previous = hashing;
        int previousEnd = hashingEnd;
        hashing = hash(serialised);
        // the piece before is hashed (or about to be): its whole blocks can be encrypted in place
        previous.join();
        encryptAndHand(blobStart + ((previousEnd - blobStart) & ~7));
    }

    private CompletableFuture<Void> hash(int to) {
        int from = hashed;
        hashed = to;
        hashingEnd = to;
        return CompletableFuture.runAsync(() -> digest.update(file, from, to - from), hasher);
    }

    private void encryptAndHand(int end) {
        if (end > encrypted) {
            cipher.update(file, encrypted, end - encrypted);
            encrypted = end;
            sink.ready(file, handed, end);
            handed = end;
        }
    }

    /** The payload ends at {@code dataEnd}; its digest goes at {@code digestAt}, the file's last 20 bytes. */
    void finish(int dataEnd, int digestAt) {
        CompletableFuture<Void> previous = hashing;
        CompletableFuture<Void> last = hash(dataEnd);
        previous.join();
        last.join();
        digest.finish(file, digestAt);
        encryptAndHand(size);
        // the walk that wrote the payload also wrote the hash section: only now is it whole
        sink.ready(file, 0, blobStart);
    }
}
