package labbook.reports;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The hand-made fixture results in src/test/resources/fixtures (not measurements). */
final class Fixtures {
    private Fixtures() {
    }

    static Path root(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/fixtures/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("fixture " + name + " missing from the test class path", e);
        }
    }

    static Results a() {
        return ResultsLoader.load(java.util.List.of(root("results-a")));
    }

    static Results ab() {
        return ResultsLoader.load(java.util.List.of(root("results-a"), root("results-b")));
    }
}
