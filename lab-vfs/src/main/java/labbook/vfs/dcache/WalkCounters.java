package labbook.vfs.dcache;

/**
 * Contention seen by one walking thread. Each thread owns its counters (plain fields, no shared stores), so counting
 * does not itself add the cache-line traffic the model is about; they are summed after the threads stop.
 */
public final class WalkCounters {
    /** compare-and-swap attempts that lost a race (lockref get, dput, the final reference). */
    public long failedCas;
    /** turns spent waiting for a held spin lock (fs lock, d_lock, the rename seqlock). */
    public long lockSpins;
    /** RCU-walks abandoned for a ref-walk because a sequence count changed under them. */
    public long fallbacks;
    /** ref-walk lookups repeated because a rename happened meanwhile (rename_lock's sequence moved). */
    public long retries;
    /** walks that found no entry at their path (a rename had taken it away at that moment). */
    public long misses;
    /** Scratch, not a counter: the final entry's sequence as RCU-walk sampled it (nameidata's seq). */
    int seq;

    public void add(WalkCounters other) {
        failedCas += other.failedCas;
        lockSpins += other.lockSpins;
        fallbacks += other.fallbacks;
        retries += other.retries;
        misses += other.misses;
    }

    public WalkCounters copy() {
        WalkCounters c = new WalkCounters();
        c.add(this);
        return c;
    }

    public WalkCounters minus(WalkCounters earlier) {
        WalkCounters c = copy();
        c.failedCas -= earlier.failedCas;
        c.lockSpins -= earlier.lockSpins;
        c.fallbacks -= earlier.fallbacks;
        c.retries -= earlier.retries;
        c.misses -= earlier.misses;
        return c;
    }
}
