package labbook.vfs.experiments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import labbook.core.LabException;

/**
 * A tree's index walked as git's preload-index walks it: one lstat per entry, the index cut into contiguous slices, one
 * thread a slice, each entry's size compared with the size read when the walk was set up (as preload compares stat data
 * with the index). stat-walk times it in a JVM of its own per walk; kernel-profile profiles it.
 */
public final class PreloadWalk {
    private final Path[] paths;
    private final long[] sizes;
    private final String threadName;

    private PreloadWalk(Path[] paths, long[] sizes, String threadName) {
        this.paths = paths;
        this.sizes = sizes;
        this.threadName = threadName;
    }

    /**
     * The walk of {@code entries} (index order) in {@code treeDir}, their sizes read now. Paths are relative to the
     * working folder when the tree lies under it: the kernel then walks only a few components more than git does from
     * inside the tree. A walk's threads are named {@code threadName} and their number (perf names a sample's thread by
     * the first 15 characters).
     */
    public static PreloadWalk of(Path treeDir, List<String> entries, String threadName) {
        Path base = treeDir;
        Path cwd = Path.of("").toAbsolutePath();
        if (treeDir.startsWith(cwd)) {
            base = cwd.relativize(treeDir);
        }
        Path[] paths = new Path[entries.size()];
        long[] sizes = new long[paths.length];
        for (int i = 0; i < paths.length; i++) {
            paths[i] = base.resolve(entries.get(i));
            sizes[i] = lstat(paths[i]).size();
        }
        return new PreloadWalk(paths, sizes, threadName);
    }

    /** lstat calls in one walk: one per index entry. */
    public int paths() {
        return paths.length;
    }

    /**
     * One walk on {@code threads} threads, each its contiguous slice; returns the entries whose size changed. The
     * threads are started for each walk, as git starts its own for each run.
     */
    public long walk(int threads) {
        if (threads == 1) {
            return slice(0, paths.length);
        }
        long[] mismatches = new long[threads];
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            int index = i;
            int from = (int) ((long) paths.length * i / threads);
            int to = (int) ((long) paths.length * (i + 1) / threads);
            workers[i] = new Thread(
                    () -> {
                        try {
                            mismatches[index] = slice(from, to);
                        } catch (RuntimeException e) {
                            failure.compareAndSet(null, e);
                        }
                    },
                    threadName + i);
            workers[i].start();
        }
        long total = 0;
        for (int i = 0; i < threads; i++) {
            try {
                workers[i].join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LabException("the walk was interrupted");
            }
            total += mismatches[i];
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        return total;
    }

    private long slice(int from, int to) {
        long mismatches = 0;
        for (int i = from; i < to; i++) {
            if (lstat(paths[i]).size() != sizes[i]) {
                mismatches++;
            }
        }
        return mismatches;
    }

    /** One {@code statx}, not following a symbolic link, as git's lstat. */
    private static BasicFileAttributes lstat(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new LabException("cannot lstat " + p + " (the tree changed?): " + e.getMessage(), e);
        }
    }
}
