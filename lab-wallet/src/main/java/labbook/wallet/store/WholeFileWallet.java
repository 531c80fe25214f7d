package labbook.wallet.store;

import labbook.wallet.format.Entry;

/**
 * A wallet saved by rewriting its whole file ({@link #sync()}), as KWallet does: a put, a batch of puts and a close
 * each end in exactly one sync.
 */
public interface WholeFileWallet extends WalletStore {
    /** Adds or replaces an entry in memory only; the next {@link #sync()} saves it. */
    default void writeEntry(String folder, Entry entry) {
        contents().writeEntry(folder, entry);
    }

    /** Writes the whole wallet through {@link SaveFile}; returns the file's size in bytes. */
    long sync();

    @Override
    default long put(String folder, Entry entry) {
        writeEntry(folder, entry);
        return sync();
    }

    @Override
    default void putAll(String folder, Iterable<Entry> entries) {
        entries.forEach(e -> writeEntry(folder, e));
        sync();
    }

    @Override
    default void close() {
        sync();
    }
}
