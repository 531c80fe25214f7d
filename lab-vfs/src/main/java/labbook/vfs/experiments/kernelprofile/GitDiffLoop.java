package labbook.vfs.experiments.kernelprofile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import labbook.core.Child;
import labbook.core.ChildSpec;
import labbook.core.LabException;
import labbook.core.Measurement;
import labbook.core.TimedExec;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.peer.Git;
import labbook.vfs.tree.KernelTree;

/**
 * {@code runs} cached git diffs in a row, as git-diff runs them (the same pinned git, {@link CachedGitDiff#config}),
 * looped by {@code sh} and timed around the loop by lab-core's {@code timed-exec} (the loop's rusage, to the
 * microsecond, as every peer is timed): so the figures are the runs' own whether or not perf record is wrapped around
 * them (perf's start and its writing of samples are not in them).
 */
final class GitDiffLoop implements Workload {
    /** sh's loop: N runs of the command that follows, stopping at the first that fails. */
    private static final String LOOP =
            "n=$1; shift; i=0; while [ \"$i\" -lt \"$n\" ]; do \"$@\" || exit $?; i=$((i + 1)); done";

    private final KernelTree tree;
    private final String mode;
    private final int threads;
    private final Path scratch;

    GitDiffLoop(KernelTree tree, String mode, int preloadThreads, Path scratch) {
        this.tree = tree;
        this.mode = mode;
        this.threads = mode.equals(CachedGitDiff.PARALLEL) ? preloadThreads : 1;
        this.scratch = scratch;
    }

    @Override
    public String workload() {
        return "git-diff";
    }

    @Override
    public String setting() {
        return mode;
    }

    @Override
    public int threads() {
        return threads;
    }

    private List<String> gitDiff() {
        return tree.git().argv(CachedGitDiff.config(mode), "diff");
    }

    /** {@code timed-exec} around sh's loop of {@code runs} git diffs; its figures to {@code figures}. */
    private List<String> timedLoop(int runs, Path figures) {
        List<String> loop = new ArrayList<>(List.of("sh", "-c", LOOP, "sh", Integer.toString(runs)));
        loop.addAll(gitDiff());
        return TimedExec.wrap(figures, loop);
    }

    @Override
    public Times plain(int runs) {
        Path times = scratch.resolve("plain.times");
        ChildSpec spec = Child.spec("git diff loop", timedLoop(runs, times))
                .dir(tree.dir())
                .limit(limit(runs));
        Git.ENVIRONMENT.forEach(spec::env);
        try (Child c = Child.start(spec)) {
            if (c.waitFor() != 0) {
                throw c.failure("failed in " + tree.dir());
            }
        }
        return read(times);
    }

    @Override
    public Times profiled(Perf perf, Path data, int runs) {
        Path times = scratch.resolve("profiled.times");
        perf.record(timedLoop(runs, times), tree.dir(), Git.ENVIRONMENT, data, limit(runs));
        return read(times);
    }

    @Override
    public long lookupsPerRun(Perf perf) {
        return perf.count(gitDiff(), tree.dir(), Git.ENVIRONMENT, scratch.resolve("lookups.stat"));
    }

    /** A bound far above any loop of the lab's: a minute, and 10 s a run. */
    private static Duration limit(int runs) {
        return Duration.ofSeconds(60 + 10L * runs);
    }

    /** The loop's figures, which timed-exec leaves once the loop has ended. */
    private static Times read(Path figures) {
        try {
            Measurement m = TimedExec.read(figures, "git diff loop", "sh")
                    .orElseThrow(() -> new LabException(figures + ": the git diff loop ended without its figures"));
            return new Times(m.wallSeconds(), m.userSeconds(), m.systemSeconds());
        } finally {
            try {
                Files.deleteIfExists(figures);
            } catch (IOException e) {
                // a scratch file, deleted with the scratch folder
            }
        }
    }
}
