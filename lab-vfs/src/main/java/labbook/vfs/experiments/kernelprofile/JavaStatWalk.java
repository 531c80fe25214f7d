package labbook.vfs.experiments.kernelprofile;

import java.nio.file.Path;
import java.util.List;
import labbook.core.Measurement;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.experiments.PreloadWalk;

/**
 * The Java stat walk as stat-walk times it ({@link PreloadWalk}: one {@code statx} per index entry, not following a
 * link, as git's lstat; the index cut into contiguous slices, one thread a slice, the threads started for each walk as
 * git starts its own for each run). Profiled in this JVM: perf is attached to it and its threads, with events on only
 * around the walks.
 */
final class JavaStatWalk implements Workload {
    /** The walk's threads' name: perf keeps a thread's first 15 characters, so every walk thread is named alike. */
    private static final String THREAD_NAME = "kernel-profile-walk-";

    private final PreloadWalk walk;
    private final int threads;
    private final Path scratch;

    /** {@code walk} ({@link #walkOf}) on {@code threads} threads. */
    JavaStatWalk(PreloadWalk walk, int threads, Path scratch) {
        this.walk = walk;
        this.threads = threads;
        this.scratch = scratch;
    }

    /** The walk of {@code entries} in {@code treeDir}, set up once for every thread count ({@link PreloadWalk#of}). */
    static PreloadWalk walkOf(Path treeDir, List<String> entries) {
        return PreloadWalk.of(treeDir, entries, THREAD_NAME);
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

    /**
     * {@code runs} walks, each on {@link #threads} threads started for it. A size that changed is not counted here: the
     * experiment checks that the tree is clean after its rounds.
     */
    void walks(int runs) {
        for (int r = 0; r < runs; r++) {
            walk.walk(threads);
        }
    }
}
