package labbook.vfs.experiments;

import java.util.List;
import labbook.core.LabException;
import labbook.core.PeerResult;
import labbook.vfs.tree.KernelTree;

/**
 * One cached {@code git diff} over a clean tree, serial or parallel, and the names of those two modes: how git-diff and
 * stat-walk both run git, so that stat-walk's reference runs are the same runs git-diff measures. {@link #SERIAL} and
 * {@link #PARALLEL} are the {@code mode} values of their CSVs, which {@code reports} reads by them.
 */
public final class CachedGitDiff {
    /** {@code core.preloadIndex=false}: one thread lstats every index entry. */
    public static final String SERIAL = "serial";
    /** {@code core.preloadIndex=true}: git's preload-index threads lstat the index in slices. */
    public static final String PARALLEL = "parallel";

    private CachedGitDiff() {}

    /**
     * Both modes for round {@code round}: serial first in even rounds, parallel first in odd ones, so that drift on a
     * shared machine falls on both modes alike.
     */
    public static List<String> modesInOrder(int round) {
        return round % 2 == 0 ? List.of(SERIAL, PARALLEL) : List.of(PARALLEL, SERIAL);
    }

    /** The git configuration of {@code mode}: {@code core.preloadIndex} false (serial) or true (parallel). */
    public static List<String> config(String mode) {
        return List.of("core.preloadIndex=" + mode.equals(PARALLEL));
    }

    /**
     * One {@code git diff} in {@code mode}, with git's pinned configuration, measured by lab-core's {@code Peer} (the
     * child's own user and system CPU); a run that fails is one line.
     */
    public static PeerResult run(KernelTree tree, String mode) {
        PeerResult r = tree.git().start(tree.git().command(tree.dir(), config(mode), "diff"));
        if (!r.ok()) {
            throw new LabException("git diff failed in " + tree.dir() + " (exit " + r.exitCode() + "): "
                    + r.stderr().lines().findFirst().orElse("no message"));
        }
        return r;
    }
}
