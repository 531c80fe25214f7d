package labbook.wallet.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import labbook.core.LabException;
import labbook.wallet.format.BadWalletException;
import labbook.wallet.format.Entry;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.WalletContents;

/**
 * The seed's first workaround, built: each new entry is encrypted on its own (AES-256-GCM, key derived from the wallet
 * key) and appended to {@code <wallet>.journal}, then fdatasynced; the journal is folded into the .kwl (a whole rewrite
 * with fdatasync) when it holds {@link #foldEvery} records, and on close. Opening replays the journal over the wallet;
 * a torn last record (a crash mid-append) is dropped and cut off.
 *
 * <pre>
 *   "LBJRNL02" | [u64 N | tag[16]] | records: u32 L | nonce[12]
 *              | AES-256-GCM(QString folder, QString key, u32 type, QByteArray value)
 *   each record authenticated with its sequence number (u64) as associated data, so records cannot be reordered;
 *   tag = HMAC-SHA256(key', magic | N) cut to 16 bytes; the count block is absent (file = magic alone) after a fold
 * </pre>
 *
 * <p><b>Truncation.</b> Records are authenticated one by one, so a journal cut cleanly after a whole record would
 * replay as a shorter, valid one and acknowledged entries would vanish without a word. The count block says how many
 * records were appended: it is rewritten after each record is written (and fdatasynced, when asked), so it never counts
 * a record that was not whole on disk first, and opening refuses a journal holding fewer whole records than it counts.
 * What it still cannot see: a cut inside the last record, which is taken for a torn append and dropped (without
 * fdatasync, a power loss can legitimately write the count before the record); a journal cut back to its bare magic
 * (the state a fold leaves); a rollback to an older, whole journal with its own older count (no state outside the file
 * to compare with); and, without fdatasync, a power loss that writes the count but not the record is refused like a
 * truncation.
 */
public final class JournalWallet implements WalletStore {
    static final byte[] MAGIC = {'L', 'B', 'J', 'R', 'N', 'L', '0', '2'};
    static final int COUNT_BLOCK_BYTES = 8 + 16;
    static final int RECORDS_START = MAGIC.length + COUNT_BLOCK_BYTES;
    public static final int DEFAULT_FOLD_EVERY = 16;

    private final KwlBackend base;
    private final Path journal;
    private final byte[] key;
    private final byte[] countKey;
    private final boolean fdatasync;
    private final int foldEvery;
    private final FileChannel channel;
    private long records;
    private boolean lastPutFolded;

