package labbook.vfs.dcache;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The dentry hash table: one table of chains for the whole cache, keyed by (parent, name), as the kernel's
 * {@code dentry_hashtable}. Readers walk a chain with plain loads and no lock, so they must check each candidate's
 * parent and name themselves. Writers lock the bucket; an entry taken out keeps its {@code hashNext}, so a reader
 * standing on it carries on, and an entry put back in another chain takes that chain's head as its {@code hashNext}: a
 * reader standing on it jumps chains and may miss what it looked for. Hence ref-walk's rename_lock retry and RCU-walk's
 * sequence checks.
 */
final class DentryHash {
    private final AtomicReferenceArray<Dentry> heads;
    private final Object[] bucketLocks;
    private final int mask;

    DentryHash(int buckets) {
        int size = Integer.highestOneBit(Math.max(1, buckets - 1)) << 1;
        this.heads = new AtomicReferenceArray<>(size);
        this.mask = size - 1;
        this.bucketLocks = new Object[Math.min(size, 256)];
        for (int i = 0; i < bucketLocks.length; i++) {
            bucketLocks[i] = new Object();
        }
    }

    int buckets() {
        return mask + 1;
    }

    int bucket(Dentry parent, int nameHash) {
        long h = parent.inode.number() * 0x9E3779B97F4A7C15L;
        int x = (int) (h >>> 32) ^ nameHash;
        return (x ^ (x >>> 16)) & mask;
    }

    Dentry head(int bucket) {
        return heads.get(bucket);
    }

    /** d_rehash: at the head of its (parent, name) chain. */
    void insert(Dentry d) {
        int b = bucket(d.parent, d.nameHash);
        synchronized (bucketLocks[b % bucketLocks.length]) {
            d.hashNext = heads.get(b);
            d.hashed = true;
            heads.set(b, d);
        }
    }

    /** __d_drop: out of its chain, its own hashNext left in place for readers standing on it. */
    void remove(Dentry d) {
        int b = bucket(d.parent, d.nameHash);
        synchronized (bucketLocks[b % bucketLocks.length]) {
            d.hashed = false;
            Dentry e = heads.get(b);
            if (e == d) {
                heads.set(b, d.hashNext);
                return;
            }
            for (; e != null; e = e.hashNext) {
                if (e.hashNext == d) {
                    e.hashNext = d.hashNext;
                    return;
                }
            }
        }
        throw new IllegalStateException(d.path() + " was not in its hash chain");
    }

    /** The entry (parent, name) now, for set-up and writers (which hold rename_lock), not for the walks. */
    Dentry find(Dentry parent, String name) {
        int h = name.hashCode();
        for (Dentry d = heads.get(bucket(parent, h)); d != null; d = d.hashNext) {
            if (d.parent == parent && d.hashed && d.nameHash == h && name.equals(d.name)) {
                return d;
            }
        }
        return null;
    }
}
