package labbook.vfs.tree;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import labbook.core.Child;
import labbook.core.LabException;
import labbook.core.Mode;
import labbook.core.Peer;
import labbook.core.PeerResult;
import labbook.core.Repo;
import labbook.vfs.peer.Git;

/**
 * Where a workload tree's files come from, and how they are put into a new git repository: the shipped linux 6.1
 * manifest (all of it, or quick mode's quarter: {@link KernelManifest#QUICK_EVERY}), Debian's linux-source-6.1 tarball,
 * or any folder or git repository.
 *
 * <p>A manifest tree is written by git itself: one {@code git fast-import} stream (one blob, the same comment line for
 * every file, since path lookup depends on the paths, not the bytes; each symbolic link with its target) and one
 * {@code git checkout}. That writes a single pack instead of a loose object per file and per folder, which is most of
 * the cost of {@code git add} and {@code git commit} over 78,635 files.
 */
public record TreeSource(Kind kind, Path path) {

    public enum Kind {
        MANIFEST,
        MANIFEST_QUICK,
        LINUX_SOURCE,
        PATH
    }

    /** The {@code --source} value for Debian's tarball. */
    public static final String LINUX_SOURCE = "linux-source";

    public static final Path DEBIAN_TARBALL = Path.of("/usr/src/linux-source-6.1.tar.xz");
    /** Every manifest file's content: a comment line, safe in .gitignore and .gitattributes too. */
    static final String FILE_CONTENT =
            "# a file of linux 6.1 (labbook: path lookup depends on the path, not on these bytes)\n";
    /** The seed's date (Piggin's post, 8 October 2009), so a tree's commit id depends on its paths only. */
    static final String COMMIT_DATE = "1255013866 +0000";

    static final String COMMIT_DATE_ISO = "2009-10-08T14:57:46Z";

    /** The shipped manifest: all of it ({@code --full}) or quick mode's quarter ({@code --quick}). */
    public static TreeSource manifest(Mode mode) {
        return new TreeSource(mode == Mode.FULL ? Kind.MANIFEST : Kind.MANIFEST_QUICK, null);
    }

    /**
     * A {@code --source} value: null or "manifest" (then {@code mode} picks the whole manifest or its quarter),
     * "linux-source", or a folder.
     */
    public static TreeSource of(String option, Mode mode) {
        if (option == null || option.equals("manifest")) {
            return manifest(mode);
        }
        if (option.equals(LINUX_SOURCE)) {
            return new TreeSource(Kind.LINUX_SOURCE, DEBIAN_TARBALL);
        }
        return new TreeSource(Kind.PATH, Path.of(option).toAbsolutePath().normalize());
    }

    /** The marker's text, which says what built a tree (a tree is reused only for the same source). */
    public String describe() {
        return switch (kind) {
            case MANIFEST -> "manifest linux-6.1";
            case MANIFEST_QUICK -> "manifest linux-6.1, one entry in " + KernelManifest.QUICK_EVERY;
            case LINUX_SOURCE -> "linux-source " + path;
            case PATH -> "path " + path;
        };
    }

    /** Where this source's tree goes when no folder is given: under {@code <repo>/target/lab-vfs/}. */
    public Path defaultDir() {
        String name = switch (kind) {
            case MANIFEST -> "linux-6.1";
            case MANIFEST_QUICK -> "linux-6.1-quick";
            case LINUX_SOURCE -> "linux-source-6.1";
            case PATH ->
                path.getFileName() == null ? "root" : path.getFileName().toString();
        };
        return Repo.root().resolve("target").resolve("lab-vfs").resolve(name + "-tree");
    }

    /** The manifest this source writes, or null for the others. */
    KernelManifest manifest() {
        return switch (kind) {
            case MANIFEST -> KernelManifest.linux61();
            case MANIFEST_QUICK -> KernelManifest.linux61().everyNth(KernelManifest.QUICK_EVERY);
            default -> null;
        };
    }

