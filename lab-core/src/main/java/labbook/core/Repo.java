package labbook.core;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the lab's repository is: results and the repository's own fixtures are found from here. */
public final class Repo {
    private Repo() {}

    /**
     * The repository root: the {@code labbook.repo} system property (set by exec:java and surefire), else the nearest
     * folder above the working directory that holds the parent pom.
     */
    public static Path root() {
        String property = System.getProperty("labbook.repo");
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("pom.xml")) && Files.isDirectory(d.resolve("lab-core"))) {
                return d;
            }
        }
        return dir;
    }
}
