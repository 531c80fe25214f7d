package labbook.wallet.experiments.savestrategies;

import java.nio.file.Path;
import labbook.core.KebabLabel;
import labbook.core.Variant;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.store.FilePerEntryStore;
import labbook.wallet.store.JournalWallet;
import labbook.wallet.store.KwlBackend;
import labbook.wallet.store.WalletStore;

/**
 * The ways to make one new entry durable at once that save-strategies compares (its variants); each a real store,
 * labelled in kebab case ({@code file-per-entry}).
 */
public enum SaveStrategy implements KebabLabel, Variant {
    /** What the seed measured: a whole KWallet sync (today's KF5 format), no fsync. */
    REWRITE,
    /** A whole sync as today's QSaveFile does it: fdatasync before the rename. */
    REWRITE_FDATASYNC,
    /** The seed's workaround: encrypt the new entry alone and append it to a journal, fdatasync. */
    JOURNAL,
    /** pass's design: one encrypted file per entry, written through a temp file, fdatasync. */
    FILE_PER_ENTRY;

    @Override
    public String label() {
        return KebabLabel.super.label();
    }

    /** Whether the save waits for the disk: every strategy but the seed's plain rewrite. */
    public boolean fdatasync() {
        return this != REWRITE;
    }

    public WalletStore create(Path dir, byte[] password) {
        return switch (this) {
            case REWRITE, REWRITE_FDATASYNC ->
                KwlBackend.create(dir.resolve("w.kwl"), KwlFormat.KF5, password, fdatasync());
            case JOURNAL ->
                JournalWallet.create(dir.resolve("w.kwl"), password, fdatasync(), JournalWallet.DEFAULT_FOLD_EVERY);
            case FILE_PER_ENTRY -> FilePerEntryStore.create(dir.resolve("store"), password, fdatasync());
        };
    }

    public WalletStore reopen(Path dir, byte[] password) {
        return switch (this) {
            case REWRITE, REWRITE_FDATASYNC -> KwlBackend.open(dir.resolve("w.kwl"), password, fdatasync());
            case JOURNAL ->
                JournalWallet.open(dir.resolve("w.kwl"), password, fdatasync(), JournalWallet.DEFAULT_FOLD_EVERY);
            case FILE_PER_ENTRY -> FilePerEntryStore.open(dir.resolve("store"), password, fdatasync());
        };
    }
}
