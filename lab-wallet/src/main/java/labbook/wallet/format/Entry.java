package labbook.wallet.format;

import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * One wallet entry as KWallet stores it: a key, a type, and the value as the raw QByteArray the file holds (null for a
 * null QByteArray). A Password value is itself a serialised QString and a Map value a serialised
 * {@code QMap<QString,QString>}; {@link QData} reads and writes both.
 *
 * <p>The entry also keeps the MD5 of its key, which the clear hash section of every saved file lists. Real KWallet
 * ({@code Backend::sync}) recomputes all those digests at every sync; keys are immutable, so this implementation
 * computes each once, when the entry is made, and a sync does not re-hash the keys it hashed last time. The bytes
 * written are the same.
 *
 * <p>Likewise the entry's record in the encrypted payload (its key as a QString, its type code, its value as a
 * QByteArray) is serialised once, here: a sync copies each record whole instead of encoding every key again, so its
 * cost per entry is a copy, not a walk through the key's characters.
 */
public final class Entry {
    private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> WalletKeys.md("MD5"));

    private final String key;
    private final EntryType type;
    private final byte[] value;
    /**
     * The entry's part of the payload D, as {@link KwlPayload#write} lays it out, then the MD5 of its key: one array,
     * so the sync's walk, which writes the hash section and D together, touches one object per entry for both.
     */
    private final byte[] record;

    public Entry(String key, EntryType type, byte[] value) {
        this.key = Objects.requireNonNull(key, "key");
        this.type = Objects.requireNonNull(type, "type");
        this.value = value;
        this.record = new byte[QData.qstringSize(key) + 4 + QData.qbyteArraySize(value) + 16];
        QData.Writer w = new QData.Writer(record, 0);
        w.qstring(key);
        w.u32(type.code());
        w.qbyteArray(value);
        md5(key, record, w.position());
    }

    public static Entry password(String key, String text) {
        return new Entry(key, EntryType.PASSWORD, QData.qstringBytes(text));
    }

    public static Entry stream(String key, byte[] data) {
        return new Entry(key, EntryType.STREAM, data == null ? null : data.clone());
    }

    public static Entry map(String key, Map<String, String> map) {
        return new Entry(key, EntryType.MAP, map == null ? null : QData.qmapBytes(map));
    }

    public String key() {
        return key;
    }

    public EntryType type() {
        return type;
    }

    public byte[] value() {
        return value;
    }

    /** The length of the entry's record in the payload: key, type code and value, serialised. */
    int recordBytes() {
        return record.length - 16;
    }

    /** Copies the entry's record in the payload into {@code out} at {@code off}. */
    void copyRecord(byte[] out, int off) {
        System.arraycopy(record, 0, out, off, record.length - 16);
    }

    /** Copies the MD5 of the key's UTF-8 bytes (the hash section's entry for it) into {@code out}. */
    void copyKeyMd5(byte[] out, int off) {
        System.arraycopy(record, record.length - 16, out, off, 16);
    }

    /** MD5 of a name's UTF-8 bytes into {@code out[off, off+16)}: what KWallet's hash section lists. */
    static void md5(String name, byte[] out, int off) {
        MessageDigest md = MD5.get();
        md.update(name.getBytes(StandardCharsets.UTF_8));
        try {
            md.digest(out, off, 16);
        } catch (DigestException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Entry e && key.equals(e.key) && type == e.type && Arrays.equals(value, e.value);
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, type, Arrays.hashCode(value));
    }

    @Override
    public String toString() {
        // values may be secrets: never printed
        return "Entry[" + key + ", " + type + ", " + (value == null ? "null" : value.length + " bytes") + "]";
    }
}
