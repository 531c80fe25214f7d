package labbook.notebooks;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import labbook.core.Repo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code notebooks install [--prefix DIR] [--name NAME]}: registers the lab's kernel with Jupyter. */
@Command(
        name = "install",
        mixinStandardHelpOptions = true,
        description = {
            "Registers the lab's Java kernel with Jupyter (writes its kernel.json).",
            "The kernelspec goes to <data dir>/kernels/<name>/kernel.json and starts the java running this",
            "command on the built jars: notebooks/target/notebooks-*.jar and notebooks/target/lib/*.jar",
            "(made by `mvn package`)."
        })
final class InstallCommand implements Callable<Integer> {
    @Option(
            names = "--prefix",
            paramLabel = "DIR",
            description = "install into DIR/share/jupyter/kernels (like `jupyter kernelspec install --prefix`);"
                    + " default: the user's Jupyter data folder")
    Path prefix;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            defaultValue = KernelSpec.DEFAULT_NAME,
            description = "the kernel's name (default: ${DEFAULT-VALUE})")
    String name;

    @Option(
            names = "--display-name",
            paramLabel = "TEXT",
            defaultValue = "Java (labbook)",
            description = "the name notebooks show (default: ${DEFAULT-VALUE})")
    String displayName;

    @Override
    public Integer call() {
        KernelSpec.checkName(name);
        List<Path> jars = KernelJars.ofThisBuild();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path dataDir =
                prefix != null ? KernelSpec.dataDirUnderPrefix(prefix.toAbsolutePath()) : KernelSpec.userDataDir();
        Path file = KernelSpec.write(dataDir, name, KernelSpec.content(displayName, java, jars, Repo.root()));
        System.out.println("installed kernel '" + name + "' (" + jars.size() + " jars, " + java + ") in " + file);
        if (prefix != null) {
            System.out.println("Jupyter finds it with JUPYTER_PATH=" + dataDir);
        }
        return 0;
    }
}
