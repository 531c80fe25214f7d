package labbook.vfs.dcache;

import java.util.concurrent.locks.LockSupport;

/**
 * A thread that keeps renaming one folder away and back ({@code mv drivers drivers.renamed; mv drivers.renamed
 * drivers}), pausing between pairs: the concurrent renames that make RCU-walk's sequence checks fail and ref-walk's
 * lookups retry.
 */
public final class Renamer implements AutoCloseable {
    private final Dcache cache;
    private final Dentry folder;
    private final String name;
    private final long pauseNanos;
    private final WalkCounters counters = new WalkCounters();
    private final Thread thread;
    private volatile boolean stop;
    private volatile long renames;

    public Renamer(Dcache cache, String path, long pauseNanos) {
        this.cache = cache;
        this.folder = cache.find(path);
        if (folder == null || folder.parent == null) {
            throw new IllegalArgumentException("no folder " + path + " to rename");
        }
        this.name = folder.name;
        this.pauseNanos = pauseNanos;
        this.thread = new Thread(this::loop, "renamer");
        thread.setDaemon(true);
    }

    public Renamer start() {
        thread.start();
        return this;
    }

    private void loop() {
        Dentry parent = folder.parent;
        String away = name + ".renamed";
        long n = 0;
        while (!stop) {
            cache.rename(folder, parent, away, counters);
            cache.rename(folder, parent, name, counters);
            n += 2;
            renames = n;
            if (pauseNanos > 0) {
                LockSupport.parkNanos(pauseNanos);
            }
        }
    }

    /** Renames done so far. */
    public long renames() {
        return renames;
    }

    @Override
    public void close() {
        stop = true;
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
