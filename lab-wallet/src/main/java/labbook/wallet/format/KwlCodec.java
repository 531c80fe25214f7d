package labbook.wallet.format;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Executor;

/**
 * The {@code .kwl} file, byte for byte:
 *
 * <pre>
 *   magic "KWALLET\n\r\0\r\n" | major minor cipher hash
 *   | clear hash section: u32 folders, per folder MD5(name) u32 n, n x MD5(key)
 *   | ciphertext of: 8 random bytes, u32 len(D), D (QDataStream), 1..8 random bytes, SHA-1(D)
 * </pre>
 *
 * {@link #encode} is what one KWallet sync computes; {@link #decode} what opening a wallet does, trying each byte-order
 * dialect until the SHA-1 digest matches.
 */
public final class KwlCodec {
    @SuppressWarnings("MutablePublicArray") // the format's constant, which no caller writes
    public static final byte[] MAGIC = {'K', 'W', 'A', 'L', 'L', 'E', 'T', '\n', '\r', 0, '\r', '\n'};

    public static final int HEADER_BYTES = 16;
    /** KWallet treats anything shorter as no wallet at all; an empty wallet is exactly this long. */
    public static final int MIN_FILE_BYTES = 60;
    /** The most folders a wallet holds: KWallet's reader (and the lab's) takes more as a damaged hash section. */
    public static final int MAX_FOLDERS = 0xFFFF;

    /**
     * An encoded file: the whole encrypted file in the first {@link #fileSize} bytes of {@code file}, and how long the
     * cipher waited for the walk over the entries (nanoseconds; 0 when both ran on one thread, one after the other).
     */
    @SuppressWarnings("ArrayRecordComponent") // a file's bytes, never compared or hashed
    public record Encoded(byte[] file, long walkWaitNanos) {}

    /** An opened wallet: its contents, and how its file was made. */
    public record Decoded(
            WalletContents contents,
            KwlHeader header,
            Dialect dialect,
            int hashSectionBytes,
            boolean hashSectionConsistent) {}

    private KwlCodec() {}

    /**
     * Receives the parts of a file being encoded as soon as each is final: the encrypted part piece by piece, in order,
     * and, once the walk over the entries that fills it has ended, the clear header and hash section; the file's last
     * piece through {@link #readyLast}.
     */
    public interface Sink {
        /** {@code file[from, to)} is final, will not change again, and belongs at offset {@code from} of the file. */
        void ready(byte[] file, int from, int to);

        /**
         * As {@link #ready}, for the file's last part: nothing follows it. A save can keep it for the commit, which
         * writes it on the caller's thread instead of waiting for another thread to wake up and write it.
         */
        default void readyLast(byte[] file, int from, int to) {
            ready(file, from, to);
        }
    }

    /**
     * Encoding hands the file to its {@link Sink} in pieces of at least this size, so the writer can store one while
     * the next is encrypted; each is a task for the writer thread, so not many more.
     */
    public static final int PIECE_BYTES = 128 * 1024;

    /**
     * The walk hashes the payload, and tells the cipher how far it is final, every this many bytes: the cipher can
     * start as soon as the first few entries are serialised, not after a whole piece, and follows the walk closely in
     * cache.
     */
    static final int STEP_BYTES = 4 * 1024;

    /** One sync's bytes: serialise, MD5 each name, SHA-1 the payload, pad, encrypt. */
    public static byte[] encode(WalletContents contents, KwlFormat format, byte[] key, Random random) {
        return encode(contents, format.header(), format.dialect(), key, random);
    }

    public static byte[] encode(WalletContents contents, KwlHeader header, Dialect dialect, byte[] key, Random random) {
        return encode(contents, header, dialect, key, random, (file, from, to) -> {}, Runnable::run, null)
                .file();
    }

    /**
     * As {@link #encode(WalletContents, KwlHeader, Dialect, byte[], Random, Sink, Executor, byte[])}, all on this
     * thread.
     */
    public static byte[] encode(
            WalletContents contents, KwlHeader header, Dialect dialect, byte[] key, Random random, Sink sink) {
        return encode(contents, header, dialect, key, random, sink, Runnable::run, null)
                .file();
    }

    /** The length of the file a sync of {@code contents} writes. */
    public static int fileSize(WalletContents contents) {
        return Math.toIntExact(
                HEADER_BYTES + (long) hashSectionSize(contents.folders()) + blobSize(contents.payloadBytes()));
    }

