package labbook.filecrypt.corpus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the binary corpora ask of the machine's Debian packages: whether one is installed and at which version, which
 * files it installed, and the licence its copyright file states. An interface so that a test can say a package is
 * missing without uninstalling it.
 */
public interface Packages {
    /** The installed version, or empty when the package is not installed. */
    Optional<String> version(String name);

    /** Every path the package installed ({@code dpkg-query -L}), in dpkg's order. */
    List<Path> files(String name);

    /**
     * The licence the package's copyright file states ({@code /usr/share/doc/NAME/copyright}): the {@code Files: *}
     * paragraph's (else its first {@code License:} line), and the others it names for some of its files.
     */
    default String licence(String name) {
        Path copyright = Path.of("/usr/share/doc", name, "copyright");
        List<String> lines;
        try {
            lines = Files.readAllLines(
                    copyright, StandardCharsets.ISO_8859_1); // the field names are ASCII; any byte reads
        } catch (IOException e) {
            return "see the package's copyright file (" + copyright + " unreadable)";
        }
        String star = null;
        Set<String> all = new LinkedHashSet<>();
        boolean starParagraph = false;
        for (String line : lines) {
            if (line.startsWith("Files:")) {
                starParagraph = line.substring(6).strip().equals("*");
            } else if (line.startsWith("License:") && !line.substring(8).isBlank()) {
                String licence = line.substring(8).strip();
                if (starParagraph && star == null) {
                    star = licence;
                }
                all.add(licence);
                starParagraph = false;
            }
        }
        if (all.isEmpty()) {
            return "see " + copyright;
        }
        // a copyright file in Debian's machine-readable format has a Files: * paragraph; an older one, a first License:
        // line
        String main = star != null ? star : all.iterator().next();
        all.remove(main);
        return main + " (" + (star != null ? "Files: * in " : "") + copyright + ")"
                + (all.isEmpty() ? "" : "; for some of its files also " + String.join(", ", all));
    }

    /** The machine's dpkg. */
    static Packages dpkg() {
        return new Packages() {
            @Override
            public Optional<String> version(String name) {
                List<String> out =
                        Commands.output(List.of("dpkg-query", "-W", "-f=${db:Status-Abbrev}\t${Version}", name), true);
                if (out.isEmpty() || !out.get(0).startsWith("ii")) {
                    return Optional.empty();
                }
                String[] parts = out.get(0).split("\t", 2);
                return parts.length == 2 ? Optional.of(parts[1].strip()) : Optional.empty();
            }

            @Override
            public List<Path> files(String name) {
                List<Path> out = new ArrayList<>();
                for (String line : Commands.output(List.of("dpkg-query", "-L", name), false)) {
                    if (line.startsWith("/")) {
                        out.add(Path.of(line));
                    }
                }
                return out;
            }
        };
    }
}
