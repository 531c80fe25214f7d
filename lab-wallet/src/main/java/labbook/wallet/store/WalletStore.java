package labbook.wallet.store;

import labbook.wallet.format.Entry;
import labbook.wallet.format.WalletContents;

/**
 * A wallet that makes each new entry durable at once, by its own strategy (a whole rewrite, an appended journal record,
 * one file per entry). Each reopens to exactly what was put.
 */
public interface WalletStore extends AutoCloseable {
    /** Adds or replaces an entry and saves it before returning; the number of bytes written. */
    long put(String folder, Entry entry);

    /** Adds entries without saving each one (to grow a store quickly between timed puts). */
    void putAll(String folder, Iterable<Entry> entries);

    WalletContents contents();

    @Override
    void close();
}
