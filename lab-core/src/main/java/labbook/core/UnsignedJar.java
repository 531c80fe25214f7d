package labbook.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.stream.Stream;

/**
 * The class path of a module's JVMs that must start fast, without BouncyCastle's signature check: the module's one
 * unsigned JAR, {@code target/<module>-unsigned.jar}, which the parent pom's {@code unsigned-jar} execution of
 * maven-shade-plugin makes at {@code package} (the pom says why), when it is as new as the module's classes. Before
 * {@code package} (inside the module's own tests) or after a change the build has not packaged, this JVM's own class
 * path: signed JARs included, so slower to start, but the same code.
 */
public final class UnsignedJar {
    private UnsignedJar() {}

    /** The class path a forked JVM of {@code launch}'s module starts with, and whether it is the unsigned JAR. */
    public record ClassPath(String value, boolean unsigned) {}

    /** The unsigned JAR of {@code launch}'s module in the repository at {@code root}, built or not. */
    public static Path of(Launch launch, Path root) {
        Path target = launch.moduleDir(root).resolve("target");
        return target.resolve(launch.module() + "-unsigned.jar");
    }

    private static final java.util.Map<String, ClassPath> BY_COMMAND = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The class path for a fast-starting JVM of the module that declares {@code command} ({@code "wallet"}), in the
     * repository this JVM runs from; worked out once per JVM (it walks the classes to see if the JAR is current).
     */
    public static String classPathOf(String command) {
        return BY_COMMAND
                .computeIfAbsent(command, c -> classPath(Launch.onClassPath(c), Repo.root()))
                .value();
    }

    /** The class path for a fast-starting JVM of {@code launch}'s module. */
    public static ClassPath classPath(Launch launch, Path root) {
        Path jar = of(launch, root);
        if (isCurrent(jar, launch.moduleDir(root).resolve("target/classes"))) {
            return new ClassPath(jar.toString(), true);
        }
        return new ClassPath(ForkedJava.classPath(), false);
    }

    /**
     * Whether {@code jar} exists and no file under {@code classes} is newer (a build since would be missing from it).
     */
    public static boolean isCurrent(Path jar, Path classes) {
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(classes)) {
            FileTime built = Files.getLastModifiedTime(jar);
            return files.noneMatch(f -> {
                try {
                    return Files.getLastModifiedTime(f).compareTo(built) > 0;
                } catch (IOException gone) {
                    return false;
                }
            });
        } catch (IOException e) {
            return false;
        }
    }
}
