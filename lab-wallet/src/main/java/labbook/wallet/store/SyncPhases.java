package labbook.wallet.store;

/**
 * Where one whole-file sync spent its time beside the cipher, as its caller's thread saw it: how long the cipher waited
 * for the walk over the entries on the walk's thread (with nothing to encrypt), and how long the commit took after the
 * last byte was encrypted (the writes not yet done, the fdatasync if asked, the rename). sync-sweep prints them beside
 * sync / cipher: they tell a sync slowed by its own threads' scheduling from one slowed by its work.
 */
public record SyncPhases(long walkWaitNanos, long commitNanos) {
    /** Before the first sync. */
    public static final SyncPhases NONE = new SyncPhases(0, 0);
}
