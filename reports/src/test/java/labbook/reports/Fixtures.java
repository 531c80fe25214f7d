package labbook.reports;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import labbook.reports.results.Results;

/** The hand-made fixture results in src/test/resources/fixtures (not measurements). */
public final class Fixtures {
    private Fixtures() {}

    public static Path root(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/fixtures/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("fixture " + name + " missing from the test class path", e);
        }
    }

    public static Results a() {
        return Explore.load(List.of(root("results-a")));
    }

    public static Results ab() {
        return Explore.load(List.of(root("results-a"), root("results-b")));
    }

    /** Every page of a site: index, then one per study. */
    public static List<String> pages() {
        List<String> pages = new ArrayList<>(List.of("index"));
        pages.addAll(Explore.studies());
        return pages;
    }

    /** Copies a fixture folder (to make a broken or partial variant of it). */
    public static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target);
                }
            }
        }
    }
}
