package labbook.wallet.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import labbook.core.AtomicFiles;
import labbook.core.LabException;
import labbook.wallet.format.BriefSpin;
import labbook.wallet.format.KwlCodec;

/**
 * KWallet's save path: write a temporary file in the target's folder (mode 0600), optionally fdatasync it (today's
 * QSaveFile; KDE4's KSaveFile did not), then rename it over the target. Any failure deletes the temporary file and
 * leaves the previous file exactly as it was.
 *
 * <p>The temporary file keeps KSaveFile's name, {@code <target>XXXXXX.new}. It is created with one
 * {@code open(O_CREAT|O_EXCL, 0600)} and its writer holds an exclusive {@code fcntl} lock on it until it is renamed, so
 * {@link #removeStaleTemps} can tell a temp file whose writer was killed (the kernel dropped its lock with the process)
 * from one a live writer is still filling.
 *
 * <p>A save can run its file work on a background writer thread ({@link #begin} with {@code background}): the caller
 * hands over finished parts of the file while it makes the rest (a sync encrypts while the previous part is written);
 * {@link Pending#commit()} waits for those writes, then writes the last part, fdatasyncs and renames on the caller's
 * thread, which would otherwise wait for the writer to wake up for them.
 */
public final class SaveFile {
    private static final ExecutorService WRITER = daemon("wallet-save-writer");
    /**
     * A big sync's producer (the walk over the entries that serialises them, and SHA-1 for a .kwl): a thread of its
     * own, not the writer's, so the writes of the first pieces need not wait for the whole walk.
     */
    private static final ExecutorService WALKER = daemon("wallet-save-walker");

    private SaveFile() {}

