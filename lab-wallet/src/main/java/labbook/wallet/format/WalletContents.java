package labbook.wallet.format;

import java.util.Collections;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a wallet holds: folders of entries, each kept sorted by UTF-16 code unit (Java's String order), the order
 * KWallet's QMap writes them in.
 *
 * <p>The contents also keep the length of their payload D ({@link #payloadBytes}) as they change: every sync needs it
 * before it writes a byte, and summing it anew walks every entry, which for a big wallet is a walk through memory the
 * CPU's caches no longer hold. The maps {@link #folders} returns are for reading only.
 */
public final class WalletContents {
    private final TreeMap<String, TreeMap<String, Entry>> folders = new TreeMap<>();
    private long payloadBytes;

    @SuppressWarnings("NonApiType") // each folder sorted by key: the order the format writes, which the type says
    public NavigableMap<String, TreeMap<String, Entry>> folders() {
        return Collections.unmodifiableNavigableMap(folders);
    }

    public boolean hasFolder(String folder) {
        return folders.containsKey(folder);
    }

    public void createFolder(String folder) {
        folder(folder);
    }

    public boolean removeFolder(String folder) {
        TreeMap<String, Entry> removed = folders.remove(folder);
        if (removed == null) {
            return false;
        }
        payloadBytes -= KwlPayload.folderBytes(folder);
        removed.values().forEach(e -> payloadBytes -= e.recordBytes());
        return true;
    }

    /** The length of the payload D a sync of these contents encrypts: {@link KwlPayload#size}, kept as they change. */
    public long payloadBytes() {
        return payloadBytes;
    }

    @SuppressWarnings("NonApiType") // each folder sorted by key: the order the format writes, which the type says
    private TreeMap<String, Entry> folder(String folder) {
        return folders.computeIfAbsent(folder, f -> {
            payloadBytes += KwlPayload.folderBytes(f);
            return new TreeMap<>();
        });
    }

    /** Writes (adds or replaces) an entry, creating its folder if needed. */
    public void writeEntry(String folder, Entry entry) {
        Entry replaced = folder(folder).put(entry.key(), entry);
        payloadBytes += entry.recordBytes() - (replaced == null ? 0 : replaced.recordBytes());
    }

    public Optional<Entry> readEntry(String folder, String key) {
        TreeMap<String, Entry> f = folders.get(folder);
        return f == null ? Optional.empty() : Optional.ofNullable(f.get(key));
    }

    public boolean removeEntry(String folder, String key) {
        TreeMap<String, Entry> f = folders.get(folder);
        Entry removed = f == null ? null : f.remove(key);
        if (removed != null) {
            payloadBytes -= removed.recordBytes();
        }
        return removed != null;
    }

    public int entryCount() {
        int n = 0;
        for (TreeMap<String, Entry> f : folders.values()) {
            n += f.size();
        }
        return n;
    }

    public WalletContents copy() {
        WalletContents c = new WalletContents();
        folders.forEach((name, entries) -> c.folders.put(name, new TreeMap<>(entries)));
        c.payloadBytes = payloadBytes;
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WalletContents w && folders.equals(w.folders);
    }

    @Override
    public int hashCode() {
        return folders.hashCode();
    }

    @Override
    public String toString() {
        return "WalletContents[" + folders.size() + " folders, " + entryCount() + " entries]";
    }
}
