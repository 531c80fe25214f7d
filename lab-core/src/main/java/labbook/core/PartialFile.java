package labbook.core;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A file written whole or not at all: bytes go to a hidden {@code .<name>.<pid>.<n>.partial} beside the target, which
 * {@link #commit()} syncs and renames over it in one step. Nothing half-written is left behind:
 *
 * <ul>
 *   <li>{@link #close()} without a commit deletes the partial file (an exception, a failed check);
 *   <li>SIGTERM or SIGINT (Ctrl-C): a shutdown hook deletes every partial file still open, so an interrupted decrypt
 *       leaves no unchecked plaintext;
 *   <li>SIGKILL runs no hook: the next {@link #create} for the same target removes the partial files of processes that
 *       are gone.
 * </ul>
 *
 * Partial files of secrets are created mode 0600 from the start.
 */
public final class PartialFile implements AutoCloseable {
    private static final String SUFFIX = ".partial";
    private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicLong SEQUENCE = new AtomicLong();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(PartialFile::deleteAllOpen, "labbook-partial-files"));
    }

    private final Path target;
    private final Path path;
    private boolean done;

    private PartialFile(Path target, Path path) {
        this.target = target;
        this.path = path;
    }

    /** Creates the partial file for {@code target} (0600 when {@code secret}); the target's folder must exist. */
    public static PartialFile create(Path target, boolean secret) {
        Path dir = target.toAbsolutePath().getParent();
        removeStale(target);
        Path path = dir.resolve("." + target.getFileName() + "."
                + ProcessHandle.current().pid() + "." + SEQUENCE.incrementAndGet() + SUFFIX);
        try {
            if (secret) {
                Files.createFile(
                        path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } else {
                Files.createFile(path);
            }
        } catch (IOException e) {
            throw LabException.cannot("write in", dir, e);
        }
        OPEN.add(path);
        return new PartialFile(target, path);
    }

    /** Where to write. */
    public Path path() {
        return path;
    }

    public Path target() {
        return target;
    }

    /** Syncs the written bytes to disk and renames them over the target: readers see the old file or the new one. */
    public void commit() throws IOException {
        commit(true);
    }

    /**
     * Renames the written bytes over the target; {@code sync} first forces them to disk. Without it a crash may leave
     * an empty target, but never a half-written one from a failed run (for a tool that, like gpg, leaves durability to
     * the file system).
     */
    public void commit(boolean sync) throws IOException {
        if (done) {
            throw new IllegalStateException(target + " was already committed or closed");
        }
        if (sync) {
            try (FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
        }
        AtomicFiles.replace(path, target);
        done = true;
        OPEN.remove(path);
    }

    /** Without a commit, the partial file is deleted and the target stays as it was. */
    @Override
    public void close() {
        if (done) {
            return;
        }
        done = true;
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // left for the next create() of this target, which removes partial files of dead processes
        }
        OPEN.remove(path);
    }

    /** Partial files of {@code target} whose process is gone (killed with SIGKILL, or a power cut). */
    public static void removeStale(Path target) {
        Path dir = target.toAbsolutePath().getParent();
        String prefix = "." + target.getFileName() + ".";
        if (dir == null || !Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, prefix + "*" + SUFFIX)) {
            for (Path p : stream) {
                String middle = p.getFileName().toString();
                middle = middle.substring(prefix.length(), middle.length() - SUFFIX.length());
                int dot = middle.indexOf('.');
                try {
                    long pid = Long.parseLong(dot < 0 ? middle : middle.substring(0, dot));
                    if (pid == ProcessHandle.current().pid()
                            || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                        continue;
                    }
                } catch (NumberFormatException notOurs) {
                    continue;
                }
                Files.deleteIfExists(p);
            }
        } catch (IOException ignored) {
            // an unreadable folder: the write that follows reports it
        }
    }

    private static void deleteAllOpen() {
        for (Path p : OPEN) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
                // the process is ending; the next create() removes what is left
            }
        }
    }
}
