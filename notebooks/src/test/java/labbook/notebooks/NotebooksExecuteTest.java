package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import labbook.core.Repo;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every notebook of {@code notebooks/}, executed headless the way CI and a reader's Jupyter do ({@code jupyter
 * nbconvert --to notebook --execute}) on the packaged kernel installed into a temporary prefix: no cell may fail, and
 * each notebook must draw at least one image. The notebooks run on the bundled sample results, so the test does not
 * depend on which studies this machine ran, and they must say so.
 */
@Tag("jupyter")
class NotebooksExecuteTest {
    @TempDir
    static Path prefix;

    private static Jupyter jupyter;

    @BeforeAll
    static void installKernel() throws Exception {
        jupyter = Jupyter.require(prefix, "jupyter_client", "nbclient", "nbconvert");
        jupyter.env.put(Notebooks.RESULTS_ENV, "sample");
    }

    static Stream<Path> notebooks() throws IOException {
        try (Stream<Path> files = Files.list(Repo.root().resolve("notebooks"))) {
            List<Path> found =
                    files.filter(p -> p.toString().endsWith(".ipynb")).sorted().toList();
            assertThat(found).as("notebooks/*.ipynb").isNotEmpty();
            return found.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notebooks")
    void runsWithoutErrorAndDrawsImages(Path notebook) throws Exception {
        Path out = Files.createDirectories(prefix.resolve("executed"));
        Jupyter.Run run = jupyter.python(
                notebook.getParent(),
                900,
                "-m",
                "nbconvert",
                "--to",
                "notebook",
                "--execute",
                "--ExecutePreprocessor.kernel_name=" + Jupyter.KERNEL,
                // patient on a busy machine: per cell, for the kernel to start, and for outputs after a reply
                "--ExecutePreprocessor.timeout=600",
                "--ExecutePreprocessor.startup_timeout=180",
                "--ExecutePreprocessor.iopub_timeout=60",
                "--output-dir",
                out.toString(),
                notebook.toString());
        if (run.code() != 0) {
            System.out.println(run.output()); // nbconvert's account of the failed cell, into the test's report
        }
        assertThat(run.code()).as(run.exitLine()).isZero();

        JsonNode executed =
                new ObjectMapper().readTree(out.resolve(notebook.getFileName()).toFile());
        List<String> errors = new ArrayList<>();
        int images = 0;
        StringBuilder text = new StringBuilder();
        for (JsonNode cell : executed.path("cells")) {
            for (JsonNode output : cell.path("outputs")) {
                if ("error".equals(output.path("output_type").asText())) {
                    errors.add(output.path("ename").asText() + ": "
                            + output.path("evalue").asText());
                }
                JsonNode data = output.path("data");
                if (data.has("image/png") || data.has("image/svg+xml")) {
                    images++;
                }
                text.append(joined(data.path("text/markdown")))
                        .append(joined(data.path("text/plain")))
                        .append(joined(output.path("text")));
            }
        }
        assertThat(errors).as("cell errors in " + notebook.getFileName()).isEmpty();
        assertThat(images).as("images drawn by " + notebook.getFileName()).isPositive();
        assertThat(text.toString())
                .as("the notebook says its data is the bundled sample")
                .contains("SAMPLE data");
    }

    /** nbformat stores multi-line text as a list of lines. */
    private static String joined(JsonNode text) {
        if (!text.isArray()) {
            return text.asText();
        }
        StringBuilder joined = new StringBuilder();
        text.forEach(line -> joined.append(line.asText()));
        return joined.toString();
    }
}
