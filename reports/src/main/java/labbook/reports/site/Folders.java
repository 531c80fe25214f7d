package labbook.reports.site;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/** Moving and removing whole folders for {@link SiteFolder}: never following a symbolic link out of them. */
final class Folders {
    private Folders() {}

    /** One rename where the file system can make it atomic, so a reader sees the old folder or the new one. */
    static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    /** Removes each folder that is still empty, innermost first as given. */
    static void removeEmpty(List<Path> folders) {
        for (Path p : folders) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
                // not empty any more: someone else wrote in it
            }
        }
    }

    /** Removes a folder and everything in it, never following a symbolic link out of it. */
    static void removeTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        IOException last = null;
        for (int attempt = 0; attempt < 3; attempt++) { // a writer still running (a signal) may add a file meanwhile
            try {
                Files.walkFileTree(root, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                        Files.deleteIfExists(file);
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                        Files.deleteIfExists(dir);
                        return FileVisitResult.CONTINUE;
                    }
                });
                return;
            } catch (NoSuchFileException gone) {
                return;
            } catch (IOException e) {
                last = e;
            }
        }
        throw last;
    }
}
