package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import labbook.core.Cli;
import org.junit.jupiter.api.Assumptions;

/**
 * Jupyter from outside the JVM, for the tests that start the real kernel: a Python that has the
 * needed Jupyter modules, the kernel installed into a temporary prefix, and processes run with
 * JUPYTER_PATH pointing there. Debian's Jupyter lives in /usr/bin/python3 (a pyenv python3 may come
 * first on PATH); LABBOOK_PYTHON overrides.
 */
final class Jupyter {
    static final String KERNEL = "labbook-test";

    final Path python;
    final Path prefix;
    final Map<String, String> env = new HashMap<>();

    private Jupyter(Path python, Path prefix) {
        this.python = python;
        this.prefix = prefix;
    }

    /** A Python with all the modules, and the kernel installed under prefix; aborts (skips) the test if none. */
    static Jupyter require(Path prefix, String... modules) throws Exception {
        Optional<Path> python = findPython(modules);
        Assumptions.assumeTrue(python.isPresent(), "SKIPPED: no Python with " + String.join(", ", modules)
                + " (Debian: apt-get install jupyter-nbconvert python3-nbclient jupyter-client python3-ipykernel"
                + " python3-jupyter-kernel-test; or set LABBOOK_PYTHON)");
        Jupyter jupyter = new Jupyter(python.get(), prefix);
        int code = Cli.run(new NotebooksCli(), "install", "--prefix", prefix.toString(), "--name", KERNEL);
        assertThat(code).as("notebooks install --prefix " + prefix).isZero();
        Path runtime = Files.createDirectories(prefix.resolve("runtime"));
        jupyter.env.put("JUPYTER_PATH", KernelSpec.dataDirUnderPrefix(prefix).toString());
        jupyter.env.put("JUPYTER_RUNTIME_DIR", runtime.toString());
        jupyter.env.put("JUPYTER_PLATFORM_DIRS", "1");
        jupyter.env.put("LABBOOK_KERNEL", KERNEL);
        jupyter.env.put("PYTHONDONTWRITEBYTECODE", "1");
        return jupyter;
    }

    private static Optional<Path> findPython(String... modules) {
        List<String> candidates = new ArrayList<>();
        String explicit = System.getenv("LABBOOK_PYTHON");
        if (explicit != null && !explicit.isBlank()) {
            candidates.add(explicit);
        }
        candidates.add("/usr/bin/python3");
        candidates.add("python3");
        String imports = "import " + String.join(", ", modules);
        for (String candidate : candidates) {
            try {
                Process p = new ProcessBuilder(candidate, "-c", imports).redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    return Optional.of(Path.of(candidate));
                }
            } catch (IOException e) {
                // not installed here: try the next one
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    record Run(int code, String output) {
    }

    /** Runs the Python with these arguments; output is stdout and stderr together. Kills it after the timeout. */
    Run python(Path dir, long timeoutSeconds, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(python.toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Path log = Files.createTempFile(prefix, "run", ".log");
        builder.redirectOutput(log.toFile());
        Process process = builder.start();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor();
            return new Run(-1, "TIMED OUT after " + timeoutSeconds + " s\n" + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new Run(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
}
