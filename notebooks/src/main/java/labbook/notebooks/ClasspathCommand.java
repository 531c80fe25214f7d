package labbook.notebooks;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code notebooks classpath}: the lab's jars, for another Java kernel (IJava, JJava) to load. */
@Command(
        name = "classpath",
        mixinStandardHelpOptions = true,
        description = {
            "Prints the class path of the lab's built jars, for another Java kernel.",
            "notebooks/target/notebooks-*.jar and notebooks/target/lib/*.jar, e.g. for IJAVA_CLASSPATH,",
            "JJAVA_CLASSPATH or a %%classpath cell."
        })
final class ClasspathCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.out.println(KernelJars.classPath(KernelJars.ofThisBuild()));
        return 0;
    }
}
