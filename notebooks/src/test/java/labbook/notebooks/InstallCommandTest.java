package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.Cli;
import labbook.core.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstallCommandTest {
    @TempDir
    Path tmp;

    @Test
    void theKernelspecStartsTheKernelWithTheJarsAndInterruptsByMessage() throws Exception {
        Path target = fakeBuild();
        List<Path> jars = KernelJars.in(target);
        assertThat(jars)
                .extracting(p -> p.getFileName().toString())
                .containsExactly("notebooks-0.1.0-SNAPSHOT.jar", "a.jar", "b.jar");

        Path file = KernelSpec.write(
                KernelSpec.dataDirUnderPrefix(tmp.resolve("prefix")),
                "lab-k",
                KernelSpec.content("Java (lab)", Path.of("/opt/java/bin/java"), jars, Path.of("/repo")));

        assertThat(file).isEqualTo(tmp.resolve("prefix/share/jupyter/kernels/lab-k/kernel.json"));
        JsonNode spec = new ObjectMapper().readTree(file.toFile());
        assertThat(spec.get("argv").get(0).asText()).isEqualTo("/opt/java/bin/java");
        assertThat(spec.get("argv").toString())
                .contains(
                        "-Dlabbook.repo=/repo",
                        "labbook.notebooks.Kernel",
                        "{connection_file}",
                        target.resolve("lib/a.jar").toString());
        assertThat(spec.get("interrupt_mode").asText()).isEqualTo("message");
        assertThat(spec.get("language").asText()).isEqualTo("java");
        assertThat(spec.get("display_name").asText()).isEqualTo("Java (lab)");
        try (var left = Files.list(file.getParent())) {
            assertThat(left).containsExactly(file); // no temporary file left beside it
        }
    }

    @Test
    void anUnbuiltModuleIsOneClearError() {
        assertThatThrownBy(() -> KernelJars.in(tmp))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("build it first: `mvn -q install -DskipTests`");
    }

    @Test
    void aBadKernelNameIsRefusedWithExitOne() {
        Result result = run("install", "--prefix", tmp.toString(), "--name", "no spaces/please");
        assertThat(result.code).isEqualTo(1);
        assertThat(result.err).contains("kernel name 'no spaces/please' is not valid");
        assertThat(tmp.resolve("share")).doesNotExist();
    }

    @Test
    void usageErrorsExitTwoAndEveryCommandHasHelp() {
        assertThat(run("install", "--bogus").code).isEqualTo(2);
        assertThat(run().code).isEqualTo(2);
        for (String command : List.of("install", "classpath")) {
            Result help = run(command, "--help");
            assertThat(help.code).isZero();
            assertThat(help.out).contains("Usage: notebooks " + command);
        }
    }

    @Test
    void theUserDataFolderFollowsJupyterWhenNoPrefixIsGiven() {
        Path dir = KernelSpec.userDataDir();
        String env = System.getenv("JUPYTER_DATA_DIR");
        if (env != null && !env.isBlank()) {
            assertThat(dir).isEqualTo(Path.of(env));
        } else {
            assertThat(dir.toString()).containsIgnoringCase("jupyter");
        }
    }

    private Path fakeBuild() throws Exception {
        Path target = Files.createDirectories(tmp.resolve("target"));
        Files.createDirectories(target.resolve("lib"));
        for (String name : List.of(
                "notebooks-0.1.0-SNAPSHOT.jar",
                "notebooks-0.1.0-SNAPSHOT-sources.jar",
                "lib/b.jar",
                "lib/a.jar",
                "lib/readme.txt")) {
            Files.writeString(target.resolve(name), "");
        }
        return target;
    }

    record Result(int code, String out, String err) {}

    private static Result run(String... args) {
        var cli = Cli.commandLine(new NotebooksCli());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        cli.setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true));
        cli.setErr(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true));
        int code = cli.execute(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
