package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.core.Child;
import labbook.core.ChildSpec;
import labbook.core.Cli;
import labbook.core.LabException;
import org.junit.jupiter.api.Assumptions;

/**
 * Jupyter from outside the JVM, for the tests that start the real kernel: a Python that has the needed Jupyter modules,
 * the kernel installed into a temporary prefix, and processes run with JUPYTER_PATH pointing there. Debian's Jupyter
 * lives in /usr/bin/python3 (a pyenv python3 may come first on PATH); LABBOOK_PYTHON overrides.
 */
final class Jupyter {
    static final String KERNEL = "labbook-test";
    /** How long a Python may take to say whether it has the modules (its first start may compile them). */
    private static final Duration IMPORT_CHECK = Duration.ofSeconds(60);

    final Path python;
    final Path prefix;
    final String kernel;
    final Map<String, String> env = new HashMap<>();

    private Jupyter(Path python, Path prefix, String kernel) {
        this.python = python;
        this.prefix = prefix;
        this.kernel = kernel;
    }

    /**
     * A Python with all the modules, and the kernel installed under prefix as {@value #KERNEL}; aborts (skips) the test
     * if none.
     */
    static Jupyter require(Path prefix, String... modules) throws Exception {
        return require(KERNEL, prefix, modules);
    }

    /** The same, with the kernel installed under this name (and the default display name). */
    static Jupyter require(String kernel, Path prefix, String... modules) throws Exception {
        Optional<Path> python = findPython(prefix, modules);
        Assumptions.assumeTrue(
                python.isPresent(),
                "SKIPPED: no Python with " + String.join(", ", modules)
                        + " (Debian: apt-get install jupyter-nbconvert python3-nbclient jupyter-client "
                        + "python3-ipykernel"
                        + " python3-jupyter-kernel-test; or set LABBOOK_PYTHON)");
        Jupyter jupyter = new Jupyter(python.get(), prefix, kernel);
        int code = Cli.run(new NotebooksCli(), "install", "--prefix", prefix.toString(), "--name", kernel);
        assertThat(code).as("notebooks install --prefix " + prefix).isZero();
        Path runtime = Files.createDirectories(prefix.resolve("runtime"));
        jupyter.env.put("JUPYTER_PATH", KernelSpec.dataDirUnderPrefix(prefix).toString());
        jupyter.env.put("JUPYTER_RUNTIME_DIR", runtime.toString());
        jupyter.env.put("JUPYTER_PLATFORM_DIRS", "1");
        jupyter.env.put("LABBOOK_KERNEL", kernel);
        jupyter.env.put("PYTHONDONTWRITEBYTECODE", "1");
        return jupyter;
    }

    private static Optional<Path> findPython(Path prefix, String... modules) throws Exception {
        List<String> candidates = new ArrayList<>();
        String explicit = System.getenv("LABBOOK_PYTHON");
        if (explicit != null && !explicit.isBlank()) {
            candidates.add(explicit);
        }
        candidates.add("/usr/bin/python3");
        candidates.add("python3");
        String imports = "import " + String.join(", ", modules);
        for (String candidate : candidates) {
            Path log = Files.createTempFile(prefix, "python-check", ".log");
            try (Child check = Child.start(Child.spec(candidate + " -c '" + imports + "'", candidate, "-c", imports)
                    .outputTo(log))) {
                if (check.waitFor(IMPORT_CHECK) == 0) {
                    return Optional.of(Path.of(candidate));
                }
            } catch (Child.CannotStart notInstalledHere) {
                // try the next one
            }
        }
        return Optional.empty();
    }

    /** A finished Python: its exit status, its output (stdout and stderr), and one line saying how it ended. */
    record Run(int code, String output, String exitLine) {}

    /** Runs the Python with these arguments in dir and waits for it, at most timeoutSeconds (then it is killed). */
    Run python(Path dir, long timeoutSeconds, String... args) throws Exception {
        try (Child child = startPython(dir, args)) {
            int code;
            try {
                code = child.waitFor(Duration.ofSeconds(timeoutSeconds));
            } catch (LabException killed) {
                // the one-line failure names the last line only: the whole log (the kernel's stderr is in it) says why
                System.out.println(child.output());
                throw killed;
            }
            return new Run(code, child.output(), child.failure("ended").getMessage());
        }
    }

    /**
     * Starts the Python with these arguments in dir, with Jupyter's environment, its output to a file under the prefix.
     */
    Child startPython(Path dir, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(python.toString());
        command.addAll(List.of(args));
        ChildSpec spec = Child.spec(String.join(" ", command), command)
                .dir(dir)
                .outputTo(Files.createTempFile(prefix, "python", ".log"));
        env.forEach(spec::env);
        return Child.start(spec);
    }
}