    /**
     * Fills {@code root} (an empty folder where {@code git init} has run) and commits everything, so the index holds
     * every file.
     */
    void fill(Path root, Git git) throws IOException {
        switch (kind) {
            case MANIFEST, MANIFEST_QUICK -> importManifest(manifest(), root, git);
            case LINUX_SOURCE -> {
                extractTarball(path, root);
                commitAll(root, git);
            }
            case PATH -> {
                if (!Files.isDirectory(path)) {
                    throw new LabException(
                            "tree source " + path + (Files.exists(path) ? " is not a folder" : " does not exist"));
                }
                if (Files.exists(path.resolve(".git"))) {
                    fetch(path, root, git);
                } else {
                    copyFolder(path, root);
                    commitAll(root, git);
                }
            }
        }
    }

    /** One fast-import stream (a commit of every path; one shared blob) and a checkout. */
    static void importManifest(KernelManifest manifest, Path root, Git git) throws IOException {
        System.err.printf("tree: git fast-import and checkout of %,d entries%n", manifest.size());
        Path stream = root.resolve(".git").resolve("labbook-fast-import");
        try (OutputStream out = Files.newOutputStream(stream);
                BufferedWriter w =
                        new BufferedWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16)) {
            w.write("blob\nmark :1\n" + data(FILE_CONTENT));
            w.write("commit refs/heads/master\ncommitter labbook <labbook@localhost> " + COMMIT_DATE + "\n"
                    + data("workload tree: "
                            + manifest.header().stream().findFirst().orElse("linux 6.1 manifest")));
            for (KernelManifest.Entry e : manifest.entries()) {
                if (e.kind() == KernelManifest.Kind.SYMLINK) {
                    w.write("M 120000 inline " + quoted(e.path()) + "\n" + data(e.target()));
                } else {
                    w.write("M 100644 :1 " + quoted(e.path()) + "\n");
                }
            }
            w.write("\n");
        }
        git.start(git.command(root, List.of(), "fast-import", "--quiet").stdinFrom(stream))
                .orThrow();
        Files.delete(stream);
        git.run(root, "checkout", "-q", "-f", "master").orThrow();
    }

    /** A path as fast-import reads it: as is, or C-quoted when it starts with a quote or holds a newline. */
    static String quoted(String path) {
        if (!path.startsWith("\"") && path.indexOf('\n') < 0) {
            return path;
        }
        return "\"" + path.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    /** fast-import's {@code data} command: the exact byte count, the bytes, a newline. */
    private static String data(String text) {
        return "data " + text.getBytes(StandardCharsets.UTF_8).length + "\n" + text + "\n";
    }

    /** A repository source: its HEAD fetched into the new repository and checked out (no hard links to the source). */
    static void fetch(Path from, Path root, Git git) {
        System.err.println("tree: fetching " + from + " and checking it out");
        git.run(root, "fetch", "-q", "--no-tags", from.toString(), "HEAD").orThrow();
        git.run(root, "checkout", "-q", "-f", "-B", "master", "FETCH_HEAD").orThrow();
    }

    static void extractTarball(Path tarball, Path root) {
        if (!Files.isRegularFile(tarball)) {
            throw new LabException(
                    tarball + " not found: install it with `apt-get install --no-install-recommends linux-source-6.1`");
        }
        System.err.println("tree: unpacking " + tarball + " (about a minute)");
        PeerResult r;
        try {
            r = Peer.command("tar", "-xJf", tarball.toString(), "-C", root.toString(), "--strip-components=1")
                    .run();
        } catch (Child.CannotStart noTar) {
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
                Files.copy(
                        f,
                        to.resolve(from.relativize(f).toString()),
                        LinkOption.NOFOLLOW_LINKS,
                        StandardCopyOption.COPY_ATTRIBUTES);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** add everything (-f: the kernel's .gitignore ignores all), commit. */
    static void commitAll(Path root, Git git) {
        System.err.println("tree: git add -A -f, commit (tens of seconds for a kernel tree)");
        git.run(root, "add", "-A", "-f", "--", ".").orThrow();
        git.start(git.command(
                                root,
                                List.of("user.name=labbook", "user.email=labbook@localhost"),
                                "commit",
                                "-q",
                                "--no-verify",
                                "-m",
                                "workload tree")
                        .env("GIT_AUTHOR_DATE", COMMIT_DATE_ISO)
                        .env("GIT_COMMITTER_DATE", COMMIT_DATE_ISO))
                .orThrow();
    }
}
