package labbook.core;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file written whole or not at all: bytes go to a hidden {@code .<name>.<pid>.<n>.partial} beside the target (an
 * {@link OwnedScratch}), which {@link #commit()} syncs and renames over it in one step. Nothing half-written is left
 * behind:
 *
 * <ul>
 *   <li>{@link #close()} without a commit deletes the partial file (an exception, a failed check);
 *   <li>SIGTERM or SIGINT (Ctrl-C): the owned-scratch shutdown hook deletes every partial file still open, so an
 *       interrupted decrypt leaves no unchecked plaintext;
 *   <li>SIGKILL runs no hook: the next {@link #create} for the same target removes the partial files of processes that
 *       are gone.
 * </ul>
 *
 * Partial files of secrets are created mode 0600 from the start.
 */
public final class PartialFile implements AutoCloseable {
    private static final String KIND = "partial";

    private final Path target;
    private final OwnedScratch partial;
    private boolean done;

    private PartialFile(Path target, OwnedScratch partial) {
        this.target = target;
        this.partial = partial;
    }

    /** Creates the partial file for {@code target} (0600 when {@code secret}); the target's folder must exist. */
    public static PartialFile create(Path target, boolean secret) {
        return new PartialFile(
                target,
                OwnedScratch.claim(target, KIND, secret ? OwnedScratch.Type.SECRET_FILE : OwnedScratch.Type.FILE));
    }

    /** Where it is; write through {@link #newOutputStream}. */
    public Path path() {
        return partial.path();
    }

    /**
     * Opens the partial file for writing, never creating it: once the shutdown hook has deleted it (a signal), the
     * writer, which runs on beside the hook, fails here instead of making it again.
     */
    public OutputStream newOutputStream() throws IOException {
        return Files.newOutputStream(partial.path(), StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
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
            try (FileChannel channel = FileChannel.open(partial.path(), StandardOpenOption.WRITE)) {
                channel.force(true);
            }
        }
        AtomicFiles.replace(partial.path(), target);
        done = true;
        partial.release();
    }

    /** Without a commit, the partial file is deleted and the target stays as it was. */
    @Override
    public void close() {
        if (done) {
            return;
        }
        done = true;
        partial.close();
    }
}
