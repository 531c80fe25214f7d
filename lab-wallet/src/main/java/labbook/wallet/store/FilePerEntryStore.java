package labbook.wallet.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.HexFormat;
import labbook.core.LabException;
import labbook.wallet.format.BadWalletException;
import labbook.wallet.format.Entry;
import labbook.wallet.format.WalletContents;

/**
 * The {@code pass} design: one encrypted file per entry, {@code <dir>/<hex folder>/<hex key>}, so saving an entry costs
 * the same whatever the store's size. Each file is {@code nonce[12] | AES-256-GCM(u32 type, QByteArray value)} with the
 * folder and key as associated data (a file cannot be renamed into another entry); the Argon2id salt lives in
 * {@code <dir>/.store}. Unlike pass, a file is saved through a temp file and a rename, with fdatasync when durable, so
 * a crash never leaves half an entry.
 */
public final class FilePerEntryStore implements WalletStore {
    static final byte[] MAGIC = {'L', 'B', 'P', 'A', 'S', 'S', '0', '1'};
    private static final HexFormat HEX = HexFormat.of();

    private final Path dir;
    private final byte[] key;
    private final boolean fdatasync;
    private final WalletContents contents = new WalletContents();

    private FilePerEntryStore(Path dir, byte[] key, boolean fdatasync) {
        this.dir = dir;
        this.key = key;
        this.fdatasync = fdatasync;
    }

    public static FilePerEntryStore create(Path dir, byte[] passwordUtf8, boolean fdatasync) {
        try {
            Files.createDirectories(
                    dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException e) {
            throw LabException.cannot("create the store", dir, e);
        }
        byte[] salt = Aead.randomBytes(16);
        byte[] meta = Arrays.copyOf(MAGIC, MAGIC.length + salt.length);
        System.arraycopy(salt, 0, meta, MAGIC.length, salt.length);
        SaveFile.write(dir.resolve(".store"), meta, true);
        return new FilePerEntryStore(dir, key(passwordUtf8, salt), fdatasync);
    }

    public static FilePerEntryStore open(Path dir, byte[] passwordUtf8, boolean fdatasync) {
        byte[] meta = KwlFile.readAll(dir.resolve(".store"), "store description", FileLimits.SALT_BYTES);
        if (meta.length != MAGIC.length + 16 || !Arrays.equals(meta, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new LabException(dir.resolve(".store") + ": not a file-per-entry store");
        }
        FilePerEntryStore store = new FilePerEntryStore(
                dir, key(passwordUtf8, Arrays.copyOfRange(meta, MAGIC.length, meta.length)), fdatasync);
        store.load();
        return store;
    }

    private static byte[] key(byte[] password, byte[] salt) {
        return Aead.argon2id(password, salt, Aead.ARGON2_MEMORY_KIB, Aead.ARGON2_ITERATIONS, Aead.ARGON2_LANES);
    }

    private void load() {
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(dir, Files::isDirectory)) {
            for (Path f : folders) {
                String folder = new String(HEX.parseHex(f.getFileName().toString()), StandardCharsets.UTF_8);
                contents.createFolder(folder);
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(
                        f, p -> !p.getFileName().toString().endsWith(".new"))) {
                    for (Path e : entries) {
                        String k = new String(HEX.parseHex(e.getFileName().toString()), StandardCharsets.UTF_8);
                        contents.writeEntry(folder, readEntry(e, folder, k));
                    }
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new LabException(dir + ": cannot read the store: " + e.getMessage(), e);
        }
    }

    private Entry readEntry(Path file, String folder, String k) throws IOException {
        byte[] b = Files.readAllBytes(file);
        byte[] aad = aad(folder, k);
        byte[] plain = b.length < Aead.NONCE_BYTES + Aead.TAG_BYTES
                ? null
                : Aead.open(
                        key,
                        Arrays.copyOf(b, Aead.NONCE_BYTES),
                        aad,
                        0,
                        aad.length,
                        b,
                        Aead.NONCE_BYTES,
                        b.length - Aead.NONCE_BYTES);
        if (plain == null) {
            throw new LabException(file + ": wrong password, or the entry was changed (AES-GCM authentication failed)");
        }
        try {
            Entry stored = EntryRecords.decode(plain).entry();
            return new Entry(k, stored.type(), stored.value());
        } catch (BadWalletException e) {
            throw new LabException(file + ": damaged entry: " + e.getMessage());
        }
    }

    private static byte[] aad(String folder, String k) {
        return (folder + "\0" + k).getBytes(StandardCharsets.UTF_8);
    }

    private long write(String folder, Entry entry, boolean sync) {
        Path f = dir.resolve(HEX.formatHex(folder.getBytes(StandardCharsets.UTF_8)));
        try {
            Files.createDirectories(f);
        } catch (IOException e) {
            throw new LabException(f + ": cannot create the folder: " + e.getMessage(), e);
        }
        // the folder name is in the file's name and its associated data: the record holds only type and value
        byte[] plain = EntryRecords.encode("", new Entry("", entry.type(), entry.value()));
        byte[] out = new byte[Aead.NONCE_BYTES + plain.length + Aead.TAG_BYTES];
        byte[] nonce = Aead.randomBytes(Aead.NONCE_BYTES);
        byte[] aad = aad(folder, entry.key());
        byte[] sealed = new byte[aad.length + plain.length + Aead.TAG_BYTES];
        System.arraycopy(aad, 0, sealed, 0, aad.length);
        Aead.seal(key, nonce, sealed, aad.length, plain, 0, plain.length, aad.length);
        System.arraycopy(nonce, 0, out, 0, Aead.NONCE_BYTES);
        System.arraycopy(sealed, aad.length, out, Aead.NONCE_BYTES, plain.length + Aead.TAG_BYTES);
        return SaveFile.write(f.resolve(HEX.formatHex(entry.key().getBytes(StandardCharsets.UTF_8))), out, sync);
    }

    @Override
    public long put(String folder, Entry entry) {
        contents.writeEntry(folder, entry);
        return write(folder, entry, fdatasync);
    }

    @Override
    public void putAll(String folder, Iterable<Entry> entries) {
        for (Entry e : entries) {
            contents.writeEntry(folder, e);
            write(folder, e, false);
        }
    }

    @Override
    public WalletContents contents() {
        return contents;
    }

    @Override
    public void close() {
        // every entry is already on disk
    }
}
