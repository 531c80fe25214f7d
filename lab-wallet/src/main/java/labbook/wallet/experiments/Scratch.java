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
 * to, so fdatasync meets a real file system rather than a tmpfs), removed when closed.
 */
public final class Scratch implements AutoCloseable {
    private final Path dir;

    public Scratch(Path studyDir, String name) {
        try {
            Files.createDirectories(studyDir);
            this.dir = Files.createTempDirectory(studyDir, "." + name + "-scratch-");
        } catch (IOException e) {
            throw LabException.cannot("create a scratch folder in", studyDir, e);
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
        deleteTree(dir);
    }
}
