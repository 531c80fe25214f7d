package labbook.wallet.store;

import java.nio.file.Path;
import java.security.SecureRandom;
import labbook.core.LabException;
import labbook.wallet.format.BadWalletException;
import labbook.wallet.format.BlowfishCodec;
import labbook.wallet.format.Dialect;
import labbook.wallet.format.KwlCodec;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.KwlHeader;
import labbook.wallet.format.KwlLimits;
import labbook.wallet.format.WalletContents;
import labbook.wallet.format.WalletKeys;

/**
 * KWallet's {@code Backend}: the wallet held in memory with its key, every {@link #sync()} a whole rewrite through
 * {@link SaveFile} (KSaveFile in 2009, QSaveFile with fdatasync today). As a {@link WalletStore}, every put is followed
 * by a sync, the seed's "save at every change".
 */
public final class KwlBackend implements WholeFileWallet {
    /** From this file size on, a sync overlaps the walk over the entries, hashing and writing with encrypting. */
    public static final long BACKGROUND_MIN_BYTES = 256 * 1024;

    private final Path file;
    private final KwlHeader header;
    private final Dialect dialect;
    private final byte[] key;
    private final boolean fdatasync;
    private final WalletContents contents;
    private final SecureRandom random = new SecureRandom();
    /** The last big sync's file (ciphertext and the clear hash section only, once it returns). */
    private byte[] buffer;

    private SyncPhases lastSync = SyncPhases.NONE;

    private KwlBackend(
            Path file, KwlHeader header, Dialect dialect, byte[] key, boolean fdatasync, WalletContents contents) {
        this.file = file;
        this.header = header;
        this.dialect = dialect;
        this.key = key;
        this.fdatasync = fdatasync;
        this.contents = contents;
    }

    /** A new, empty wallet (with a fresh .salt for KF5), saved at once. */
    public static KwlBackend create(Path file, KwlFormat format, byte[] passwordUtf8, boolean fdatasync) {
        KwlFile.create(file, new WalletContents(), format, passwordUtf8, fdatasync);
        return open(file, passwordUtf8, fdatasync);
    }

    /**
     * Opens an existing wallet; syncs write it back in the generation and dialect it was read in.
     *
     * <p>Opening also removes the temp files a killed writer of this wallet (or of its .salt) left behind, each a whole
     * encrypted copy of some version of the wallet. This is the place for it rather than every save: a temp file only
     * goes stale when its writer dies (a save that fails in a live process removes its own), and the next writer must
     * open the wallet first; a scan of the folder at every sync would sit on the path the sync study times. A temp file
     * that a live writer in another process holds locked is left alone ({@link SaveFile#removeStaleTemps}).
     */
    public static KwlBackend open(Path file, byte[] passwordUtf8, boolean fdatasync) {
        SaveFile.removeStaleTemps(file);
        SaveFile.removeStaleTemps(KwlFile.saltPathFor(file));
        KwlCodec.Decoded d = KwlFile.open(file, null, passwordUtf8);
        byte[] salt = d.header().pbkdf2Key()
                ? KwlFile.readAll(KwlFile.saltPathFor(file), "salt file", FileLimits.SALT_BYTES)
                : null;
        try {
            byte[] key = new WalletKeys(passwordUtf8, salt)
                    .keyFor(d.header(), d.dialect().sha1LittleEndianWords());
            return new KwlBackend(file, d.header(), d.dialect(), key, fdatasync, d.contents());
        } catch (BadWalletException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A key for a companion file (the journal), derived from the wallet key with HKDF-SHA256. */
    public byte[] deriveKey(String purpose) {
        org.bouncycastle.crypto.generators.HKDFBytesGenerator hkdf =
                new org.bouncycastle.crypto.generators.HKDFBytesGenerator(
                        new org.bouncycastle.crypto.digests.SHA256Digest());
        hkdf.init(new org.bouncycastle.crypto.params.HKDFParameters(
                key, null, purpose.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        byte[] out = new byte[32];
        hkdf.generateBytes(out, 0, out.length);
        return out;
    }

    public Path file() {
        return file;
    }

    /** Serialise, hash, encrypt and save the whole wallet; returns the file's size. */
    @Override
    public long sync() {
        int size = KwlCodec.fileSize(contents);
        if (size > FileLimits.WALLET_BYTES) {
            // a wallet the lab could not open again is not saved: the previous file stays
            throw new LabException(file + ": cannot save the wallet: "
                    + KwlLimits.whyNotWritable(contents, FileLimits.WALLET_BYTES)
                            .orElse(size + " bytes"));
        }
        // a big wallet: the save's writer thread hashes each piece and writes it while the next is
        // made and encrypted here, and the file is made in a buffer kept from the last sync; for a
        // small one, handing pieces to another thread would cost more than it saves
        boolean background = size >= BACKGROUND_MIN_BYTES;
        if (background && (buffer == null || buffer.length < size)) {
            buffer = new byte[size + size / 4]; // room to grow before the next allocation
        }
        try (SaveFile.Pending save = SaveFile.begin(file, fdatasync, background)) {
            long walkWait = KwlCodec.encode(
                            contents, header, dialect, key, random, save, save.helper(), background ? buffer : null)
                    .walkWaitNanos();
            long bytes = save.commit();
            lastSync = new SyncPhases(walkWait, save.commitNanos());
            return bytes;
        }
    }

    /** Where the last sync's time went beside its cipher. */
    public SyncPhases lastSyncPhases() {
        return lastSync;
    }

    /** The cipher alone, as a sync runs it (key setup included), over a buffer of the same length. */
    public void encryptOnly(byte[] buffer) {
        new BlowfishCodec(key, header.cbc(), dialect.blowfishLittleEndianWords()).encrypt(buffer, 0, buffer.length);
    }

    /** The length of the encrypted part a sync of the current contents writes. */
    public int encryptedBytes() {
        return KwlCodec.blobSize(contents.payloadBytes());
    }

    @Override
    public WalletContents contents() {
        return contents;
    }
}
