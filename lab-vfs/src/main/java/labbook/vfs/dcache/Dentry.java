package labbook.vfs.dcache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A directory entry of the model: a name in a parent folder, bound to an inode. Like the kernel's {@code struct dentry}
 * it keeps, in one object (so on neighbouring cache lines), the fields both walks touch:
 *
 * <ul>
 *   <li>{@code seq}, the {@code d_seq} sequence count: odd while a rename changes the entry; RCU-walk only reads it;
 *   <li>{@code lockref}, the {@code d_lock} spin lock and the {@code d_count} reference count in one word (bit 0 the
 *       lock, the count above it), as in today's {@code struct lockref}: ref-walk locks it and changes the count on
 *       every entry it passes.
 * </ul>
 *
 * Entries are found through {@link DentryHash}, one global table of chains keyed by (parent, name), as the kernel's
 * {@code dentry_hashtable}: readers traverse the chains without a store; a rename moves an entry from one chain to
 * another under readers' feet.
 */
public final class Dentry {
    private static final VarHandle SEQ;
    private static final VarHandle LOCKREF;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            SEQ = l.findVarHandle(Dentry.class, "seq", int.class);
            LOCKREF = l.findVarHandle(Dentry.class, "lockref", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The inode this entry names: its identity never changes, whatever the entry's name becomes. */
    final Inode inode;

    final boolean directory;
    volatile Dentry parent;
    volatile String name;
    /** The name's hash, compared before the name itself (the kernel's hash_len). */
    volatile int nameHash;
    /** The next entry of this entry's hash chain: left as it was when the entry is unhashed, so readers go on. */
    volatile Dentry hashNext;
    /** Whether the entry is in the hash table (not d_unhashed). */
    volatile boolean hashed;

    @SuppressWarnings("unused") // through SEQ
    private volatile int seq;

    @SuppressWarnings("unused") // through LOCKREF
    private volatile long lockref;

    Dentry(Dentry parent, String name, Inode inode, boolean directory) {
        this.parent = parent;
        this.name = name;
        this.nameHash = name.hashCode();
        this.inode = inode;
        this.directory = directory;
    }

    public Inode inode() {
        return inode;
    }

    public boolean isDirectory() {
        return directory;
    }

    // d_seq ---------------------------------------------------------------------------------

    int readSeq() {
        return (int) SEQ.getAcquire(this);
    }

    void writeBegin() {
        SEQ.setVolatile(this, (int) SEQ.getVolatile(this) + 1);
    }

    void writeEnd() {
        SEQ.setRelease(this, (int) SEQ.getVolatile(this) + 1);
    }

    // lockref: d_lock and d_count -------------------------------------------------------------

    /** spin_lock(&d_lock): CAS the lock bit in; every turn spent waiting is counted. */
    void lock(WalkCounters c) {
        int turns = 0;
        while (true) {
            long v = (long) LOCKREF.getVolatile(this);
            if ((v & 1) == 0 && LOCKREF.compareAndSet(this, v, v | 1)) {
                return;
            }
            c.lockSpins++;
            Spin.pause(++turns);
        }
    }

    void unlock() {
        LOCKREF.setRelease(this, (long) LOCKREF.getVolatile(this) & ~1L);
    }

    /** d_count++ while holding d_lock (a plain store on the shared line). */
    void incrementLocked() {
        LOCKREF.setVolatile(this, (long) LOCKREF.getVolatile(this) + 2);
    }

    /** dput: the lockless fast path, a cmpxchg of the count when the lock is free. */
    void put(WalkCounters c) {
        addRef(-2, c);
    }

    /** lockref_get: the same cmpxchg upward; RCU-walk's only store, on the final entry. */
    void get(WalkCounters c) {
        addRef(2, c);
    }

    /**
     * The lockref cmpxchg loop both share; {@code delta} is +2 or -2, one count (the count sits above bit 0, the lock).
     */
    private void addRef(long delta, WalkCounters c) {
        int turns = 0;
        while (true) {
            long v = (long) LOCKREF.getVolatile(this);
            if ((v & 1) == 0) {
                if (LOCKREF.compareAndSet(this, v, v + delta)) {
                    return;
                }
                c.failedCas++;
            } else {
                c.lockSpins++;
            }
            Spin.pause(++turns);
        }
    }

    /** The reference count (for tests: every walk gives back what it took). */
    public long refCount() {
        return ((long) LOCKREF.getVolatile(this)) >> 1;
    }

    /** The entry's current path from the tree's top (for tests and messages). */
    public String path() {
        StringBuilder b = new StringBuilder();
        for (Dentry d = this; d.parent != null; d = d.parent) {
            b.insert(0, b.length() == 0 ? d.name : d.name + "/");
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return path() + " -> inode " + inode.number();
    }
}
