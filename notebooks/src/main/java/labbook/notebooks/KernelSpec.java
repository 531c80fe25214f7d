package labbook.notebooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import labbook.core.AtomicFiles;
import labbook.core.LabException;

/**
 * A Jupyter kernelspec ({@code kernels/<name>/kernel.json}) that starts {@link Kernel} with the lab's jars, the same
 * way {@code jupyter kernelspec install} lays one out.
 */
final class KernelSpec {
    static final String DEFAULT_NAME = "labbook-java";

    private KernelSpec() {}

    /** Jupyter's per-user data folder: JUPYTER_DATA_DIR, else the platform's usual place. */
    static Path userDataDir() {
        String explicit = System.getenv("JUPYTER_DATA_DIR");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        Path home = Path.of(System.getProperty("user.home"));
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return home.resolve("Library").resolve("Jupyter");
        }
        if (os.contains("win")) {
            String appData = System.getenv("APPDATA");
            return (appData != null ? Path.of(appData) : home.resolve("AppData").resolve("Roaming")).resolve("jupyter");
        }
        String xdg = System.getenv("XDG_DATA_HOME");
        return (xdg != null && !xdg.isBlank()
                        ? Path.of(xdg)
                        : home.resolve(".local").resolve("share"))
                .resolve("jupyter");
    }

    /** {@code <prefix>/share/jupyter}, as {@code jupyter kernelspec install --prefix} uses it. */
    static Path dataDirUnderPrefix(Path prefix) {
        return prefix.resolve("share").resolve("jupyter");
    }

    static void checkName(String name) {
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new LabException(
                    "kernel name '" + name + "' is not valid: use letters, digits, '.', '_' and '-' only");
        }
    }

    /** The kernel.json content: java with the lab's jars, interrupts sent as messages (a JVM dies on SIGINT). */
    static Map<String, Object> content(String displayName, Path java, List<Path> jars, Path repo) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put(
                "argv",
                List.of(
                        java.toString(),
                        "-Djava.awt.headless=true",
                        "-Dlabbook.repo=" + repo,
                        "-cp",
                        KernelJars.classPath(jars),
                        Kernel.class.getName(),
                        "{connection_file}"));
        spec.put("display_name", displayName);
        spec.put("language", "java");
        spec.put("interrupt_mode", "message");
        spec.put("metadata", Map.of("labbook", Map.of("version", JShellKernel.VERSION)));
        return spec;
    }

    /** Writes {@code <dataDir>/kernels/<name>/kernel.json} (atomically) and returns its path. */
    static Path write(Path dataDir, String name, Map<String, Object> content) {
        checkName(name);
        Path dir = dataDir.resolve("kernels").resolve(name);
        Path file = dir.resolve("kernel.json");
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "kernel", ".json.tmp");
            try {
                new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(tmp.toFile(), content);
                AtomicFiles.replace(tmp, file);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw LabException.cannot("write the kernelspec", file, e);
        }
        return file;
    }
}
