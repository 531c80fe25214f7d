package labbook.reports.site;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** Moving whole folders for {@link SiteFolder}, and removing the empty parents it made. */
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
}
