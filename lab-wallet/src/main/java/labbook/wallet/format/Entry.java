package labbook.wallet.format;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * One wallet entry as KWallet stores it: a key, a type, and the value as the raw QByteArray the
 * file holds (null for a null QByteArray). A Password value is itself a serialised QString and a
 * Map value a serialised {@code QMap<QString,QString>}; {@link QData} reads and writes both.
 */
public record Entry(String key, EntryType type, byte[] value) {

    public Entry {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(type, "type");
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
