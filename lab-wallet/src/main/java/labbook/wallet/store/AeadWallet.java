package labbook.wallet.store;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import labbook.core.LabException;
import labbook.wallet.format.BadWalletException;
import labbook.wallet.format.KwlCodec;
import labbook.wallet.format.KwlPayload;
import labbook.wallet.format.PiecePipeline;
import labbook.wallet.format.WalletContents;

/**
 * The modern authenticated variant of a wallet file: the same QDataStream payload as a .kwl, sealed whole with
 * AES-256-GCM under an Argon2id key, saved by the same temp-file-and-rename path. Everything before the ciphertext is
 * authenticated, so no byte of the file is unprotected (unlike the .kwl's clear hash section).
 *
 * <pre>
 *   "LBWAEAD1" | u8 kdf (1 = Argon2id) | u32 memory KiB | u32 passes | u8 lanes | salt[16] | nonce[12]
 *   | AES-256-GCM(D) with a 16-byte tag, the preceding 46 bytes as associated data
 * </pre>
 */
public final class AeadWallet implements WholeFileWallet {
    static final byte[] MAGIC = {'L', 'B', 'W', 'A', 'E', 'A', 'D', '1'};
    static final int SALT_BYTES = 16;
    static final int HEADER_BYTES = 8 + 1 + 4 + 4 + 1 + SALT_BYTES + Aead.NONCE_BYTES;

    private final Path file;
    private final byte[] headerTemplate;
    private final byte[] key;
    private final boolean fdatasync;
    private final WalletContents contents;
    /** The last big sync's file (header and ciphertext only, once it returns). */
    private byte[] buffer;

    private SyncPhases lastSync = SyncPhases.NONE;

    private AeadWallet(Path file, byte[] headerTemplate, byte[] key, boolean fdatasync, WalletContents contents) {
        this.file = file;
        this.headerTemplate = headerTemplate;
        this.key = key;
        this.fdatasync = fdatasync;
        this.contents = contents;
    }

    public static AeadWallet create(Path file, byte[] passwordUtf8, boolean fdatasync) {
        byte[] salt = Aead.randomBytes(SALT_BYTES);
        ByteBuffer h = ByteBuffer.allocate(HEADER_BYTES);
        h.put(MAGIC)
                .put((byte) 1)
                .putInt(Aead.ARGON2_MEMORY_KIB)
                .putInt(Aead.ARGON2_ITERATIONS)
                .put((byte) Aead.ARGON2_LANES)
                .put(salt);
        byte[] key =
                Aead.argon2id(passwordUtf8, salt, Aead.ARGON2_MEMORY_KIB, Aead.ARGON2_ITERATIONS, Aead.ARGON2_LANES);
        AeadWallet w = new AeadWallet(file, h.array(), key, fdatasync, new WalletContents());
        w.sync();
        return w;
    }

    /** Opens a wallet, first removing temp files a killed writer of it left (see {@link KwlBackend#open}). */
    public static AeadWallet open(Path file, byte[] passwordUtf8, boolean fdatasync) {
        SaveFile.removeStaleTemps(file);
        byte[] bytes = KwlFile.readAll(file, "wallet", FileLimits.WALLET_BYTES);
        try {
            return decode(file, bytes, passwordUtf8, fdatasync);
        } catch (BadWalletException e) {
            throw new LabException(file + ": cannot open the wallet: " + e.getMessage());
        }
    }

