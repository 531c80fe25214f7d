package labbook.vfs.experiments.kernelprofile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import labbook.core.LabException;
import labbook.core.Measurement;
import labbook.vfs.experiments.CachedGitDiff;

/**
 * The Java stat walk as stat-walk times it: one {@code statx} per index entry (not following a link, as git's lstat),
 * the index cut into contiguous slices, one thread a slice, the threads started for each walk as git starts its own for
 * each run. Profiled in this JVM: perf is attached to it and its threads, with events on only around the walks.
 */
final class JavaStatWalk implements Workload {
    private final Path[] paths;
    private final int threads;
    private final Path scratch;

    private JavaStatWalk(Path[] paths, int threads, Path scratch) {
        this.paths = paths;
        this.threads = threads;
        this.scratch = scratch;
    }

    /**
     * The walk of {@code entries} in {@code treeDir} on {@code threads} threads. Paths are relative to the working
     * folder when the tree lies under it, as stat-walk's are: the kernel then walks about as many components as git
     * does from inside the tree.
     */
    static JavaStatWalk of(Path treeDir, List<String> entries, int threads, Path scratch) {
        Path cwd = Path.of("").toAbsolutePath();
        Path base = treeDir.startsWith(cwd) ? cwd.relativize(treeDir) : treeDir;
        return new JavaStatWalk(entries.stream().map(base::resolve).toArray(Path[]::new), threads, scratch);
    }

    @Override
    public String workload() {
        return "stat-walk";
    }

    @Override
    public String setting() {
        return threads == 1 ? CachedGitDiff.SERIAL : CachedGitDiff.PARALLEL;
    }

    @Override
    public int threads() {
        return threads;
    }

    @Override
    public Times plain(int runs) {
        return times(Measurement.of(() -> walks(runs)));
    }

    @Override
    public Times profiled(Perf perf, Path data, int runs) {
        Measurement m;
        try (Perf.Attached recording = perf.recordThisJvm(data)) {
            recording.enable();
            m = Measurement.of(() -> walks(runs));
            recording.disable();
            recording.stop();
        }
        return times(m);
    }

    @Override
    public long lookupsPerRun(Perf perf) {
        try (Perf.Attached counting = perf.countThisJvm(scratch.resolve("lookups.stat"))) {
            counting.enable();
            walks(1);
            counting.disable();
            return counting.counts();
        }
    }

    private static Times times(Measurement m) {
        return new Times(m.wallSeconds(), m.userSeconds(), m.systemSeconds());
    }

    /** {@code runs} walks, each on {@link #threads} threads started for it. */
    void walks(int runs) {
        for (int r = 0; r < runs; r++) {
            if (threads == 1) {
                statAll(0, paths.length);
                continue;
            }
            AtomicReference<RuntimeException> failed = new AtomicReference<>();
            Thread[] slices = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int from = (int) ((long) paths.length * t / threads);
                int to = (int) ((long) paths.length * (t + 1) / threads);
                slices[t] = new Thread(() -> statAll(from, to), "kernel-profile-walk-" + t);
                slices[t].setUncaughtExceptionHandler((thread, e) -> failed.compareAndSet(null, asRuntime(e)));
                slices[t].start();
            }
            for (Thread slice : slices) {
                try {
                    slice.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new LabException("kernel-profile's walk was interrupted");
                }
            }
            if (failed.get() != null) {
                throw failed.get();
            }
        }
    }

    private static RuntimeException asRuntime(Throwable e) {
        return e instanceof RuntimeException r ? r : new LabException("a walk's thread failed: " + e, e);
    }

    private void statAll(int from, int to) {
        for (int i = from; i < to; i++) {
            try {
                Files.readAttributes(paths[i], BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                throw new LabException("cannot stat " + paths[i] + " (the tree changed?): " + e.getMessage(), e);
            }
        }
    }
}
