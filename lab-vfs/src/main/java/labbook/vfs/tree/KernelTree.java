package labbook.vfs.tree;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import labbook.core.LabException;
import labbook.core.PeerResult;
import labbook.core.Progress;
import labbook.core.Repo;
import me.tongfei.progressbar.ProgressBar;

/**
 * The workload: a kernel tree as a git repository with a clean index (every entry's stat data
 * matches the file, so {@code git diff} only lstats and compares).
 *
 * <p>Sources: the shipped manifest of linux 6.1 (offline, the default: real paths, small
 * generated contents), Debian's linux-source-6.1 tarball (the real bytes), or any folder or git
 * repository. A tree is built in {@code DIR.partial} and renamed to {@code DIR} when whole, and
 * carries a marker naming its source, so re-running reuses it and an interrupted build is never
 * mistaken for a tree.
 *
 * <p>The default location is {@code <repo>/target/lab-vfs/linux-6.1-tree}: outside git's
 * tracking (the lab's .gitignore ignores target/), outside results/ (which holds only CSVs and
 * run.json), and disposable: {@code mvn clean} at the root removes it and the next run rebuilds it.
 */
public final class KernelTree {
    /** The marker inside .git saying which source built this tree. */
    static final String MARKER = "labbook-vfs-tree";
    public static final String LINUX_SOURCE = "linux-source";
    public static final Path DEBIAN_TARBALL = Path.of("/usr/src/linux-source-6.1.tar.xz");

    private final Path dir;
    private final Git git;

    private KernelTree(Path dir, Git git) {
        this.dir = dir;
        this.git = git;
    }

    public static Path defaultDir() {
        return Repo.root().resolve("target").resolve("lab-vfs").resolve("linux-6.1-tree");
    }

    /** Where a tree from {@code source} goes when no --dir is given. */
    public static Path defaultDir(String source) {
        if (source == null || source.equals("manifest")) {
            return defaultDir();
        }
        String name = source.equals(LINUX_SOURCE) ? "linux-source-6.1" : Path.of(source).toAbsolutePath().normalize().getFileName().toString();
        return Repo.root().resolve("target").resolve("lab-vfs").resolve(name + "-tree");
    }

    public Path dir() {
        return dir;
    }

    public Git git() {
        return git;
    }

    /**
     * The tree an experiment runs on: the default tree is built from the manifest when missing;
     * any other folder must already be a tree (one line otherwise). The tree must be clean.
     */
    public static KernelTree forExperiment(Path requested, Git git) {
        git.requireInstalled();
        Path dir = (requested == null ? defaultDir() : requested).toAbsolutePath().normalize();
        if (requested == null && !Files.exists(dir)) {
            System.err.println("no workload tree yet: building " + dir + " from the linux 6.1 manifest (once)");
            return build(null, dir, git);
        }
        return open(dir, git);
    }

    /** An existing tree, checked: a git work tree, with a clean index. */
    public static KernelTree open(Path dir, Git git) {
        if (!Files.isDirectory(dir)) {
            throw new LabException("no tree at " + dir + ": run `tree` first (or pass --tree DIR)");
        }
        if (!Files.exists(dir.resolve(".git"))) {
            throw new LabException(dir + " is not a git repository: build a tree there with `tree --source " + dir + "`");
        }
        KernelTree tree = new KernelTree(dir, git);
        tree.requireClean();
        return tree;
    }

    /**
     * Builds (or reuses) the tree at {@code dir} from {@code source}: null or "manifest" for the
     * shipped manifest, "linux-source" for Debian's tarball, otherwise a folder or repository.
     */
    public static KernelTree build(String source, Path dir, Git git) {
        git.requireInstalled();
        String src = source == null ? "manifest" : source;
        Path target = dir.toAbsolutePath().normalize();
        String marker = describe(src);
        if (Files.exists(target)) {
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
            throw new LabException(target + " exists and is not a tree built by lab-vfs: remove it or pass another --dir");
        }
        Path parent = target.getParent();
        requireWritable(parent);
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        deleteRecursively(partial);
        long start = System.nanoTime();
        try {
            Files.createDirectories(partial);
            if (src.equals("manifest")) {
                writeFromManifest(KernelManifest.linux61(), partial);
            } else if (src.equals(LINUX_SOURCE)) {
                extractTarball(DEBIAN_TARBALL, partial, git);
            } else {
                Path from = Path.of(src).toAbsolutePath().normalize();
                if (!Files.isDirectory(from)) {
                    throw new LabException("tree source " + from + " is not a folder");
                }
                if (Files.exists(from.resolve(".git"))) {
                    Files.delete(partial);
                    git.run(parent, "clone", "-q", "--no-hardlinks", from.toString(), partial.toString()).orThrow();
                    git.run(partial, "config", "gc.auto", "0").orThrow();
                } else {
                    copyFolder(from, partial);
                }
            }
            if (!Files.exists(partial.resolve(".git"))) {
                commitAll(partial, git, marker);
            }
            refreshIndex(partial, git);
            Files.writeString(partial.resolve(".git").resolve(MARKER), marker + "\n", StandardCharsets.UTF_8);
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new LabException("cannot build the tree in " + partial + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            deleteRecursively(partial);
            throw e;
        }
        KernelTree tree = open(target, git);
        System.err.printf("built %s: %,d index entries from %s in %s%n", target, tree.entries().size(), marker,
                Progress.human(java.time.Duration.ofNanos(System.nanoTime() - start)));
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
            throw new LabException(dir + " is not a usable git tree: " + r.stderr().lines().findFirst().orElse("git status failed"));
        }
        if (!r.stdoutText().isBlank()) {
            long changed = r.stdoutText().lines().count();
            throw new LabException("the tree " + dir + " is not clean (" + changed + " changed "
                    + (changed == 1 ? "entry" : "entries") + ", first: " + r.stdoutText().lines().findFirst().orElse("").trim()
                    + "): restore it with `git checkout -- .` or build a new one");
        }
    }