    static AeadWallet decode(Path file, byte[] bytes, byte[] passwordUtf8, boolean fdatasync)
            throws BadWalletException {
        if (bytes.length < HEADER_BYTES + Aead.TAG_BYTES) {
            throw new BadWalletException("truncated: " + bytes.length + " bytes");
        }
        if (!Arrays.equals(bytes, 0, 8, MAGIC, 0, 8)) {
            throw new BadWalletException("not an AEAD wallet (wrong magic bytes)");
        }
        ByteBuffer h = ByteBuffer.wrap(bytes, 8, HEADER_BYTES - 8);
        int kdf = h.get();
        int memory = h.getInt();
        int passes = h.getInt();
        int lanes = h.get();
        if (kdf != 1
                || memory < 8 * lanes
                || memory > (1 << 22)
                || passes < 1
                || passes > 64
                || lanes < 1
                || lanes > 16) {
            throw new BadWalletException("unsupported or damaged key-derivation parameters");
        }
        byte[] salt = Arrays.copyOfRange(bytes, 18, 18 + SALT_BYTES);
        byte[] nonce = Arrays.copyOfRange(bytes, HEADER_BYTES - Aead.NONCE_BYTES, HEADER_BYTES);
        byte[] key = Aead.argon2id(passwordUtf8, salt, memory, passes, lanes);
        byte[] plain = Aead.open(key, nonce, bytes, 0, HEADER_BYTES, bytes, HEADER_BYTES, bytes.length - HEADER_BYTES);
        if (plain == null) {
            throw new BadWalletException("wrong password, or the file was changed (AES-GCM authentication failed)");
        }
        WalletContents contents = KwlPayload.read(plain, 0, plain.length);
        return new AeadWallet(file, Arrays.copyOf(bytes, HEADER_BYTES - Aead.NONCE_BYTES), key, fdatasync, contents);
    }

    /**
     * Serialise, seal with a fresh nonce, save; returns the file's size. The payload is serialised straight into the
     * file buffer and sealed there in place; from {@link KwlBackend#BACKGROUND_MIN_BYTES} on, as a big .kwl sync does,
     * the walk runs on the save's writer thread beside the cipher, the writes overlap both, and the buffer is kept for
     * the next sync (it holds only the header and ciphertext once a sync returns).
     */
    @Override
    public long sync() {
        int payload = Math.toIntExact(contents.payloadBytes());
        int size = HEADER_BYTES + payload + Aead.TAG_BYTES;
        boolean background = size >= KwlBackend.BACKGROUND_MIN_BYTES;
        byte[] out = background && buffer != null && buffer.length >= size ? buffer : new byte[size];
        if (background) {
            buffer = out;
        }
        System.arraycopy(headerTemplate, 0, out, 0, headerTemplate.length);
        byte[] nonce = Aead.randomBytes(Aead.NONCE_BYTES);
        System.arraycopy(nonce, 0, out, HEADER_BYTES - Aead.NONCE_BYTES, Aead.NONCE_BYTES);
        try (SaveFile.Pending save = SaveFile.begin(file, fdatasync, background)) {
            Aead.InPlaceSealer sealer = Aead.sealInPlace(key, nonce, out, HEADER_BYTES);
            int payloadEnd = HEADER_BYTES + payload;
            int[] handed = {HEADER_BYTES};
            boolean[] headerHanded = {false};
            long walkWait = PiecePipeline.run(
                    pipeline -> KwlPayload.writeInPieces(
                            contents, out, HEADER_BYTES, KwlCodec.PIECE_BYTES, pipeline::ready),
                    save.helper(),
                    end -> {
                        if (!headerHanded[0]) {
                            // the header is whole from the start: it goes with the first piece, not after the last
                            save.ready(out, 0, HEADER_BYTES);
                            headerHanded[0] = true;
                        }
                        if (end == payloadEnd) {
                            save.readyLast(out, handed[0], sealer.finish(end));
                        } else {
                            int sealed = sealer.sealUpTo(end);
                            save.ready(out, handed[0], sealed);
                            handed[0] = sealed;
                        }
                    });
            long bytes = save.commit();
            lastSync = new SyncPhases(walkWait, save.commitNanos());
            return bytes;
        }
    }

    /** Where the last sync's time went beside its cipher. */
    public SyncPhases lastSyncPhases() {
        return lastSync;
    }

    /** AES-256-GCM alone over a buffer of the given length (what a sync's cipher step costs). */
    public void encryptOnly(byte[] buffer, byte[] out) {
        byte[] nonce = Aead.randomBytes(Aead.NONCE_BYTES);
        Aead.seal(key, nonce, out, 0, buffer, 0, buffer.length, 0);
    }

    public int encryptedBytes() {
        return Math.toIntExact(contents.payloadBytes());
    }

    @Override
    public WalletContents contents() {
        return contents;
    }
}
