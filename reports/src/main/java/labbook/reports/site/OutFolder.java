package labbook.reports.site;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.stream.Stream;
import labbook.core.LabException;

/**
 * The {@code --out} a site may replace, checked before anything is loaded: replacing a file, a folder under a file, or
 * a folder holding more than a site would lose what is there.
 */
final class OutFolder {
    private OutFolder() {}

    /**
     * The folder the site is replaced in: {@code out} itself (through a symbolic link to a folder), after refusing a
     * file, a folder under a file, and a folder that holds more than a site.
     */
    static Path check(Path out) {
        Path abs = out.toAbsolutePath().normalize();
        if (abs.getParent() == null) {
            throw new LabException("--out " + out + ": cannot replace the root folder with a site");
        }
        if (Files.exists(abs)) {
            if (!Files.isDirectory(abs)) {
                throw new LabException("--out " + out + ": is not a folder");
            }
            try {
                abs = abs.toRealPath();
            } catch (IOException e) {
                throw LabException.cannot("write the site in", out, e);
            }
            if (abs.getParent() == null) {
                throw new LabException("--out " + out + ": cannot replace the root folder with a site");
            }
            String foreign = foreignEntry(abs, out);
            if (foreign != null) {
                throw new LabException("--out " + out + ": holds '" + foreign + "', which is not a part of a site; "
                        + "give a new or empty folder, or a previous site (it is replaced whole)");
            }
        } else if (Files.isSymbolicLink(abs)) {
            throw new LabException("--out " + out + ": is a broken symbolic link");
        }
        for (Path p = abs.getParent(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                if (!Files.isDirectory(p)) {
                    throw new LabException("--out " + out + ": " + p + " is not a folder");
                }
                if (!Files.isWritable(p) || !Files.isExecutable(p)) {
                    throw new LabException("cannot write the site in " + out + ": permission denied in " + p);
                }
                break;
            }
        }
        return abs;
    }

    /** The first entry of an existing {@code --out} that a site does not hold, or null. */
    private static String foreignEntry(Path dir, Path out) {
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : entries.sorted().toList()) {
                String name = p.getFileName().toString();
                boolean page = name.endsWith(".html") && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS);
                boolean folder = (name.equals("charts") || name.equals("data"))
                        && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
                if (!page && !folder) {
                    return name;
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            throw LabException.cannot("write the site in", out, e);
        }
    }
}