    /**
     * One sync in a single walk over the entries, which writes each one's MD5 into the clear hash section and its
     * record into the payload, serialised straight into the file buffer; every {@link #STEP_BYTES} the new part is fed
     * to SHA-1 and, once hashed, encrypted in place (every block of it is final: the digest only fills the last
     * blocks), then handed to {@code sink} every {@link #PIECE_BYTES}. The walk and SHA-1 run on {@code helper} as one
     * task, started before the key schedule: given another thread, the cipher here follows the walk there a few
     * kilobytes behind, so a big wallet's walk, slow on memory, overlaps the cipher; {@code Runnable::run} does it all
     * on this thread, the walk first. The clear hash section goes to {@code sink} once the walk has ended. The file is
     * made in {@code reuse} when it is big enough (a sync of a big wallet then allocates nothing), else in a new array
     * of exactly its size; the array is returned, holding the whole encrypted file in its first {@link #fileSize}
     * bytes, with how long the cipher here waited for the walk.
     */
    public static Encoded encode(
            WalletContents contents,
            KwlHeader header,
            Dialect dialect,
            byte[] key,
            Random random,
            Sink sink,
            Executor helper,
            byte[] reuse) {
        Map<String, TreeMap<String, Entry>> folders = contents.folders();
        if (folders.size() > MAX_FOLDERS) {
            throw new IllegalArgumentException(folders.size() + " folders: a .kwl file holds at most " + MAX_FOLDERS);
        }
        int hashBytes = hashSectionSize(folders);
        long payload = contents.payloadBytes();
        int blob = blobSize(payload);
        int size = Math.toIntExact(HEADER_BYTES + (long) hashBytes + blob);
        byte[] file = reuse != null && reuse.length >= size ? reuse : new byte[size];
        System.arraycopy(MAGIC, 0, file, 0, MAGIC.length);
        file[12] = (byte) header.major();
        file[13] = (byte) header.minor();
        file[14] = (byte) header.cipher();
        file[15] = (byte) header.hash();
        int b = HEADER_BYTES + hashBytes;
        fillRandom(random, file, b, 8);
        QData.Writer w = new QData.Writer(file, b + 8);
        w.u32(payload);
        // drawn here, in the same order as ever, not on the walk's thread: a Random need not be shared
        byte[] padding = new byte[blob - 32 - Math.toIntExact(payload)];
        random.nextBytes(padding);
        EncodePieces pieces = new EncodePieces(file, size, b, PayloadDigest.of(dialect.sha1LittleEndianWords()), sink);
        int digestAt = b + blob - 20;
        try (PiecePipeline walk = PiecePipeline.start(
                out -> {
                    KwlPayload.write(
                            folders,
                            w,
                            new HashSection(file, HEADER_BYTES, folders.size()),
                            end -> pieces.serialised(end, STEP_BYTES, out));
                    int dataEnd = w.position();
                    System.arraycopy(padding, 0, file, dataEnd, padding.length);
                    pieces.serialisedAll(dataEnd, digestAt, out);
                },
                helper)) {
            // the key schedule while the walk's thread wakes up; a weak key is refused before anything is handed
            // to the sink (the walk only fills the buffer)
            BlowfishCodec.Stream cipher =
                    new BlowfishCodec(key, header.cbc(), dialect.blowfishLittleEndianWords()).encryptor();
            long walkWait = walk.drain(end -> pieces.encryptUpTo(cipher, end, PIECE_BYTES));
            return new Encoded(file, walkWait);
        }
    }

    /** {@code len(D) + 32 + delta}, where {@code delta = 8 - ((len(D) + 32) mod 8)} is 1..8, never 0. */
    public static int blobSize(long payload) {
        long delta = 8 - ((payload + 32) % 8);
        return Math.toIntExact(payload + 32 + delta);
    }

    @SuppressWarnings("NonApiType") // each folder sorted by key: the order the format writes, which the type says
    public static int hashSectionSize(Map<String, TreeMap<String, Entry>> folders) {
        long size = 4;
        for (TreeMap<String, Entry> f : folders.values()) {
            size += 16 + 4 + 16L * f.size();
        }
        return Math.toIntExact(size);
    }

    /** The clear hash section alone, into {@code out} at {@code off}: what a sync's walk writes beside the payload. */
    @SuppressWarnings("NonApiType") // each folder sorted by key: the order the format writes, which the type says
    static void writeHashSection(Map<String, TreeMap<String, Entry>> folders, byte[] out, int off) {
        HashSection h = new HashSection(out, off, folders.size());
        for (Map.Entry<String, TreeMap<String, Entry>> f : folders.entrySet()) {
            h.folder(f.getKey(), f.getValue().size());
            f.getValue().values().forEach(h::entry);
        }
    }

    private static void sha1(byte[] data, int off, int len, boolean littleEndianWords, byte[] out, int outOff) {
        PayloadDigest d = PayloadDigest.of(littleEndianWords);
        d.update(data, off, len);
        d.finish(out, outOff);
    }

