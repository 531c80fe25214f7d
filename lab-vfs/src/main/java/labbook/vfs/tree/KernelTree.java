package labbook.vfs.tree;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import labbook.core.LabException;
import labbook.core.Mode;
import labbook.core.OwnedScratch;
import labbook.core.PeerResult;
import labbook.core.Progress;
import labbook.vfs.peer.Git;

/**
 * The workload: a kernel tree as a git repository with a clean index (every entry's stat data matches the file, so
 * {@code git diff} only lstats and compares). Its sources are {@link TreeSource}s: the shipped manifest of linux 6.1
 * (offline, the default; whole for full mode, a quarter for quick mode), Debian's linux-source-6.1 tarball, or any
 * folder or repository.
 *
 * <p>A tree is built in a hidden {@code .DIR.<pid>.<n>.partial} beside it (lab-core's {@link OwnedScratch}: removed on
 * a failure or a signal, and by a later build once the process that left it is gone) and renamed to {@code DIR} when
 * whole, and carries a marker naming its source, so re-running reuses it and an interrupted build is never mistaken for
 * a tree.
 *
 * <p>The default locations are under {@code <repo>/target/lab-vfs/}: outside git's tracking (the lab's .gitignore
 * ignores target/), outside results/ (which holds only CSVs and run.json), and disposable: {@code mvn clean} at the
 * root removes them and the next run rebuilds them.
 */
public final class KernelTree {
    /** The marker inside .git saying which source built this tree. */
    static final String MARKER = "labbook-vfs-tree";
    /** The kind of {@link OwnedScratch} a tree is built in. */
    static final String PARTIAL = "partial";

    private final Path dir;
    private final Git git;

    private KernelTree(Path dir, Git git) {
        this.dir = dir;
        this.git = git;
    }

    /**
     * The tree experiments use in {@code mode} when none is given: built from the manifest (quick: a quarter of it).
     */
    public static Path defaultDir(Mode mode) {
        return TreeSource.manifest(mode).defaultDir();
    }

    public Path dir() {
        return dir;
    }

    public Git git() {
        return git;
    }

    /**
     * The tree an experiment runs on: without {@code requested}, the mode's default tree, built from the manifest when
     * missing; any other folder must already be a tree (one line otherwise). The tree must be clean.
     */
    public static KernelTree forExperiment(Path requested, Mode mode, Git git) {
        git.requireInstalled();
        if (requested != null) {
            return open(requested.toAbsolutePath().normalize(), git);
        }
        Path dir = defaultDir(mode);
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            System.err.println("no workload tree yet: building " + dir + " from the linux 6.1 manifest (once)");
        }
        return build(TreeSource.manifest(mode), dir, git);
    }

    /** An existing tree, checked: a git work tree, with a clean index. */
    public static KernelTree open(Path dir, Git git) {
        if (!Files.exists(dir)) {
            throw new LabException("no tree at " + dir + ": run `tree` first (or pass --tree DIR)");
        }
        if (!Files.isDirectory(dir)) {
            throw new LabException("the tree " + dir + " is not a folder");
        }
        if (!Files.exists(dir.resolve(".git"))) {
            throw new LabException(
                    dir + " is not a git repository: build a tree there with `tree --source " + dir + "`");
        }
        KernelTree tree = new KernelTree(dir, git);
        tree.requireClean();
        return tree;
    }

    /** Builds (or reuses) the tree at {@code dir} from {@code source}. */
    public static KernelTree build(TreeSource source, Path dir, Git git) {
        git.requireInstalled();
        Path target = dir.toAbsolutePath().normalize();
        String marker = source.describe();
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            Path markerFile = target.resolve(".git").resolve(MARKER);
            if (Files.isRegularFile(markerFile)) {
                String existing = readMarker(markerFile);
                if (!existing.equals(marker)) {
                    throw new LabException(target + " holds a tree built from " + existing + ", not " + marker
                            + ": pass another --dir");
                }
                System.err.println("reusing the tree at " + target + " (" + existing + ")");
                return open(target, git);
            }
            throw new LabException(
                    target + " exists and is not a tree built by lab-vfs: remove it or pass another --dir");
        }
        requireWritable(target.getParent());
        OwnedScratch.removeStale(target, PARTIAL)
                .forEach(p -> System.err.println("removed " + p + ", left by an interrupted build"));
        OwnedScratch owned = OwnedScratch.claim(target, PARTIAL, OwnedScratch.Type.FOLDER);
        Path partial = owned.path();
        long start = System.nanoTime();
        try (owned) {
            git.run(partial, "init", "-q").orThrow();
            git.run(partial, "config", "gc.auto", "0").orThrow();
            source.fill(partial, git);
            refreshIndex(partial, git);
            Files.writeString(partial.resolve(".git").resolve(MARKER), marker + "\n", StandardCharsets.UTF_8);
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
            owned.release();
        } catch (IOException e) {
            throw LabException.cannot("build the tree in", partial, e);
        }
        KernelTree tree = open(target, git);
        System.err.printf(
                "built %s: %,d index entries from %s in %s%n",
                target, tree.entries().size(), marker, Progress.human(Duration.ofNanos(System.nanoTime() - start)));
        return tree;
    }

    /** The index's paths, in index order (what preload-index slices among its threads). */
    public List<String> entries() {
        PeerResult r = git.capture(dir, "ls-files", "-z").orThrow();
        List<String> paths = new ArrayList<>(80_000);
        for (String p : r.stdoutText().split("\0")) {
            if (!p.isEmpty()) {
                paths.add(p);
            }
        }
        return paths;
    }

    /** Clean: no tracked file differs from the index or HEAD, so {@code git diff} prints nothing. */
    public void requireClean() {
        PeerResult r = git.capture(dir, "--no-optional-locks", "status", "--porcelain", "--untracked-files=no");
        if (!r.ok()) {
            throw new LabException(dir + " is not a usable git tree: "
                    + r.stderr().lines().findFirst().orElse("git status failed"));
        }
        if (!r.stdoutText().isBlank()) {
            long changed = r.stdoutText().lines().count();
            throw new LabException("the tree " + dir + " is not clean (" + changed + " changed "
                    + (changed == 1 ? "entry" : "entries") + ", first: "
                    + r.stdoutText().lines().findFirst().orElse("").trim()
                    + "): restore it with `git checkout -- .` or build a new one");
        }
    }

    private static String readMarker(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw LabException.cannot("read", file, e);
        }
    }

    /**
     * The folder must accept new files. The owner's write bit is checked as well as a real write, so a read-only folder
     * is refused even for root (who may write anywhere).
     */
    public static void requireWritable(Path folder) {
        Path existing = folder;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            throw new LabException("cannot create " + folder + ": " + existing + " is not a folder");
        }
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(existing);
            if (!perms.contains(PosixFilePermission.OWNER_WRITE) || !Files.isWritable(existing)) {
                throw new LabException("no write permission in " + existing + ": choose another --dir");
            }
            Files.createDirectories(folder);
            Path probe = Files.createTempFile(folder, ".labbook-probe", "");
            Files.delete(probe);
        } catch (IOException | UnsupportedOperationException e) {
            throw new LabException("no write permission in " + folder + ": " + e.getMessage(), e);
        }
    }

    /**
     * Files written in the same second as the index are "racily clean": git would re-read them on every diff. Waiting
     * past that second and refreshing rewrites the index with settled stat data.
     */
    static void refreshIndex(Path root, Git git) {
        try {
            Thread.sleep(1100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        git.run(root, "update-index", "-q", "--refresh");
    }
}
