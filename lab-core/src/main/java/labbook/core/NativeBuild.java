package labbook.core;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * One of the lab's small native programs, built from its sources on first use into a folder of {@code target/} and
 * rebuilt when a source or the build command changes (a stamp of both beside the binary). Builds are serialised by a
 * file lock, so two JVMs never race to write the binary, and a failed build leaves the old one. lab-core's
 * {@code timed-exec} (which {@link Peer} runs every peer through) and lab-wallet's harnesses are built so.
 *
 * <p>The compiler runs as a plain {@link Child}, not through {@link Peer}: a build is not measured, and
 * {@code timed-exec}'s own build must not need {@code timed-exec}.
 */
public final class NativeBuild {
    /** A build of the kwallet5 harness takes tens of seconds; far more means the compiler hangs. */
    private static final Path LIBC_HEADER = Path.of("/usr/include/stdio.h");

    private static final Duration COMPILE_LIMIT = Duration.ofMinutes(10);

    private final String what;
    private final String binaryName;
    private final Path sourceDir;
    private final Path buildDir;
    private final List<String> endings;
    private final BiFunction<List<Path>, Path, List<String>> compileCommand;
    private final Runnable firstCheck;
    private boolean quiet;
    private Path built;

    /**
     * {@code what} names the program in messages ("the kwallet5 harness"); its sources are the files of
     * {@code sourceDir} with one of {@code endings}; {@code compileCommand} gives the compiler's command line for those
     * sources and an output path; {@code firstCheck} (the Debian packages the build and the program need) runs before
     * the first look at the binary in a JVM, and throws its one-line {@link LabException} when they are missing.
     */
    public NativeBuild(
            String what,
            String binaryName,
            Path sourceDir,
            Path buildDir,
            List<String> endings,
            BiFunction<List<Path>, Path, List<String>> compileCommand,
            Runnable firstCheck) {
        this.what = what;
        this.binaryName = binaryName;
        this.sourceDir = sourceDir;
        this.buildDir = buildDir;
        this.endings = endings;
        this.compileCommand = compileCommand;
        this.firstCheck = firstCheck;
    }

    /**
     * The gcc command line of a C program of lab-core: C11, optimised, every warning, then {@code flags} (a shared
     * library's, its include folders), the output and the sources.
     */
    static BiFunction<List<Path>, Path, List<String>> gcc(String... flags) {
        return gcc(List.of(flags), List.of());
    }

    /**
     * {@link #gcc(String...)}, then {@code -l} of each of {@code libraries}, after the sources (where the linker
     * looks).
     */
    private static BiFunction<List<Path>, Path, List<String>> gcc(List<String> flags, List<String> libraries) {
        return (sources, out) -> {
            List<String> cmd = new ArrayList<>(List.of("gcc", "-std=c11", "-O2", "-Wall"));
            cmd.addAll(flags);
            cmd.addAll(List.of("-o", out.toString()));
            sources.forEach(src -> cmd.add(src.toString()));
            libraries.forEach(lib -> cmd.add("-l" + lib));
            return cmd;
        };
    }

    /**
     * A JNI library of the lab's, {@code buildDir/libraryName}: the C files of {@code sourceDir} compiled by gcc
     * against the running JDK's JNI headers as a shared library, linked with {@code libraries} ({@code -l} names). Its
     * first check is {@link #needsGcc}'s with {@code jni.h}, then each of {@code packageHeaders} (a header, and the
     * Debian package that holds it: one line naming the package when it is missing). Built quietly: the command that
     * first needs it builds it in a moment. {@link #ensureLoaded} builds and loads it.
     */
    public static NativeBuild jniLibrary(
            String what,
            String purpose,
            String libraryName,
            Path sourceDir,
            Path buildDir,
            List<String> libraries,
            Map<Path, String> packageHeaders) {
        Path jdkHeaders = Path.of(System.getProperty("java.home"), "include");
        Runnable gccAndJni = needsGcc(what, purpose, jdkHeaders.resolve("jni.h"));
        return new NativeBuild(
                        what,
                        libraryName,
                        sourceDir,
                        buildDir,
                        List.of(".c"),
                        gcc(
                                List.of("-shared", "-fPIC", "-I" + jdkHeaders, "-I" + jdkHeaders.resolve("linux")),
                                libraries),
                        () -> {
                            gccAndJni.run();
                            packageHeaders.forEach((header, debianPackage) -> {
                                if (!Files.isRegularFile(header)) {
                                    throw new LabException(what + " (" + purpose + ") needs " + header
                                            + ": apt-get install -y --no-install-recommends " + debianPackage);
                                }
                            });
                        })
                .quietly();
    }

