package labbook.vfs.experiments.kernelprofile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import labbook.core.Child;
import labbook.core.LabException;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.peer.Git;
import labbook.vfs.tree.KernelTree;

/**
 * {@code runs} cached git diffs in a row, as git-diff runs them (the same pinned git, {@link CachedGitDiff#config}),
 * looped by {@code sh} and timed by GNU time around the loop: so the figures are the runs' own whether or not perf
 * record is wrapped around them (perf's start and its writing of samples are not in them).
 */
final class GitDiffLoop implements Workload {
    /** sh's loop: N runs of the command that follows, stopping at the first that fails. */
    private static final String LOOP =
            "n=$1; shift; i=0; while [ \"$i\" -lt \"$n\" ]; do \"$@\" || exit $?; i=$((i + 1)); done";
    /** GNU time's line: elapsed, user and system seconds. */
    private static final String TIMES = "%e %U %S";

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

    /** GNU time around sh's loop of {@code runs} git diffs; the times to {@code times}. */
    private List<String> timedLoop(int runs, Path times) {
        List<String> cmd = new ArrayList<>(
                List.of("time", "-f", TIMES, "-o", times.toString(), "sh", "-c", LOOP, "sh", Integer.toString(runs)));
        cmd.addAll(gitDiff());
        return cmd;
    }

    @Override
    public Times plain(int runs) {
        Path times = scratch.resolve("plain.times");
        Child.Spec spec = Child.spec("git diff loop", timedLoop(runs, times))
                .dir(tree.dir())
                .limit(limit(runs));
        Git.ENVIRONMENT.forEach(spec::env);
        try (Child c = Child.start(spec)) {
            if (c.waitFor() != 0) {
                throw c.failure("failed in " + tree.dir());
            }
        } catch (Child.CannotStart e) {
            throw new LabException("cannot run GNU time ('time'): " + e.getMessage() + " (apt-get install time)");
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

    /** GNU time's "ELAPSED USER SYS" line (its last: a failed command's status line comes before it). */
    static Times read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw LabException.cannot("read GNU time's figures in", file, e);
        }
        List<String> lines = text.lines().toList();
        String[] f =
                lines.isEmpty() ? new String[0] : lines.get(lines.size() - 1).split("\\s+");
        try {
            if (f.length == 3) {
                return new Times(Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]));
            }
        } catch (NumberFormatException e) {
            // the line below names the file
        }
        throw new LabException(file + ": not GNU time's 'elapsed user system' line: " + text);
    }
}
