package labbook.wallet.experiments;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import labbook.core.LabException;

/**
 * A scratch folder for an experiment's wallets, beside its results (on the disk the results go
 * to, so fdatasync meets a real file system rather than a tmpfs), removed when closed, and on
 * SIGTERM or Ctrl-C too. A folder left by a run that was killed outright (SIGKILL, a power cut)
 * is named after its process, and the next run removes it once that process is gone.
 */
public final class Scratch implements AutoCloseable {
    private final Path dir;
    private final Thread onSignal;

    public Scratch(Path studyDir, String name) {
        String prefix = "." + name + "-scratch-";
        try {
            Files.createDirectories(studyDir);
            removeLeftovers(studyDir, prefix);
            this.dir = Files.createTempDirectory(studyDir, prefix + ProcessHandle.current().pid() + "-");
        } catch (IOException e) {
            throw LabException.cannot("create a scratch folder in", studyDir, e);
        }
        onSignal = new Thread(() -> deleteQuietly(dir), "scratch-cleanup");
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
                if (pid.matches("\\d{1,10}") && ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
                    deleteTree(p);
                }
            }
        }
    }

    private static void deleteQuietly(Path root) {
        try {
            deleteTree(root);
        } catch (LabException e) {
            // the JVM is exiting on a signal: nothing can report this any more
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
