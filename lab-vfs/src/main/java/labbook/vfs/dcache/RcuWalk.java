package labbook.vfs.dcache;

/**
 * The store-free walk of a {@link Dcache} (Piggin's patch, merged as RCU-walk in 2.6.38): read the working folder under
 * the fs sequence, then for every component find the child in its chain without a lock, sample its {@code d_seq}, check
 * its parent and name, and re-check the parent's sequence (hand over hand). Nothing is stored to a shared entry; any
 * change makes the walk give up (null), and {@link Dcache#statRcu} redoes it by ref-walk, as {@code -ECHILD} does in
 * the kernel.
 */
final class RcuWalk {
    private final Dcache cache;

    RcuWalk(Dcache cache) {
        this.cache = cache;
    }

    /** Walks without a store; null means "drop to ref-walk" (a sequence moved, or a miss). */
    Dentry walk(String[] path, WalkCounters c) {
        Dentry parent;
        int pseq;
        int fs;
        do {
            fs = cache.fsSeq.readBeginNoWait();
            parent = cache.root;
            pseq = parent.readSeq();
        } while (cache.fsSeq.retry(fs));
        if ((pseq & 1) != 0) {
            return null;
        }
        for (String name : path) {
            if (!parent.isDirectory()) {
                return null;
            }
            Dentry child = lookup(parent, name, c);
            if (child == null) {
                return null;
            }
            int cseq = c.seq;
            // hand over hand: the parent must not have changed while its child was looked up
            if (parent.readSeq() != pseq) {
                return null;
            }
            parent = child;
            pseq = cseq;
        }
        c.seq = pseq;
        return parent;
    }

    /**
     * __d_lookup_rcu: no lock, no store. Each candidate's sequence is sampled (odd masked off, so a rename in progress
     * fails the later check) before its parent and name are compared; the caller re-checks it, which is what makes
     * those unlocked comparisons trustworthy.
     */
    private Dentry lookup(Dentry parent, String name, WalkCounters c) {
        int h = name.hashCode();
        DentryHash hash = cache.hash;
        Dcache.Interleave interleave = cache.interleave;
        if (interleave != null) {
            interleave.at("lookup", parent);
        }
        for (Dentry d = hash.head(hash.bucket(parent, h)); d != null; d = d.hashNext) {
            int seq = d.readSeq() & ~1;
            if (d.parent != parent) {
                continue;
            }
            if (interleave != null) {
                interleave.at("rcu-candidate", d);
            }
            if (!d.hashed || d.nameHash != h || !name.equals(d.name)) {
                continue;
            }
            c.seq = seq;
            return d;
        }
        return null;
    }
}
