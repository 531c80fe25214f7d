package labbook.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import labbook.core.Repo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixtures in the source tree are exactly what {@link FixtureResults} writes from the study modules' schemas and
 * constants, file for file and byte for byte: a column or value renamed in a study module fails here, naming the
 * fixture it left behind, until they are rewritten. {@code ./labbook fixtures} rewrites them
 * ({@code -Dlabbook.fixtures.update=true}), then checks the golden site, which says whether anything a reader sees
 * changed.
 */
class FixturesTest {
    static final String UPDATE = "labbook.fixtures.update";

    @Test
    void theFixturesAreWhatTheSchemasWrite(@TempDir Path tmp) throws IOException {
        Path source = Repo.root().resolve(FixtureResults.FOLDER);
        FixtureResults.write(tmp); // first, so that a writer that fails leaves the fixtures as they were
        if (Boolean.getBoolean(UPDATE)) {
            for (String root : FixtureResults.ROOTS) {
                delete(source.resolve(root));
            }
            FixtureResults.write(source);
        }
        String rerun = "; rewrite the fixtures with ./labbook fixtures";
        List<String> written = files(tmp);
        assertThat(files(source))
                .as("the fixture files under " + source + rerun)
                .containsExactlyElementsOf(written);
        for (String file : written) {
            assertThat(Files.readString(source.resolve(file), StandardCharsets.UTF_8))
                    .as(FixtureResults.FOLDER + "/" + file + " is not what FixtureResults writes from the schemas"
                            + rerun)
                    .isEqualTo(Files.readString(tmp.resolve(file), StandardCharsets.UTF_8));
        }
        assertThat(written)
                .as("fixture files written")
                .hasSize(19 + 5 + 4); // SchemaAgreementTest's CSVs, and the 4 run.json
    }

    /** The files of both roots, as paths relative to {@code fixtures}, sorted. */
    private static List<String> files(Path fixtures) throws IOException {
        try (Stream<Path> all = Files.walk(fixtures)) {
            return all.filter(Files::isRegularFile)
                    .map(p -> fixtures.relativize(p).toString())
                    .filter(p -> FixtureResults.ROOTS.stream().anyMatch(r -> p.startsWith(r + "/")))
                    .sorted()
                    .toList();
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