    private static ExecutorService daemon(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Saves {@code bytes} as {@code target}, all on this thread; returns the number of bytes written. */
    public static long write(Path target, byte[] bytes, boolean fdatasync) {
        try (Pending save = begin(target, fdatasync, false)) {
            save.ready(bytes, 0, bytes.length);
            return save.commit();
        }
    }

    /**
     * Starts a save of {@code target}: creates its temp file now, or, if {@code background}, on the writer thread with
     * the first part.
     */
    public static Pending begin(Path target, boolean fdatasync, boolean background) {
        return new Pending(target, fdatasync, background);
    }

    /**
     * Removes the temp files of {@code target} ({@code <target>XXXXXX.new}) that no live writer owns: those this JVM is
     * not writing and whose lock can be taken. Returns how many were removed.
     */
    public static int removeStaleTemps(Path target) {
        return TempFiles.remove(target);
    }

    /** One save in progress; closing it without {@link #commit()} removes the temp file. */
    public static final class Pending implements KwlCodec.Sink, AutoCloseable {
        private final Path target;
        private final boolean fdatasync;
        private final boolean background;
        private volatile Path temp;
        private FileChannel channel;
        /** The version being replaced, held open across the rename (see {@link #holdPrevious}). */
        private FileChannel previous;

        private volatile Throwable failure;
        private Future<?> last;
        /** A background save's last part, for the commit to write. */
        private Step held;

        private long written;
        private boolean done;
        private boolean flushed;
        private boolean writerStarted;
        private long commitNanos;

        private Pending(Path target, boolean fdatasync, boolean background) {
            this.target = target;
            this.fdatasync = fdatasync;
            this.background = background;
            if (SaveGroup.closing()) {
                throw new LabException("cannot save " + target + ": the program is stopping");
            }
            this.temp = TempFiles.name(target, ".new");
            TempFiles.LIVE.add(temp);
            if (!background) {
                step(this::create);
            }
        }

        /**
         * A background save gives the writer its first steps, creating the temp file, with its first part: a sync
         * starts its walk's thread first, and a second thread woken at the same moment would compete with it.
         */
        private void startWriter() {
            if (background && !writerStarted) {
                writerStarted = true;
                step(this::create);
                step(this::holdPrevious);
            }
        }

        private void create() throws IOException {
            for (int attempt = 0; ; attempt++) {
                try {
                    channel = FileChannel.open(
                            temp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), TempFiles.PRIVATE);
                } catch (FileAlreadyExistsException e) {
                    if (attempt >= 100) {
                        throw e;
                    }
                    rename();
                    continue;
                }
                channel.lock();
                // a cleaner in another process may have removed it between the open and the lock
                if (Files.exists(temp, LinkOption.NOFOLLOW_LINKS) || attempt >= 100) {
                    return;
                }
                channel.close();
                rename();
            }
        }

        /**
         * Opens the file about to be replaced, so the rename only unlinks it and the kernel frees the old version (page
         * cache and disk blocks under writeback since ext4's rename flushed it, a large part of a small sync) when this
         * handle is closed, on the writer thread after the save, not inside the rename the caller waits for. What is
         * written, and in which order, is unchanged.
         */
        private void holdPrevious() {
            try {
                previous = FileChannel.open(target, StandardOpenOption.READ);
            } catch (IOException | UnsupportedOperationException e) {
                previous = null; // no previous version (or not a file): nothing to hold
            }
        }

        private void releasePrevious() {
            if (previous != null) {
                try {
                    previous.close();
                } catch (IOException ignored) {
                    // read-only handle of a removed file: nothing can be lost
                }
                previous = null;
            }
        }

        private void rename() {
            Path next = TempFiles.name(target, ".new");
            TempFiles.LIVE.add(next);
            TempFiles.LIVE.remove(temp);
            temp = next;
        }

        /** Where the save's producer runs (the walk and its SHA-1): on a thread of its own when in the background. */
        public Executor helper() {
            return background ? WALKER : Runnable::run;
        }

        /**
         * Writes {@code file[from, to)} at offset {@code from} of the temp file; the bytes must not change until
         * {@link #commit()} returns. Parts may come in any order (a sync hands its clear hash section last).
         */
        @Override
        public void ready(byte[] file, int from, int to) {
            if (to > from) {
                startWriter();
                step(write(file, from, to));
            }
        }

        /**
         * As {@link #ready}, for the file's last part: a background save keeps it for {@link #commit()}, which writes
         * it on the caller's thread, since the caller would otherwise wait for the writer to wake up for it.
         */
        @Override
        public void readyLast(byte[] file, int from, int to) {
            if (!background) {
                ready(file, from, to);
            } else if (to > from) {
                if (held != null) {
                    throw new IllegalStateException("a save has one last part; " + target + " was given two");
                }
                startWriter();
                held = write(file, from, to);
            }
        }

        private Step write(byte[] file, int from, int to) {
            return () -> {
                ByteBuffer buf = ByteBuffer.wrap(file, from, to - from);
                while (buf.hasRemaining()) {
                    channel.write(buf, buf.position());
                }
                written += to - from;
            };
        }

        /** Waits for the writer's steps, then writes the held part here. */
        private void writeHeld() {
            startWriter();
            awaitSteps();
            if (held != null) {
                Step write = held;
                held = null;
                inline(write);
            }
        }

        Path target() {
            return target;
        }

        /**
         * Waits until every part is written, and fdatasyncs the temp file if asked: after this only the rename is left.
         * A failure (a full disk) removes the temp file and throws; the target is untouched.
         */
        public void flush() {
            writeHeld();
            // here, as the commit does it: the writer is idle
            inline(() -> {
                if (fdatasync) {
                    channel.force(false);
                }
            });
            throwIfFailed();
            flushed = true;
        }

        /** A failed step (a full disk): removes the temp file and throws; the target is untouched. */
        private void throwIfFailed() {
            if (failure != null) {
                Throwable f = failure;
                close();
                throw failed(f);
            }
        }

        private LabException failed(Throwable f) {
            return new LabException(
                    "cannot save " + target + ": " + f.getMessage() + " (the previous file is unchanged)", f);
        }

        /** Finishes the save (fdatasync if asked, rename over the target); returns the bytes written. */
        public long commit() {
            long start = System.nanoTime();
            writeHeld();
            // the rename here too, once the writer is idle: no hand-off at the end of the save
            inline(() -> {
                if (fdatasync && !flushed) {
                    channel.force(false);
                }
                if (SaveGroup.closing()) {
                    throw new IOException("the program is stopping");
                }
                AtomicFiles.replace(temp, target);
                // renamed while still locked: no cleaner can take the finished file for a stray
                channel.close();
                channel = null;
            });
            if (background) {
                // not awaited: the old version's pages and blocks are freed while the caller goes on
                var unused = WRITER.submit(this::releasePrevious);
            }
            throwIfFailed();
            done = true;
            TempFiles.LIVE.remove(temp);
            commitNanos = System.nanoTime() - start;
            return written;
        }

        /**
         * How long {@link #commit()} took: the writes it waited for, the last part, the fdatasync if asked, the rename.
         */
        public long commitNanos() {
            return commitNanos;
        }

        /** Without a commit: closes and removes the temp file; the target was never touched. */
        @Override
        public void close() {
            if (done) {
                return;
            }
            done = true;
            failure = failure == null ? new IOException("save abandoned") : failure;
            Runnable cleanUp = () -> {
                releasePrevious();
                try {
                    if (channel != null) {
                        channel.close();
                    }
                } catch (IOException ignored) {
                    // the file is removed next
                }
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // nothing more to do: the target was never touched
                }
            };
            if (background) {
                last = WRITER.submit(cleanUp);
                awaitSteps();
            } else {
                cleanUp.run();
            }
            TempFiles.LIVE.remove(temp);
        }

        private interface Step {
            void run() throws IOException;
        }

        private void step(Step s) {
            if (background) {
                last = WRITER.submit(() -> inline(s));
            } else {
                inline(s);
            }
        }

        /** Runs {@code s} on this thread, unless a step before it failed; a failure is kept for the caller. */
        private void inline(Step s) {
            if (failure != null) {
                return;
            }
            try {
                s.run();
            } catch (IOException | RuntimeException e) {
                failure = e;
            }
        }

        private void awaitSteps() {
            if (last == null) {
                return;
            }
            // a commit or flush waits for the writer's last write, usually short
            BriefSpin.until(last::isDone);
            boolean interrupted = false;
            while (true) {
                try {
                    last.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the steps own the temp file: let them finish first
                } catch (ExecutionException e) {
                    failure = e.getCause();
                    break;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
