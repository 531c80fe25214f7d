package labbook.vfs.experiments;

import java.time.Duration;
import java.util.List;
import labbook.core.ForkedJava;
import labbook.core.Launch;

/**
 * The fresh JVMs lab-vfs times its Java variants in: each started with the module's declared JVM flags (its pom's
 * {@code labbook.jvm.flags}, read from its launch declaration) and this JVM's class path, whatever launched the
 * experiment ({@code ./labbook}, {@code mvn exec:java}, {@code all}, a notebook), so that no variant's JIT state is
 * shaped by another's, nor by the launcher's.
 */
public final class VariantJvm {
    /** The {@code ./labbook} command lab-vfs's pom declares ({@code labbook.command}), which names its declaration. */
    public static final String LAUNCH_COMMAND = "vfs";

    private VariantJvm() {}

    /** The module's declared JVM flags, for JVMs that another launcher starts (JMH's forks). */
    public static List<String> declaredFlags() {
        return Launch.onClassPath(LAUNCH_COMMAND).jvmFlags();
    }

    /**
     * Runs {@code mainClass args} in a fresh JVM to its end, its output relayed; killed when silent for
     * {@code silence}; a failure is one line naming {@code name}.
     */
    public static void run(String name, Class<?> mainClass, List<String> args, Duration silence) {
        ForkedJava.run(name, ForkedJava.isolated(LAUNCH_COMMAND, List.of(), mainClass.getName(), args), silence);
    }
}