    private JournalWallet(KwlBackend base, boolean fdatasync, int foldEvery) {
        this.base = base;
        this.journal = journalPathFor(base.file());
        this.key = base.deriveKey("labbook wallet journal v1");
        this.countKey = base.deriveKey("labbook wallet journal count v1");
        this.fdatasync = fdatasync;
        this.foldEvery = foldEvery;
        try {
            if (!Files.exists(journal)) {
                Files.createFile(
                        journal, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            }
            this.channel = FileChannel.open(journal, StandardOpenOption.READ, StandardOpenOption.WRITE);
            try {
                replay();
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        } catch (IOException e) {
            throw LabException.cannot("open the journal", journal, e);
        }
    }

    public static Path journalPathFor(Path wallet) {
        return wallet.resolveSibling(wallet.getFileName() + ".journal");
    }

    public static JournalWallet create(Path wallet, byte[] passwordUtf8, boolean fdatasync, int foldEvery) {
        return new JournalWallet(KwlBackend.create(wallet, KwlFormat.KF5, passwordUtf8, true), fdatasync, foldEvery);
    }

    public static JournalWallet open(Path wallet, byte[] passwordUtf8, boolean fdatasync, int foldEvery) {
        return new JournalWallet(KwlBackend.open(wallet, passwordUtf8, true), fdatasync, foldEvery);
    }

    /**
     * Applies every whole, authentic record; cuts the file after the last one; refuses a journal missing counted
     * records.
     */
    private void replay() throws IOException {
        long size = channel.size();
        if (size == 0) {
            writeAt(0, ByteBuffer.wrap(MAGIC));
            return;
        }
        byte[] all = new byte[(int) size];
        channel.read(ByteBuffer.wrap(all), 0);
        if (size < MAGIC.length || !Arrays.equals(all, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new LabException(journal + ": not a wallet journal (wrong magic bytes)");
        }
        if (size < RECORDS_START) {
            // nothing since the last fold, or a first append torn inside its count block (never acknowledged)
            if (size > MAGIC.length) {
                channel.truncate(MAGIC.length);
                channel.force(false);
            }
            return;
        }
        long counted = ByteBuffer.wrap(all, MAGIC.length, 8).getLong();
        if (!Arrays.equals(countTag(counted), 0, 16, all, MAGIC.length + 8, RECORDS_START)) {
            throw new LabException(journal
                    + ": damaged journal (its record count does not authenticate); the wallet file itself is intact");
        }
        int pos = RECORDS_START;
        while (pos + 4 <= all.length) {
            int len = ByteBuffer.wrap(all, pos, 4).getInt();
            if (len < Aead.NONCE_BYTES + Aead.TAG_BYTES || len > all.length - pos - 4) {
                break;
            }
            byte[] nonce = Arrays.copyOfRange(all, pos + 4, pos + 4 + Aead.NONCE_BYTES);
            byte[] plain = Aead.open(
                    key, nonce, sequence(records), 0, 8, all, pos + 4 + Aead.NONCE_BYTES, len - Aead.NONCE_BYTES);
            if (plain == null) {
                break;
            }
            try {
                EntryRecords.FolderEntry fe = EntryRecords.decode(plain);
                base.writeEntry(fe.folder(), fe.entry());
            } catch (BadWalletException e) {
                break;
            }
            records++;
            pos += 4 + len;
        }
        boolean tornTail = pos < all.length;
        // a torn last record may be the counted one (the count can reach the disk first without
        // fdatasync); a journal that ends cleanly, or lacks more than one record, was cut
        if (records < counted && !(records == counted - 1 && tornTail)) {
            throw new LabException(
                    journal + ": truncated or damaged journal: it counts " + counted + " records but only " + records
                            + " are whole and authentic, so acknowledged entries are missing; the wallet "
                            + "file itself is intact");
        }
        if (tornTail || records != counted) {
            channel.truncate(pos);
            writeCount(records);
            channel.force(false);
        }
    }

    private byte[] countTag(long n) {
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(countKey, "HmacSHA256"));
            mac.update(MAGIC);
            mac.update(ByteBuffer.allocate(8).putLong(n).array());
            return Arrays.copyOf(mac.doFinal(), 16);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 failed: " + e.getMessage(), e);
        }
    }

    private ByteBuffer countBlock(long n) {
        ByteBuffer b = ByteBuffer.allocate(COUNT_BLOCK_BYTES);
        b.putLong(n).put(countTag(n)).flip();
        return b;
    }

    private void writeCount(long n) throws IOException {
        writeAt(MAGIC.length, countBlock(n));
    }

    private static byte[] sequence(long n) {
        return ByteBuffer.allocate(8).putLong(n).array();
    }

    @Override
    public long put(String folder, Entry entry) {
        base.writeEntry(folder, entry);
        byte[] plain = EntryRecords.encode(folder, entry);
        int len = Aead.NONCE_BYTES + plain.length + Aead.TAG_BYTES;
        byte[] rec = new byte[4 + len];
        ByteBuffer.wrap(rec).putInt(len);
        byte[] nonce = Aead.randomBytes(Aead.NONCE_BYTES);
        System.arraycopy(nonce, 0, rec, 4, Aead.NONCE_BYTES);
        byte[] aad = sequence(records);
        byte[] sealed = new byte[plain.length + Aead.TAG_BYTES + 8];
        System.arraycopy(aad, 0, sealed, 0, 8);
        Aead.seal(key, nonce, sealed, 8, plain, 0, plain.length, 8);
        System.arraycopy(sealed, 8, rec, 4 + Aead.NONCE_BYTES, plain.length + Aead.TAG_BYTES);
        try {
            long end = channel.size();
            if (end < RECORDS_START) {
                // the first record since a fold brings the count block with it (counting none yet)
                ByteBuffer first = ByteBuffer.allocate(COUNT_BLOCK_BYTES + rec.length);
                first.put(countBlock(0)).put(rec).flip();
                channel.truncate(MAGIC.length);
                writeAt(MAGIC.length, first);
            } else {
                writeAt(end, ByteBuffer.wrap(rec));
            }
            if (fdatasync) {
                channel.force(false);
            }
            // counted only once it is whole (and on disk, with fdatasync); the next append's
            // fdatasync, or a fold, makes the count itself durable
            writeCount(records + 1);
        } catch (IOException e) {
            throw LabException.cannot("append to the journal", journal, e);
        }
        records++;
        long written = rec.length;
        lastPutFolded = records >= foldEvery;
        if (lastPutFolded) {
            written += fold();
        }
        return written;
    }

    /** True when the last put also folded the journal into the wallet. */
    public boolean lastPutFolded() {
        return lastPutFolded;
    }

    /** Rewrites the wallet with every entry (fdatasync), then empties the journal. */
    public long fold() {
        long written = base.sync();
        try {
            channel.truncate(MAGIC.length);
            channel.force(false);
        } catch (IOException e) {
            throw LabException.cannot("empty the journal", journal, e);
        }
        records = 0;
        return written;
    }

    @Override
    public void putAll(String folder, Iterable<Entry> entries) {
        entries.forEach(e -> base.writeEntry(folder, e));
        fold();
    }

    @Override
    public WalletContents contents() {
        return base.contents();
    }

    @Override
    public void close() {
        fold();
        try {
            channel.close();
        } catch (IOException ignored) {
            // the journal is empty and synced: nothing is lost
        }
    }

    /** Closes without folding, as a crash would leave it (for tests). */
    void abandon() throws IOException {
        channel.close();
    }

    private void writeAt(long position, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            position += channel.write(buf, position);
        }
    }
}
