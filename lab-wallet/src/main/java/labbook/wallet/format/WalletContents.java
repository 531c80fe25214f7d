package labbook.wallet.format;

import java.util.Collections;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a wallet holds: folders of entries, each kept sorted by UTF-16 code unit (Java's String order), the order
 * KWallet's QMap writes them in.
 */
public final class WalletContents {
    private final TreeMap<String, TreeMap<String, Entry>> folders = new TreeMap<>();

    public NavigableMap<String, TreeMap<String, Entry>> folders() {
        return Collections.unmodifiableNavigableMap(folders);
    }

    public boolean hasFolder(String folder) {
        return folders.containsKey(folder);
    }

    public void createFolder(String folder) {
        folders.computeIfAbsent(folder, f -> new TreeMap<>());
    }

    public boolean removeFolder(String folder) {
        return folders.remove(folder) != null;
    }

    /** Writes (adds or replaces) an entry, creating its folder if needed. */
    public void writeEntry(String folder, Entry entry) {
        folders.computeIfAbsent(folder, f -> new TreeMap<>()).put(entry.key(), entry);
    }

    public Optional<Entry> readEntry(String folder, String key) {
        TreeMap<String, Entry> f = folders.get(folder);
        return f == null ? Optional.empty() : Optional.ofNullable(f.get(key));
    }

    public boolean removeEntry(String folder, String key) {
        TreeMap<String, Entry> f = folders.get(folder);
        return f != null && f.remove(key) != null;
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
