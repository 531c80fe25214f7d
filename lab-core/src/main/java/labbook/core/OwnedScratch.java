package labbook.core;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.commons.io.file.PathUtils;

/**
 * A file or folder this process works in until it is renamed into place or removed, the lab's one mechanism for them:
 *
 * <ul>
 *   <li>named after its target and its process, {@code .<target>.<pid>.<n>.<kind>} beside the target (hidden, and on
 *       the target's own file system, so the rename into place is atomic);
 *   <li>removed when the JVM exits on SIGTERM or Ctrl-C, by one shutdown hook for every claim (or by the claim's own
 *       {@link #atExit} action);
 *   <li>when SIGKILL or a power cut left one behind, removed by the next {@link #claim} of the same target and kind,
 *       once its process is gone.
 * </ul>
 *
 * <pre>{@code
 * try (OwnedScratch partial = OwnedScratch.claim(target, "partial", OwnedScratch.Type.FILE)) {
 *     Files.write(partial.path(), bytes);
 *     AtomicFiles.replace(partial.path(), target);
 *     partial.release(); // renamed into place: nothing to remove
 * }
 * }</pre>
 */
public final class OwnedScratch implements AutoCloseable {
    /** What a claim creates at its name. */
    public enum Type {
        /** An empty file. */
        FILE,
        /** An empty file only its owner can read (0600 from the start). */
        SECRET_FILE,
        /** An empty folder. */
        FOLDER,
        /** A folder only its owner can enter (0700 from the start). */
        SECRET_FOLDER,
        /** Nothing: the name, for what the caller moves there. */
        NAME
    }

    private static final Set<OwnedScratch> LIVE = ConcurrentHashMap.newKeySet();
    private static final AtomicLong SEQUENCE = new AtomicLong();
    /**
     * Held while a claim creates its path and while the shutdown hook starts: a path is either created and known to the
     * hook, or never created (other threads run on while the hooks do).
     */
    private static final Object CLAIMING = new Object();

    private static boolean exiting;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(OwnedScratch::exitAll, "labbook-owned-scratch"));
    }

    private final Path path;
    private volatile Runnable atExit;
    private volatile boolean released;

    private OwnedScratch(Path path) {
        this.path = path;
        this.atExit = this::close;
    }

    /**
     * Claims a new {@code kind} for {@code target} (whose folder must exist), after removing those of the same target
     * and kind whose process is gone. An IO error is one line naming the folder.
     */
    public static OwnedScratch claim(Path target, String kind, Type type) {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        removeStale(abs, kind);
        Path path = dir.resolve("." + abs.getFileName() + "."
                + ProcessHandle.current().pid() + "." + SEQUENCE.incrementAndGet() + "." + kind);
        OwnedScratch claim = new OwnedScratch(path);
        synchronized (CLAIMING) {
            if (exiting) {
                throw new LabException("the process is ending: " + path + " was not created");
            }
            create(path, type);
            LIVE.add(claim);
        }
        return claim;
    }

    private static void create(Path path, Type type) {
        try {
            switch (type) {
                case FILE -> Files.createFile(path);
                case SECRET_FILE ->
                    Files.createFile(
                            path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                case FOLDER -> Files.createDirectory(path);
                case SECRET_FOLDER ->
                    Files.createDirectory(
                            path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                case NAME -> {
                    // the caller moves something here
                }
            }
        } catch (IOException e) {
            throw LabException.cannot("write in", path.getParent(), e);
        }
    }

    public Path path() {
        return path;
    }

    /**
     * Runs {@code action} instead of removing the path when the JVM exits: for a folder that forked workers write in,
     * which must be stopped first.
     */
    public OwnedScratch atExit(Runnable action) {
        atExit = action;
        return this;
    }

    /** The path was renamed into place or handed on: nothing is removed at exit, or by {@link #close}, any more. */
    public void release() {
        released = true;
        LIVE.remove(this);
    }

    /**
     * Removes the path now (a folder with all it holds) unless it was released, quietly: what is left, the next claim
     * removes.
     */
    @Override
    public void close() {
        if (released) {
            return;
        }
        release();
        try {
            delete(path);
        } catch (IOException ignored) {
            // left for the next claim of this target, which removes what processes that are gone left
        }
    }

    /** {@link #delete}, an IO error as one line naming the scratch folder. */
    public static void remove(Path path) {
        try {
            delete(path);
        } catch (IOException e) {
            throw LabException.cannot("remove the scratch folder", path, e);
        }
    }

    /** Removes {@code path}, a file or a folder with all it holds (never following a link out of it). */
    public static void delete(Path path) throws IOException {
        IOException last = null;
        for (int attempt = 0; attempt < 3; attempt++) { // a writer still running (a signal) may add a file meanwhile
            try {
                if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    PathUtils.deleteDirectory(path);
                } else {
                    Files.deleteIfExists(path);
                }
                return;
            } catch (NoSuchFileException gone) {
                return;
            } catch (IOException e) {
                last = e;
            }
        }
        throw last;
    }

    /**
     * Removes the {@code kind}s of {@code target} whose process is gone (killed with SIGKILL, or a power cut); returns
     * what it removed.
     */
    public static List<Path> removeStale(Path target, String kind) {
        List<Path> removed = new ArrayList<>();
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        String prefix = "." + abs.getFileName() + ".";
        String suffix = "." + kind;
        if (dir == null || !Files.isDirectory(dir)) {
            return removed;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, p -> {
            String n = p.getFileName().toString();
            return n.startsWith(prefix) && n.endsWith(suffix) && n.length() > prefix.length() + suffix.length();
        })) {
            for (Path p : stream) {
                String name = p.getFileName().toString();
                String middle = name.substring(prefix.length(), name.length() - suffix.length());
                int dot = middle.indexOf('.');
                long pid;
                try {
                    pid = Long.parseLong(dot < 0 ? middle : middle.substring(0, dot));
                } catch (NumberFormatException notOurs) {
                    continue;
                }
                if (pid == ProcessHandle.current().pid()
                        || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                delete(p);
                removed.add(p);
            }
        } catch (IOException | RuntimeException ignored) {
            // an unreadable folder: the claim that follows reports it
        }
        return removed;
    }

    private static void exitAll() {
        synchronized (CLAIMING) {
            exiting = true;
        }
        for (OwnedScratch claim : LIVE) {
            try {
                claim.atExit.run();
            } catch (RuntimeException ignored) {
                // the process is ending; the next claim removes what is left
            }
        }
    }
}