    private static void fillRandom(Random random, byte[] b, int off, int len) {
        byte[] r = new byte[len];
        random.nextBytes(r);
        System.arraycopy(r, 0, b, off, len);
    }

    /** Opens a wallet's bytes with its password (and salt); refuses anything KWallet would refuse. */
    public static Decoded decode(byte[] file, WalletKeys keys) throws BadWalletException {
        if (file.length < MIN_FILE_BYTES) {
            int n = Math.min(file.length, MAGIC.length);
            if (n > 0 && !Arrays.equals(file, 0, n, MAGIC, 0, n)) {
                throw new BadWalletException("not a KWallet file (wrong magic bytes)");
            }
            throw new BadWalletException(
                    "truncated: " + file.length + " bytes, a wallet has at least " + MIN_FILE_BYTES);
        }
        if (!Arrays.equals(file, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new BadWalletException("not a KWallet file (wrong magic bytes)");
        }
        KwlHeader header = KwlHeader.of(file, 12);
        header.checkSupported();
        int hashEnd = skipHashSection(file, HEADER_BYTES);
        int blob = file.length - hashEnd;
        if (blob % 8 != 0) {
            throw new BadWalletException("truncated or damaged: the encrypted part (" + blob
                    + " bytes) is not a whole number of 8-byte blocks");
        }
        if (blob < 40) {
            throw new BadWalletException("truncated: the encrypted part has " + blob + " bytes, at least 40 expected");
        }
        boolean weak = false;
        for (Dialect dialect : dialectsToTry(header)) {
            byte[] plain = Arrays.copyOfRange(file, hashEnd, file.length);
            try {
                new BlowfishCodec(
                                keys.keyFor(header, dialect.sha1LittleEndianWords()),
                                header.cbc(),
                                dialect.blowfishLittleEndianWords())
                        .decrypt(plain, 0, plain.length);
            } catch (WeakKeyException e) {
                weak = true;
                continue;
            }
            long len = ((plain[8] & 0xFFL) << 24)
                    | ((plain[9] & 0xFF) << 16)
                    | ((plain[10] & 0xFF) << 8)
                    | (plain[11] & 0xFF);
            if (len > plain.length - 12) {
                continue;
            }
            byte[] digest = new byte[20];
            sha1(plain, 12, (int) len, dialect.sha1LittleEndianWords(), digest, 0);
            if (!Arrays.equals(digest, 0, 20, plain, plain.length - 20, plain.length)) {
                continue;
            }
            WalletContents contents = KwlPayload.read(plain, 12, 12 + (int) len);
            int hashBytes = hashEnd - HEADER_BYTES;
            byte[] expected = new byte[hashSectionSize(contents.folders())];
            writeHashSection(contents.folders(), expected, 0);
            boolean consistent = Arrays.equals(expected, 0, expected.length, file, HEADER_BYTES, hashEnd);
            return new Decoded(contents, header, dialect, hashBytes, consistent);
        }
        if (weak) {
            throw new BadWalletException(
                    "wrong password (it gives a weak Blowfish key, which KWallet refuses), or the file is damaged");
        }
        throw new BadWalletException("wrong password, or the file is damaged (the SHA-1 digest does not match)");
    }

    /** Tries the dialect the header suggests first: KF5's for PBKDF2 + CBC, KDE4's otherwise. */
    static List<Dialect> dialectsToTry(KwlHeader header) {
        if (header.pbkdf2Key() && header.cbc()) {
            return List.of(Dialect.KF5, Dialect.KDE4, Dialect.STANDARD, Dialect.BOTH_LITTLE);
        }
        return List.of(Dialect.KDE4, Dialect.KF5, Dialect.STANDARD, Dialect.BOTH_LITTLE);
    }

    /** Returns where the hash section ends; KWallet reads it without checking it against the contents. */
    static int skipHashSection(byte[] file, int off) throws BadWalletException {
        QData.Reader r = new QData.Reader(file, off, file.length);
        try {
            long folders = r.u32();
            if (folders > MAX_FOLDERS) {
                throw new BadWalletException(
                        "damaged hash section (" + folders + " folders, at most " + MAX_FOLDERS + ")");
            }
            for (long f = 0; f < folders; f++) {
                r.bytes(16);
                long n = r.u32();
                if (n * 16 > file.length) {
                    throw new BadWalletException("truncated or damaged hash section");
                }
                r.bytes((int) n * 16);
            }
        } catch (BadWalletException e) {
            if (e.getMessage().startsWith("damaged content")) {
                throw new BadWalletException("truncated or damaged hash section");
            }
            throw e;
        }
        return r.position();
    }
}