    /**
     * The first check of a program lab-core builds with gcc: gcc on PATH, the C library's headers and
     * {@code moreHeaders}, or one line naming what is missing, {@code what} and what it is for ({@code purpose}), and
     * the apt-get command that installs lab-core's declared Debian packages (gcc, libc6-dev), which {@code ./labbook}
     * installs for every command.
     */
    static Runnable needsGcc(String what, String purpose, Path... moreHeaders) {
        return () -> {
            boolean gcc = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                    .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, "gcc")));
            String install = ": apt-get install -y --no-install-recommends "
                    + String.join(" ", Launch.onClassPath("lab").packages());
            if (!gcc || !Files.isRegularFile(LIBC_HEADER)) {
                throw new LabException(what + " (" + purpose + ") needs " + (gcc ? LIBC_HEADER : "gcc") + install);
            }
            for (Path header : moreHeaders) {
                if (!Files.isRegularFile(header)) {
                    throw new LabException(what + " (" + purpose + ") needs " + header
                            + ", a JDK's header: run the lab on a JDK, not a runtime alone");
                }
            }
        };
    }

    /**
     * Builds without the "building ..." line on stderr: for a program that builds in a moment and is built by whatever
     * command first needs it, where an extra line would be noise in that command's output.
     */
    public NativeBuild quietly() {
        quiet = true;
        return this;
    }

    /**
     * The binary, built first if needed; one line, as a {@link LabException}, with the compiler's first error, or
     * naming the compiler when it is not installed.
     */
    @SuppressWarnings("try") // the file lock is held over the build, which never names it
    public synchronized Path ensureBuilt() {
        if (built != null && Files.isExecutable(built)) {
            return built; // checked once per JVM
        }
        firstCheck.run();
        List<Path> sources = sources();
        Path binary = buildDir.resolve(binaryName);
        try {
            Files.createDirectories(buildDir);
        } catch (IOException e) {
            throw LabException.cannot("create", buildDir, e);
        }
        try (FileChannel lockFile = FileChannel.open(
                        buildDir.resolve(".build.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = lockFile.lock()) {
            Path temp = binary.resolveSibling(binaryName + ".building");
            List<String> command = compileCommand.apply(sources, temp);
            String stamp = stamp(sources, command);
            Path stampFile = buildDir.resolve(binaryName + ".stamp");
            if (Files.isExecutable(binary)
                    && Files.isRegularFile(stampFile)
                    && Files.readString(stampFile, StandardCharsets.UTF_8).equals(stamp)) {
                built = binary;
                return binary;
            }
            if (!quiet) {
                System.err.println("building " + what + " (" + buildDir + ")");
            }
            Files.deleteIfExists(temp);
            compile(command);
            AtomicFiles.replace(temp, binary);
            Files.writeString(stampFile, stamp, StandardCharsets.UTF_8);
            built = binary;
            return binary;
        } catch (IOException e) {
            throw LabException.cannot("build " + what + " in", buildDir, e);
        }
    }

    /**
     * For a JNI library: {@link #ensureBuilt} and {@code System.load}, the one line of a {@link LabException} when it
     * cannot be loaded. Loaded into lab-core's class loader, which on every launcher's class path is the study module's
     * too (a JVM loads a library into one loader only).
     */
    public Path ensureLoaded() {
        Path library = ensureBuilt();
        try {
            System.load(library.toString());
        } catch (UnsatisfiedLinkError e) {
            throw new LabException("cannot load " + what + " (" + library + "): " + e.getMessage());
        }
        return library;
    }

    private void compile(List<String> command) {
        String compiler = command.get(0);
        try (Child cc =
                Child.start(Child.spec(compiler, command).captureStdout().limit(COMPILE_LIMIT))) {
            int exit = cc.waitFor();
            if (exit != 0) {
                String stderr = cc.stderrText();
                String first = stderr.lines()
                        .filter(l -> l.contains("error"))
                        .findFirst()
                        .or(() -> stderr.lines().filter(l -> !l.isBlank()).findFirst())
                        .orElse("no message");
                throw new LabException(
                        "cannot build " + what + " (" + compiler + " exit " + exit + "): " + first.trim());
            }
        } catch (Child.CannotStart noCompiler) {
            throw new LabException("cannot build " + what + ": " + compiler + " is not installed (Debian package "
                    + compiler + "; ./labbook installs the packages it needs)");
        }
    }

    private List<Path> sources() {
        if (!Files.isDirectory(sourceDir)) {
            throw new LabException(
                    "the source of " + what + " is missing: " + sourceDir + " (run from the labbook repository)");
        }
        try (Stream<Path> s = Files.list(sourceDir)) {
            List<Path> files = s.filter(
                            p -> endings.stream().anyMatch(e -> p.toString().endsWith(e)))
                    .sorted()
                    .toList();
            if (files.isEmpty()) {
                throw new LabException("the source of " + what + " is missing: no " + String.join(" or ", endings)
                        + " file in " + sourceDir);
            }
            return files;
        } catch (IOException e) {
            throw LabException.cannot("list", sourceDir, e);
        }
    }

    /** SHA-256 of the build command and every source file's name and bytes. */
    private static String stamp(List<Path> sources, List<String> command) throws IOException {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(String.join("\u0000", command).getBytes(StandardCharsets.UTF_8));
            for (Path p : sources) {
                md.update(p.getFileName().toString().getBytes(StandardCharsets.UTF_8));
                md.update(Files.readAllBytes(p));
            }
            return HexFormat.of().formatHex(md.digest()) + "\n";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
