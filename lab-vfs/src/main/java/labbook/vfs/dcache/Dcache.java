package labbook.vfs.dcache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * A model of the kernel's dentry cache over a tree's paths, and the two ways of walking a path through it that the seed
 * compares.
 *
 * <p><b>ref-walk</b> (2.6.32, the seed's baseline): take the shared {@code fs->lock} to read the working folder and
 * take references on it and its mount; then, for every component, find the child in its (parent, name) chain of the
 * global hash table ({@link DentryHash}), lock its {@code d_lock}, check it is still that parent's child of that name,
 * increment its count, unlock, and put the parent. Every walk stores to every ancestor it passes (the tree's top,
 * {@code drivers/}, {@code drivers/net/}...), so parallel walkers bounce those cache lines. A miss while a rename was
 * under way ({@code rename_lock}'s sequence moved) is looked up again.
 *
 * <p><b>RCU-walk</b> (store-free, Piggin's patch, merged in 2.6.38): read the working folder under the fs sequence,
 * then for every component find the child in its chain without a lock, sample its {@code d_seq}, check its parent and
 * name, and re-check the parent's sequence (hand over hand): no store to any shared entry. Only the final entry gets a
 * reference (a lockref cmpxchg), after which its sequence is checked once more. Any change sends the walk back to a
 * full ref-walk (counted as a fall-back), as {@code -ECHILD} does in the kernel. The walk itself is {@link RcuWalk}.
 *
 * <p>All paths are cached (no disk): a walk returns the inode, or null when no entry has that path at that moment (a
 * rename took it away).
 */
public final class Dcache {
    private static final VarHandle LONG_ARRAY = MethodHandles.arrayElementVarHandle(long[].class);

    /** The walks' start: git's working folder, the tree's top. */
    final Dentry root;
    /** fs_struct: the reader count of 2.6.32's {@code fs->lock} rwlock and, for RCU-walk, its sequence. */
    private final long[] fsLock = new long[1];

    final SeqLock fsSeq = new SeqLock();
    /** The vfsmount's {@code mnt_count}, shared by every ref-walk in 2.6.32. */
    private final long[] mountCount = new long[1];

    private final SeqLock renameLock = new SeqLock();
    final DentryHash hash;
    private final int entries;
    /**
     * Tests only (null otherwise): called at the points where a concurrent rename can hurt a walk, so tests can put a
     * rename exactly there and show that the walks' checks are needed.
     */
    interface Interleave {
        /**
         * {@code point}: "lookup" (before a chain is read; {@code d} the parent), "rcu-candidate" (RCU-walk read a
         * candidate's parent, not yet its name), "ref-candidate" (ref-walk reached a candidate).
         */
        void at(String point, Dentry d);
    }

    final Interleave interleave;
    private final RcuWalk rcu = new RcuWalk(this);

    private Dcache(Dentry root, DentryHash hash, int entries, Interleave interleave) {
        this.root = root;
        this.hash = hash;
        this.entries = entries;
        this.interleave = interleave;
    }

    /** Builds the cache from index paths ('/'-separated, relative); folders are implied. */
    public static Dcache of(List<String> paths) {
        return of(paths, paths.size() * 2);
    }

    /**
     * The same with a hash table of about {@code buckets} chains: the kernel sizes its table to memory (a chain or less
     * per entry); tests shrink it so chains are long and renames make readers jump from chain to chain.
     */
    public static Dcache of(List<String> paths, int buckets) {
        return of(paths, buckets, null);
    }

    static Dcache of(List<String> paths, int buckets, Interleave interleave) {
        long next = 1;
        Dentry top = new Dentry(null, "", new Inode(next++, 0, true), true);
        DentryHash hash = new DentryHash(buckets);
        int count = 1;
        for (String path : paths) {
            String[] parts = split(path);
            Dentry d = top;
            for (int i = 0; i < parts.length; i++) {
                boolean last = i == parts.length - 1;
                Dentry child = hash.find(d, parts[i]);
                if (child == null) {
                    child = new Dentry(d, parts[i], new Inode(next++, 0, !last), !last);
                    hash.insert(child);
                    count++;
                } else if (!last && !child.isDirectory()) {
                    throw new IllegalArgumentException(path + ": " + child.path() + " is a file, not a folder");
                } else if (last) {
                    throw new IllegalArgumentException(path + " is listed twice");
                }
                d = child;
            }
        }
        return new Dcache(top, hash, count, interleave);
    }

    public static String[] split(String path) {
        String[] parts = path.split("/");
        for (String p : parts) {
            if (p.isEmpty() || p.equals(".") || p.equals("..")) {
                throw new IllegalArgumentException("not a plain relative path: '" + path + "'");
            }
        }
        return parts;
    }

    /** Dentries in the cache (entries and the folders they imply, the top included). */
    public int size() {
        return entries;
    }

    public Dentry root() {
        return root;
    }

    /** The hash chain (parent, name) belongs to (for tests that need two entries in one chain). */
    int bucketOf(Dentry parent, String name) {
        return hash.bucket(parent, name.hashCode());
    }

    /** The entry at {@code path} now, read without the walks' protocol (for set-up and tests only). */
    public Dentry find(String path) {
        Dentry d = root;
        for (String part : split(path)) {
            if (!d.isDirectory() || (d = hash.find(d, part)) == null) {
                return null;
            }
        }
        return d;
    }

    /** lstat through ref-walk: the inode at the path, or null if there is none. */
    public Inode statRef(String[] path, WalkCounters c) {
        Dentry d = refWalk(path, c);
        if (d == null) {
            c.misses++;
            return null;
        }
        Inode inode = d.inode;
        pathPut(d, c);
        return inode;
    }

    /** lstat through RCU-walk (falling back to ref-walk when a rename interferes). */
    public Inode statRcu(String[] path, WalkCounters c) {
        Dentry d = rcu.walk(path, c);
        if (d == null) {
            c.fallbacks++;
            return statRef(path, c);
        }
        // legitimise the final entry: the walk's only store to a dentry
        d.get(c);
        if (d.readSeq() != c.seq) {
            d.put(c);
            c.fallbacks++;
            return statRef(path, c);
        }
        Inode inode = d.inode;
        d.put(c);
        return inode;
    }

    // ref-walk -----------------------------------------------------------------------------

    /** Returns the final entry holding a reference (and one on the mount), or null with none held. */
    Dentry refWalk(String[] path, WalkCounters c) {
        // path_init: read_lock(&fs->lock); path_get(&fs->pwd); read_unlock(&fs->lock)
        LONG_ARRAY.getAndAdd(fsLock, 0, 1L);
        LONG_ARRAY.getAndAdd(mountCount, 0, 1L);
        Dentry d = root;
        d.get(c);
        LONG_ARRAY.getAndAdd(fsLock, 0, -1L);
        for (String name : path) {
            Dentry child = lookupRef(d, name, c);
            d.put(c);
            if (child == null) {
                LONG_ARRAY.getAndAdd(mountCount, 0, -1L);
                return null;
            }
            d = child;
        }
        return d;
    }

    /** d_lookup: __d_lookup under rename_lock's sequence, again if a rename may have hidden the entry. */
    private Dentry lookupRef(Dentry parent, String name, WalkCounters c) {
        if (!parent.isDirectory()) {
            return null;
        }
        while (true) {
            int seq = renameLock.readBegin(c);
            Dentry child = lookupLocked(parent, name, c);
            if (child != null) {
                return child;
            }
            if (!renameLock.retry(seq)) {
                return null;
            }
            c.retries++;
        }
    }

    /** __d_lookup: each candidate of the chain checked under its d_lock, the match's count raised there. */
    private Dentry lookupLocked(Dentry parent, String name, WalkCounters c) {
        int h = name.hashCode();
        if (interleave != null) {
            interleave.at("lookup", parent);
        }
        for (Dentry d = hash.head(hash.bucket(parent, h)); d != null; d = d.hashNext) {
            if (interleave != null) {
                interleave.at("ref-candidate", d);
            }
            if (d.nameHash != h || d.parent != parent) {
                continue;
            }
            d.lock(c);
            if (d.parent == parent && d.hashed && name.equals(d.name)) {
                d.incrementLocked();
                d.unlock();
                return d;
            }
            d.unlock();
        }
        return null;
    }

    private void pathPut(Dentry d, WalkCounters c) {
        d.put(c);
        LONG_ARRAY.getAndAdd(mountCount, 0, -1L);
    }

    // renames ------------------------------------------------------------------------------

    /**
     * d_move: moves {@code d} to {@code newName} in {@code newParent} (which must not hold that name). Writers take
     * rename_lock and the entry's d_lock and keep its sequence odd meanwhile.
     */
    public void rename(Dentry d, Dentry newParent, String newName, WalkCounters c) {
        if (!newParent.isDirectory()) {
            throw new IllegalArgumentException(newParent.path() + " is not a folder");
        }
        renameLock.writeLock(c);
        try {
            if (hash.find(newParent, newName) != null) {
                throw new IllegalArgumentException(newParent.path() + "/" + newName + " exists");
            }
            for (Dentry a = newParent; a != null; a = a.parent) {
                if (a == d) {
                    throw new IllegalArgumentException("cannot move " + d.path() + " into itself");
                }
            }
            d.lock(c);
            d.writeBegin();
            try {
                hash.remove(d);
                d.parent = newParent;
                d.name = newName;
                d.nameHash = newName.hashCode();
                hash.insert(d);
            } finally {
                d.writeEnd();
                d.unlock();
            }
        } finally {
            renameLock.writeUnlock();
        }
    }

    /** The shared counters ref-walk stores to besides dentries (for tests: every walk gives back what it took). */
    public long mountCount() {
        return (long) LONG_ARRAY.getVolatile(mountCount, 0);
    }
}
