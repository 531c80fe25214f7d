package labbook.wallet.experiments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import labbook.core.LabException;
import labbook.core.OwnedScratch;

/**
 * A scratch folder for an experiment's wallets, beside its results (on the disk the results go to, so fdatasync meets a
 * real file system rather than a tmpfs): a lab-core {@link OwnedScratch} named {@code .<experiment>.<pid>.<n>.scratch},
 * removed when closed, and on SIGTERM or Ctrl-C too, after the workers that write in it are stopped. A folder left by a
 * run that was killed outright (SIGKILL, a power cut) is removed by the next run once its process is gone.
 */
public final class Scratch implements AutoCloseable {
    private final OwnedScratch owned;
    private final Path dir;

    public Scratch(Path studyDir, String name) {
        createFolder(studyDir);
        owned = OwnedScratch.claim(studyDir.resolve(name), "scratch", OwnedScratch.Type.FOLDER);
        dir = owned.path();
        owned.atExit(this::removeOnSignal);
    }

    /**
     * On a signal the experiment's threads, and the worker processes it forked (which the signal does not reach), are
     * still writing into the folder: stop the workers first, then delete, again if a late write recreated something.
     */
    private void removeOnSignal() {
        List<ProcessHandle> workers = ProcessHandle.current().descendants().toList();
        workers.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        for (ProcessHandle w : workers) {
            try {
                w.onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException | ExecutionException | TimeoutException e) {
                w.destroyForcibly();
            }
        }
        // the experiment's own threads run on until the JVM halts and may recreate the folder: delete
        // until it has stayed gone for a second (a warm-up step between two writes can take longer
        // than 150 ms, which let a late write recreate it), for at most 15 s
        int goneFor = 0;
        for (int attempt = 0; attempt < 300 && goneFor < 20; attempt++) {
            if (Files.exists(dir)) {
                goneFor = 0;
                try {
                    OwnedScratch.delete(dir);
                } catch (IOException e) {
                    // a file appeared or vanished under the walk: the next attempt sees the folder as it is now
                }
            } else {
                goneFor++;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Creates {@code dir} and its parents if missing; an IO error as one line naming it. */
    public static Path createFolder(Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw LabException.cannot("create", dir, e);
        }
    }

    public Path dir() {
        return dir;
    }

    public Path resolve(String name) {
        return dir.resolve(name);
    }

    @Override
    public void close() {
        owned.release();
        OwnedScratch.remove(dir);
    }
}
