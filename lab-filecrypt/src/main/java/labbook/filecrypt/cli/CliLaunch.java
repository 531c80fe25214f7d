package labbook.filecrypt.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.ForkedJava;
import labbook.core.LabException;
import labbook.core.Launch;
import labbook.core.Repo;
import labbook.core.UnsignedJar;

/**
 * The {@code java} command that {@code ./labbook filecrypt encrypt|decrypt ARGS} execs, computed as the launcher
 * computes it from lab-filecrypt's {@link Launch} declaration: its JVM flags and its {@code cli.flags} (C1, the serial
 * collector), the module's {@link UnsignedJar} and the class-data archive the build made of it, for this JDK and this
 * path. Without a JAR as new as the classes (inside the module's own tests), the classes and their class path. The
 * level sweep's process rows time this command.
 */
public final class CliLaunch {
    /** Everything before the arguments: worked out once per JVM (it walks the classes to see if the JAR is current). */
    private static volatile List<String> prefix;

    private CliLaunch() {}

    public static List<String> command(List<String> args) {
        List<String> p = prefix;
        if (p == null) {
            p = prefix();
            prefix = p;
        }
        List<String> cmd = new ArrayList<>(p);
        cmd.addAll(args);
        return cmd;
    }

    private static List<String> prefix() {
        Launch launch = Launch.onClassPath("filecrypt");
        Path target = launch.moduleDir(Repo.root()).resolve("target");
        Path jar = UnsignedJar.of(launch, Repo.root());
        List<String> cmd = new ArrayList<>(List.of(ForkedJava.javaBinary()));
        cmd.addAll(launch.jvmFlags());
        cmd.addAll(launch.cliFlags());
        cmd.add("-Dlabbook.repo=" + Repo.root()); // they run in the user's folder; encrypt's zlib binding is built here
        if (UnsignedJar.isCurrent(jar, target.resolve("classes"))) {
            cmd.addAll(List.of("-cp", jar.toString()));
            Path archive = target.resolve("cds").resolve("cli.jsa");
            if (archiveFits(archive, launch.jdk() + " " + jar)) {
                cmd.addAll(List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off", "-XX:SharedArchiveFile=" + archive));
            }
        } else {
            Path classPath = target.resolve("classpath.txt");
            try {
                String cp = Files.readString(classPath, StandardCharsets.UTF_8).trim();
                cmd.addAll(List.of("-cp", target.resolve("classes") + ":" + cp));
            } catch (IOException e) {
                throw LabException.cannot("read", classPath, e);
            }
        }
        cmd.add(launch.mainClass());
        return List.copyOf(cmd);
    }

    /** The archive is used only when the build made it for this JDK and this JAR path ({@code cli.jsa.for}). */
    private static boolean archiveFits(Path archive, String madeFor) {
        try {
            return Files.size(archive) > 0
                    && Files.readString(archive.resolveSibling("cli.jsa.for"), StandardCharsets.UTF_8)
                            .trim()
                            .equals(madeFor);
        } catch (IOException none) {
            return false;
        }
    }
}
