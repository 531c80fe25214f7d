package labbook.vfs.experiments.kernelprofile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import labbook.core.LabException;
import labbook.core.Measurement;
import labbook.core.Peer;
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

    /** sh's loop of {@code runs} git diffs. */
    private List<String> loop(int runs) {
        List<String> loop = new ArrayList<>(List.of("sh", "-c", LOOP, "sh", Integer.toString(runs)));
        loop.addAll(gitDiff());
        return loop;
    }

    /** The loop as every peer is run and timed ({@link Peer}: timed-exec's rusage). */
    @Override
    public Times plain(int runs) {
        Peer loop = Peer.command(loop(runs)).dir(tree.dir()).limit(limit(runs));
        Git.ENVIRONMENT.forEach(loop::env);
        return times(loop.run().orThrow().time());
    }

    @Override
    public Times profiled(Perf perf, Path data, int runs) {
        // timed-exec inside perf record, so that the figures are the loop's and not perf's
        Path figures = scratch.resolve("profiled.times");
        perf.record(TimedExec.wrap(figures, loop(runs)), tree.dir(), Git.ENVIRONMENT, data, limit(runs));
        try {
            return times(TimedExec.read(figures, "git diff loop", "sh")
                    .orElseThrow(() -> new LabException(figures + ": the git diff loop ended without its figures")));
        } finally {
            try {
                Files.deleteIfExists(figures);
            } catch (IOException e) {
                // a scratch file, deleted with the scratch folder
            }
        }
    }

    @Override
    public long lookupsPerRun(Perf perf) {
        return perf.count(gitDiff(), tree.dir(), Git.ENVIRONMENT, scratch.resolve("lookups.stat"));
    }

    /** A bound far above any loop of the lab's: a minute, and 10 s a run. */
    private static Duration limit(int runs) {
        return Duration.ofSeconds(60 + 10L * runs);
    }

    private static Times times(Measurement m) {
        return new Times(m.wallSeconds(), m.userSeconds(), m.systemSeconds());
    }
}