    static String describe(String source) {
        if (source.equals("manifest")) {
            return "manifest linux-6.1";
        }
        if (source.equals(LINUX_SOURCE)) {
            return "linux-source " + DEBIAN_TARBALL;
        }
        return "path " + Path.of(source).toAbsolutePath().normalize();
    }

    private static String readMarker(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new LabException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The folder must accept new files. The owner's write bit is checked as well as a real
     * write, so a read-only folder is refused even for root (who may write anywhere).
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

    /** Real paths, small contents: a comment line naming the file (safe in .gitignore and .gitattributes too). */
    static void writeFromManifest(KernelManifest manifest, Path root) throws IOException {
        try (ProgressBar bar = Progress.bar("tree: writing files", manifest.size(), "files")) {
            for (KernelManifest.Entry e : manifest.entries()) {
                Path p = root.resolve(e.path());
                Files.createDirectories(p.getParent());
                if (e.kind() == KernelManifest.Kind.SYMLINK) {
                    Files.createSymbolicLink(p, Path.of(e.target()));
                } else {
                    Files.writeString(p, "# " + e.path() + " (" + e.sizeBytes() + " bytes in linux 6.1)\n", StandardCharsets.UTF_8);
                }
                bar.step();
            }
        }
    }

    static void extractTarball(Path tarball, Path root, Git git) {
        if (!Files.isRegularFile(tarball)) {
            throw new LabException(tarball + " not found: install it with `apt-get install --no-install-recommends linux-source-6.1`");
        }
        System.err.println("tree: unpacking " + tarball + " (about a minute)");
        PeerResult r;
        try {
            r = labbook.core.Peer.command("tar", "-xJf", tarball.toString(), "-C", root.toString(), "--strip-components=1").run();
        } catch (LabException noTar) {
            throw new LabException("cannot run tar to unpack " + tarball + " (install tar and xz-utils)");
        }
        r.orThrow();
    }

    static void copyFolder(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(d).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
                Files.copy(f, to.resolve(from.relativize(f).toString()), LinkOption.NOFOLLOW_LINKS,
                        StandardCopyOption.COPY_ATTRIBUTES);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** git init, gc.auto=0 before anything is committed, add everything (the kernel's .gitignore ignores all), commit. */
    static void commitAll(Path root, Git git, String marker) {
        System.err.println("tree: git init, add -A -f, commit (tens of seconds for a kernel tree)");
        git.run(root, "init", "-q").orThrow();
        git.run(root, "config", "gc.auto", "0").orThrow();
        git.run(root, "add", "-A", "-f").orThrow();
        git.start(git.command(root, List.of("user.name=labbook", "user.email=labbook@localhost"),
                "commit", "-q", "--no-verify", "-m", "workload tree: " + marker)
                .env("GIT_AUTHOR_DATE", "2009-10-08T14:57:46Z")
                .env("GIT_COMMITTER_DATE", "2009-10-08T14:57:46Z")).orThrow();
    }

    /**
     * Files written in the same second as the index are "racily clean": git would re-read them on
     * every diff. Waiting past that second and refreshing rewrites the index with settled stat data.
     */
    static void refreshIndex(Path root, Git git) {
        try {
            Thread.sleep(1100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        git.run(root, "update-index", "-q", "--refresh");
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new LabException("cannot remove the unfinished tree " + dir + ": " + e.getMessage(), e);
        }
    }
}
