package labbook.wallet.experiments;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import labbook.core.LabException;

/**
 * A scratch folder for an experiment's wallets, beside its results (on the disk the results go to, so fdatasync meets a
 * real file system rather than a tmpfs), removed when closed, and on SIGTERM or Ctrl-C too. A folder left by a run that
 * was killed outright (SIGKILL, a power cut) is named after its process, and the next run removes it once that process
 * is gone.
 */
public final class Scratch implements AutoCloseable {
    private final Path dir;
    private final Thread onSignal;

    public Scratch(Path studyDir, String name) {
        String prefix = "." + name + "-scratch-";
        try {
            Files.createDirectories(studyDir);
            removeLeftovers(studyDir, prefix);
            this.dir = Files.createTempDirectory(
                    studyDir, prefix + ProcessHandle.current().pid() + "-");
        } catch (IOException e) {
            throw LabException.cannot("create a scratch folder in", studyDir, e);
        }
        onSignal = new Thread(this::removeOnSignal, "scratch-cleanup");
        Runtime.getRuntime().addShutdownHook(onSignal);
    }

    /** Scratch folders of this name whose process no longer runs. */
    private static void removeLeftovers(Path studyDir, String prefix) throws IOException {
        try (Stream<Path> s = Files.list(studyDir)) {
            for (Path p : s.toList()) {
                String rest = p.getFileName().toString();
                if (!rest.startsWith(prefix) || !Files.isDirectory(p)) {
                    continue;
                }
                String pid = rest.substring(prefix.length()).replaceAll("-.*", "");
                if (pid.matches("\\d{1,10}")
                        && ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
                    deleteTree(p);
                }
            }
        }
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
                    deleteTree(dir);
                } catch (LabException e) {
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

    public static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            throw new LabException("cannot remove the scratch folder " + root + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(onSignal);
        } catch (IllegalStateException e) {
            // already shutting down: the hook removes the folder
            return;
        }
        deleteTree(dir);
    }
}
