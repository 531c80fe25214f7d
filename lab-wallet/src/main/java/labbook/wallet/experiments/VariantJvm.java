package labbook.wallet.experiments;

import java.time.Duration;
import java.util.List;
import labbook.core.ForkedJava;
import labbook.core.Launch;
import labbook.core.UnsignedJar;

/**
 * The fresh JVMs lab-wallet times its Java variants in (sync-sweep's {@code SweepWorker}, save-strategies'
 * {@code SaveStrategyWorker}): each started with the module's declared JVM flags (its pom's {@code labbook.jvm.flags},
 * read from its launch declaration), then the variant's own, whatever launched the experiment ({@code ./labbook},
 * {@code mvn exec:java}, {@code all}, a notebook), so that no variant's JIT state is shaped by another's, nor by the
 * launcher's.
 */
public final class VariantJvm {
    /**
     * The {@code ./labbook} command lab-wallet's pom declares ({@code labbook.command}), which names its declaration.
     */
    public static final String LAUNCH_COMMAND = "wallet";

    private VariantJvm() {}

    /** The module's declared JVM flags, for JVMs that another launcher starts (JMH's forks). */
    public static List<String> declaredFlags() {
        return Launch.onClassPath(LAUNCH_COMMAND).jvmFlags();
    }

    /**
     * Runs {@code mainClass args} in a fresh JVM with the declared flags and {@code jvmArgs}, to its end, its output
     * relayed; killed when silent for {@code silence}; a failure is one line naming {@code name}. It runs on the
     * module's unsigned JAR: an interpreted JVM would spend seconds verifying BouncyCastle's jar signature.
     */
    public static void run(String name, Class<?> mainClass, List<String> jvmArgs, List<String> args, Duration silence) {
        ForkedJava.run(
                name,
                ForkedJava.isolated(
                        LAUNCH_COMMAND, jvmArgs, UnsignedJar.classPathOf(LAUNCH_COMMAND), mainClass.getName(), args),
                silence);
    }
}
