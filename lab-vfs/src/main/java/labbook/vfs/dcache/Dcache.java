package labbook.vfs.dcache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * A model of the kernel's dentry cache over a tree's paths, and the two ways of walking a path
 * through it that the seed compares.
 *
 * <p><b>ref-walk</b> (2.6.32, the seed's baseline): take the shared {@code fs->lock} to read the
 * working folder and take references on it and its mount; then, for every component, find the
 * child, lock its {@code d_lock}, check it is still that parent's child of that name, increment
 * its count, unlock, and put the parent. Every walk stores to every ancestor it passes (the tree's
 * top, {@code drivers/}, {@code drivers/net/}...), so parallel walkers bounce those cache lines.
 * A miss while a rename was under way ({@code rename_lock}'s sequence moved) is looked up again.
 *
 * <p><b>RCU-walk</b> (store-free, Piggin's patch, merged in 2.6.38): read the working folder
 * under the fs sequence, then for every component find the child without a lock, sample its
 * {@code d_seq}, check its parent and name, and re-check the parent's sequence (hand over hand):
 * no store to any shared entry. Only the final entry gets a reference (a lockref cmpxchg), after
 * which its sequence is checked once more. Any change sends the walk back to a full ref-walk
 * (counted as a fall-back), as {@code -ECHILD} does in the kernel.
 *
 * <p>All paths are cached (no disk): a walk returns the inode, or null when no entry has that
 * path at that moment (a rename took it away).
 */
public final class Dcache {
    private static final VarHandle LONG_ARRAY = MethodHandles.arrayElementVarHandle(long[].class);

    /** The walks' start: git's working folder, the tree's top. */
    private final Dentry root;
    /** fs_struct: the reader count of 2.6.32's {@code fs->lock} rwlock and, for RCU-walk, its sequence. */
    private final long[] fsLock = new long[1];
    private final SeqLock fsSeq = new SeqLock();
    /** The vfsmount's {@code mnt_count}, shared by every ref-walk in 2.6.32. */
    private final long[] mountCount = new long[1];
    private final SeqLock renameLock = new SeqLock();
    private final int entries;

    private Dcache(Dentry root, int entries) {
        this.root = root;
        this.entries = entries;
    }

    /** Builds the cache from index paths ('/'-separated, relative); folders are implied. */
    public static Dcache of(List<String> paths) {
        long[] next = {1};
        Dentry top = new Dentry(null, "", new Inode(next[0]++, 0, true), true);
        int count = 1;
        for (String path : paths) {
            String[] parts = split(path);
            Dentry d = top;
            for (int i = 0; i < parts.length; i++) {
                boolean last = i == parts.length - 1;
                Dentry child = d.children.get(parts[i]);
                if (child == null) {
                    child = new Dentry(d, parts[i], new Inode(next[0]++, 0, !last), !last);
                    d.children.put(parts[i], child);
                    count++;
                } else if (!last && !child.isDirectory()) {
                    throw new IllegalArgumentException(path + ": " + child.path() + " is a file, not a folder");
                }
                d = child;
            }
        }
        return new Dcache(top, count);
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

    /** The entry at {@code path} now, read without the walks' protocol (for set-up and tests only). */
    public Dentry find(String path) {
        Dentry d = root;
        for (String part : split(path)) {
            if (d.children == null || (d = d.children.get(part)) == null) {
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
        Dentry d = rcuWalk(path, c);
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
        if (parent.children == null) {
            return null;
        }
        while (true) {
            int seq = renameLock.readBegin(c);
            Dentry child = parent.children.get(name);
            if (child != null) {
                child.lock(c);
                if (child.parent == parent && name.equals(child.name)) {
                    child.incrementLocked();
                    child.unlock();
                    return child;
                }
                child.unlock();
            }
            if (!renameLock.retry(seq)) {
                return null;
            }
            c.retries++;
        }
    }

    private void pathPut(Dentry d, WalkCounters c) {
        d.put(c);
        LONG_ARRAY.getAndAdd(mountCount, 0, -1L);
    }

    // RCU-walk -----------------------------------------------------------------------------

    /** Walks without a store; null means "drop to ref-walk" (a sequence moved, or a miss). */
    Dentry rcuWalk(String[] path, WalkCounters c) {
        Dentry parent;
        int pseq;
        int fs;
        do {
            fs = fsSeq.readBeginNoWait();
            parent = root;
            pseq = parent.readSeq();
        } while (fsSeq.retry(fs));
        if ((pseq & 1) != 0) {
            return null;
        }
        for (String name : path) {
            if (parent.children == null) {
                return null;
            }
            Dentry child = parent.children.get(name);
            if (child == null) {
                return null;
            }
            int cseq = child.readSeq();
            if ((cseq & 1) != 0 || child.parent != parent || !name.equals(child.name)) {
                return null;
            }
            if (parent.readSeq() != pseq) {
                return null;
            }
            parent = child;
            pseq = cseq;
        }
        c.seq = pseq;
        return parent;
    }

    // renames ------------------------------------------------------------------------------

    /**
     * d_move: moves {@code d} to {@code newName} in {@code newParent} (which must not hold that
     * name). Writers take rename_lock and the entry's d_lock and keep its sequence odd meanwhile.
     */
    public void rename(Dentry d, Dentry newParent, String newName, WalkCounters c) {
        if (!newParent.isDirectory()) {
            throw new IllegalArgumentException(newParent.path() + " is not a folder");
        }
        renameLock.writeLock(c);
        try {
            if (newParent.children.containsKey(newName)) {
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
                Dentry oldParent = d.parent;
                oldParent.children.remove(d.name, d);
                d.parent = newParent;
                d.name = newName;
                newParent.children.put(newName, d);
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
