package labbook.core;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A fresh {@code java} with this module's real class path, for JMH and for experiments that need their own JVM flags
 * (such as {@code -Xint}).
 *
 * <p>Under {@code mvn exec:java} the JVM's class path is Maven's own; the module's classes live in the class loader
 * exec:java built. So the class path is read from the context class loader's URLs when there are any, and from
 * {@code java.class.path} otherwise.
 */
public final class ForkedJava {
    private ForkedJava() {}

    /** The java launcher of the running JDK. */
    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    public static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (ClassLoader cl = Thread.currentThread().getContextClassLoader(); cl != null; cl = cl.getParent()) {
            if (cl instanceof URLClassLoader urls) {
                for (URL url : urls.getURLs()) {
                    try {
                        entries.add(Path.of(url.toURI()).toString());
                    } catch (URISyntaxException | IllegalArgumentException notAFile) {
                        // not a local file: a forked JVM could not use it either
                    }
                }
            }
        }
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** {@code java <jvmArgs> -cp <this JVM's class path> <mainClass> <args>}. */
    public static List<String> command(List<String> jvmArgs, String mainClass, List<String> args) {
        return command(jvmArgs, classPath(), mainClass, args);
    }

    /** {@code java <jvmArgs> -Dlabbook.repo=ROOT -cp <classPath> <mainClass> <args>}, with the running JDK's java. */
    public static List<String> command(List<String> jvmArgs, String classPath, String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary());
        cmd.addAll(jvmArgs);
        cmd.add("-Dlabbook.repo=" + Repo.root());
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    /**
     * The environment variable of JVM flags added to every timed variant's JVM (after the module's declared flags): how
     * {@code labbook ab} runs one side with other flags. run.json records them.
     */
    public static final String EXTRA_FLAGS = "LABBOOK_JVM_FLAGS";

    /** The flags {@link #EXTRA_FLAGS} holds, split at white space; none when it is unset or blank. */
    public static List<String> extraFlags() {
        String v = System.getenv(EXTRA_FLAGS);
        return v == null || v.isBlank() ? List.of() : List.of(v.trim().split("\\s+"));
    }

    /**
     * A fresh JVM for one timed variant of an experiment of the module that declares {@code command}
     * ({@code "wallet"}): the module's declared JVM flags ({@link Launch#jvmFlags}), then {@code jvmArgs}, then this
     * JVM's class path. So a variant's figure does not depend on the launcher ({@code ./labbook}, {@code mvn
     * exec:java}, a study's {@code all}, a notebook) nor on what other variants compiled: its JIT state is its own, as
     * in JMH's forks.
     */
    public static List<String> isolated(String command, List<String> jvmArgs, String mainClass, List<String> args) {
        return isolated(command, jvmArgs, classPath(), mainClass, args);
    }

    /**
     * The same on {@code classPath}: for a JVM that must start fast, the module's unsigned JAR
     * ({@link UnsignedJar#classPathOf}).
     */
    public static List<String> isolated(
            String command, List<String> jvmArgs, String classPath, String mainClass, List<String> args) {
        List<String> flags = new ArrayList<>(Launch.onClassPath(command).jvmFlags());
        flags.addAll(extraFlags());
        flags.addAll(jvmArgs);
        return command(flags, classPath, mainClass, args);
    }

    /**
     * Runs a forked JVM (a {@link #command}, or one built from it) to its end, watched by {@link Child}: its output
     * relayed through this JVM's System.out and System.err, so its progress shows and a test's Surefire channel stays
     * clean; killed when it prints nothing for {@code silence}; a one-line {@link LabException} naming it unless it
     * exits 0 (its own last line repeated).
     */
    public static void run(String name, List<String> command, Duration silence) {
        try (Child child = Child.start(Child.spec(name, command).relayOutput().silence(silence))) {
            child.waitForSuccess();
        }
    }
}
