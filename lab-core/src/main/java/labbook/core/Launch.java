package labbook.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * How one module is launched: the {@code ./labbook} command that runs it, its main class, the JVM flags it needs and
 * the Debian packages it runs. The module's pom is the one declaration; the build writes it to
 * {@code target/classes/labbook/launch/COMMAND/launch.properties}, which {@code ./labbook} reads to start the module
 * and this class reads for the lab's own Java code (the main job, the fast paths, the tests that check them).
 *
 * @param cliFlags more flags for the module's short-lived commands (lab-filecrypt's encrypt and decrypt)
 * @param fullPackages the Debian packages its full mode adds
 * @param jdk the feature version of the JDK that built the module: the JVM flags are that JDK's
 */
public record Launch(
        String command,
        String module,
        String mainClass,
        List<String> jvmFlags,
        List<String> cliFlags,
        List<String> packages,
        List<String> fullPackages,
        List<String> testPackages,
        int jdk) {

    static String resource(String command) {
        return "labbook/launch/" + command + "/launch.properties";
    }

    private static final Map<String, Launch> ON_CLASS_PATH = new ConcurrentHashMap<>();

    /** The declaration of {@code command} on this JVM's class path (the module's own, or a dependency's); read once. */
    public static Launch onClassPath(String command) {
        return ON_CLASS_PATH.computeIfAbsent(command, Launch::read);
    }

    private static Launch read(String command) {
        try (InputStream in = Launch.class.getClassLoader().getResourceAsStream(resource(command))) {
            if (in == null) {
                throw new LabException("no launch declaration for '" + command + "' on the class path ("
                        + resource(command) + "): build the module that declares it (mvn install)");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource(command));
        } catch (IOException e) {
            throw new LabException("cannot read " + resource(command) + ": " + Reasons.of(e), e);
        }
    }

    /** The declaration of {@code command} as built in the repository at {@code root}, found in its module's classes. */
    public static Launch built(Path root, String command) {
        try (Stream<Path> modules = Files.list(root)) {
            Path file = modules.map(m -> m.resolve("target/classes").resolve(resource(command)))
                    .filter(Files::isRegularFile)
                    .findFirst()
                    .orElseThrow(() -> new LabException("no module of " + root + " declares the command '" + command
                            + "' (or it is not built: ./labbook builds it)"));
            return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
        } catch (IOException e) {
            throw LabException.cannot("list the modules of", root, e);
        }
    }

    static Launch parse(String text, String source) {
        Properties p = new Properties();
        try (Reader r = new java.io.StringReader(text)) {
            p.load(r);
        } catch (IOException e) {
            throw new IllegalStateException(e); // a string reader does not fail
        }
        String jdk = required(p, "jdk", source);
        try {
            return new Launch(
                    required(p, "command", source),
                    required(p, "module", source),
                    required(p, "main", source),
                    words(p.getProperty("jvm.flags", "")),
                    words(p.getProperty("cli.flags", "")),
                    words(p.getProperty("packages", "")),
                    words(p.getProperty("full.packages", "")),
                    words(p.getProperty("test.packages", "")),
                    Integer.parseInt(jdk.replaceFirst("^1\\.", "").replaceFirst("\\..*", "")));
        } catch (NumberFormatException e) {
            throw new LabException(source + ": jdk '" + jdk + "' is not a Java version");
        }
    }

    private static String required(Properties p, String key, String source) {
        String v = p.getProperty(key, "").trim();
        if (v.isEmpty() || v.startsWith("${")) {
            throw new LabException(source + ": no " + key + " (the build writes it from the module's pom)");
        }
        return v;
    }

    private static List<String> words(String s) {
        return s.isBlank() ? List.of() : Arrays.asList(s.trim().split("\\s+"));
    }

    /** The module's folder in the repository at {@code root}. */
    public Path moduleDir(Path root) {
        return root.resolve(module);
    }

    /**
     * {@code java FLAGS -Dlabbook.repo=ROOT -cp CLASSES:CLASSPATH MAIN ARGS}: the command {@code ./labbook COMMAND
     * ARGS} execs, with the running JDK's java, the module's classes and the class path its build wrote.
     */
    public List<String> javaCommand(Path root, List<String> args) {
        Path classPathFile = moduleDir(root).resolve("target/classpath.txt");
        String classPath;
        try {
            classPath = Files.readString(classPathFile, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw LabException.cannot("read", classPathFile, e);
        }
        String classes = moduleDir(root).resolve("target/classes").toString();
        return ForkedJava.command(jvmFlags, classPath.isEmpty() ? classes : classes + ":" + classPath, mainClass, args);
    }
}
