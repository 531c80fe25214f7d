package labbook.filecrypt.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import labbook.core.LabException;

/** Choosing files a package ships: a deterministic list for the same package version. */
final class Shipped {
    private Shipped() {}

    /**
     * The package's regular files (never links) that {@code which} accepts, largest first (ties by path), at most
     * {@code count} of them, each of at most {@code maxBytes}, and none twice: a file of the same size as one already
     * chosen is skipped (a package may install one document twice: r-doc-pdf's refman.pdf and fullrefman.pdf differ
     * only in a few bytes of metadata).
     */
    static List<Path> largest(Packages installed, String pkg, Predicate<Path> which, int count, long maxBytes) {
        List<Path> candidates = new ArrayList<>();
        for (Path p : installed.files(pkg)) {
            if (which.test(p) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && size(p) <= maxBytes) {
                candidates.add(p);
            }
        }
        candidates.sort(Comparator.comparingLong(Shipped::size).reversed().thenComparing(Path::toString));
        List<Path> chosen = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        for (Path p : candidates) {
            if (chosen.size() == count) {
                break;
            }
            if (seen.add(size(p))) {
                chosen.add(p);
            }
        }
        if (chosen.isEmpty()) {
            throw new LabException(
                    "Debian package " + pkg + " has no file for the corpus (is it the expected version?)");
        }
        return chosen;
    }

    static Predicate<Path> endsWith(String suffix) {
        return p -> p.getFileName() != null && p.getFileName().toString().endsWith(suffix);
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw LabException.cannot("read", p, e);
        }
    }
}
