package labbook.filecrypt.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * How one file of a binary corpus is made: its name in the corpus, the Debian packages it comes from or is made with,
 * what it is made from (a path in a package, or a passage of a text), the command that makes it, and the licence when
 * it is not simply its package's. The manifest records all of it beside the file's size and SHA-256.
 */
public record Recipe(String name, List<String> packages, String from, String command, String licence, Step step) {

    /** Writes the file at {@code target}; {@code work} is a scratch folder of its own. */
    @FunctionalInterface
    public interface Step {
        void make(Path target, Path work) throws IOException;
    }

    public Recipe {
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._+-]*")) {
            throw new IllegalArgumentException("not a plain file name: " + name);
        }
        packages = List.copyOf(packages);
    }

    /**
     * A file a package ships, copied byte for byte (the licence is the package's). Its name is its path under
     * {@code /usr/share} with {@code _} for {@code /}: two themes' {@code grub-16x9.png} stay two files.
     */
    static Recipe shipped(String pkg, Path file) {
        Path share = Path.of("/usr/share");
        String name = (file.startsWith(share) ? share.relativize(file) : file.getFileName())
                .toString()
                .replace('/', '_');
        return new Recipe(
                name,
                List.of(pkg),
                pkg + ":" + file,
                "cp " + file,
                null,
                (target, work) -> Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING));
    }
}
