package labbook.notebooks;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import labbook.core.LabException;

/**
 * The built jars a kernel runs on: this module's jar and its runtime dependencies, which {@code mvn package} copies
 * into {@code notebooks/target/lib} (maven-dependency-plugin). The kernelspec names them one by one, so the kernel runs
 * exactly what was built, wherever Jupyter starts.
 */
final class KernelJars {
    private KernelJars() {}

    /** The jars of the build this class was loaded from (its {@code target} folder). */
    static List<Path> ofThisBuild() {
        Path codeSource;
        try {
            codeSource = Path.of(KernelJars.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new LabException("cannot tell where the notebooks module was loaded from", e);
        }
        // target/notebooks-<version>.jar or target/classes: either way the folder above is target/
        return in(codeSource.toAbsolutePath().getParent());
    }

    /** The module jar and every jar of {@code lib/} in a {@code target} folder. */
    static List<Path> in(Path target) {
        Path lib = target.resolve("lib");
        List<Path> jars = new ArrayList<>();
        try (Stream<Path> files = Files.list(target)) {
            files.filter(p -> p.getFileName().toString().matches("notebooks-.*\\.jar")
                            && !p.getFileName().toString().matches(".*-(sources|tests|javadoc)\\.jar"))
                    .sorted()
                    .forEach(jars::add);
        } catch (IOException e) {
            throw LabException.cannot("list", target, e);
        }
        if (jars.isEmpty() || !Files.isDirectory(lib)) {
            throw new LabException("no built kernel in " + target + " (the notebooks jar and lib/ are missing):"
                    + " build it first: `mvn -q install -DskipTests` at the repository root");
        }
        try (Stream<Path> files = Files.list(lib)) {
            files.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(jars::add);
        } catch (IOException e) {
            throw LabException.cannot("list", lib, e);
        }
        return List.copyOf(jars);
    }

    static String classPath(List<Path> jars) {
        return String.join(File.pathSeparator, jars.stream().map(Path::toString).toList());
    }
}
