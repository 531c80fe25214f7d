package labbook.wallet.experiments;

import java.io.BufferedOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import labbook.core.ForkedJava;
import labbook.core.LabException;

/**
 * Unsigned copies of the class path's signed jars, for the forked JVMs that start many times (the crash test's writers)
 * or run interpreted (sync-sweep's C1 and -Xint loops). With BouncyCastle's signed jar, the first class loaded from it
 * makes the JVM verify the jar's PKCS#7 signature and certificates, and each class the SHA-256 digest of its entry: a
 * large part of a JVM's start-up, and far more under -Xint. The lab only calls BouncyCastle's lightweight API, which
 * needs no signature (only a JCE provider does), so these JVMs get an unsigned copy of each signed jar: same entries
 * and main manifest attributes, without the signature files, made once per run in a scratch folder. The experiment's
 * own JVM keeps the real jars.
 */
public final class UnsignedJars {
    private static final Pattern SIGNATURE =
            Pattern.compile("META-INF/[^/]+\\.(SF|RSA|DSA|EC)", Pattern.CASE_INSENSITIVE);

    private UnsignedJars() {}

    /**
     * {@link ForkedJava#command} with each signed jar of the class path replaced by an unsigned copy in
     * {@code scratch}.
     */
    public static List<String> command(List<String> jvmArgs, String mainClass, List<String> args, Path scratch) {
        List<String> cmd = new ArrayList<>(ForkedJava.command(jvmArgs, mainClass, args));
        int cp = cmd.indexOf("-cp") + 1;
        List<String> entries = new ArrayList<>();
        for (String entry : cmd.get(cp).split(File.pathSeparator)) {
            entries.add(
                    unsigned(Path.of(entry), scratch.resolve("unsigned-jars")).toString());
        }
        cmd.set(cp, String.join(File.pathSeparator, entries));
        return cmd;
    }

    /** {@code jar} itself when it is not a signed jar, else its unsigned copy in {@code dir} (made on first use). */
    static Path unsigned(Path jar, Path dir) {
        if (!jar.getFileName().toString().endsWith(".jar") || !Files.isRegularFile(jar)) {
            return jar;
        }
        Path copy = dir.resolve(jar.getFileName());
        if (Files.isRegularFile(copy)) {
            return copy;
        }
        try (JarFile in = new JarFile(jar.toFile(), false)) {
            if (in.stream().noneMatch(e -> SIGNATURE.matcher(e.getName()).matches())) {
                return jar;
            }
            Files.createDirectories(dir);
            Path temp = Files.createTempFile(dir, ".copy-", ".jar");
            Manifest manifest = new Manifest();
            if (in.getManifest() != null) {
                manifest.getMainAttributes().putAll(in.getManifest().getMainAttributes());
            }
            try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(temp));
                    JarOutputStream out = new JarOutputStream(file, manifest)) {
                for (Enumeration<JarEntry> en = in.entries(); en.hasMoreElements(); ) {
                    JarEntry e = en.nextElement();
                    if (!SIGNATURE.matcher(e.getName()).matches()
                            && !e.getName().equalsIgnoreCase(JarFile.MANIFEST_NAME)) {
                        copyStored(in, e, out);
                    }
                }
            }
            Files.move(temp, copy);
            return copy;
        } catch (IOException e) {
            throw LabException.cannot("make an unsigned copy of", jar, e);
        }
    }

    /** Copies one entry uncompressed: no deflating, so making the copy costs little more than reading the jar. */
    private static void copyStored(JarFile in, JarEntry e, JarOutputStream out) throws IOException {
        ZipEntry stored = new ZipEntry(e.getName());
        stored.setMethod(ZipEntry.STORED);
        stored.setSize(e.getSize());
        stored.setCompressedSize(e.getSize());
        stored.setCrc(e.getCrc());
        if (e.getLastModifiedTime() != null) {
            stored.setLastModifiedTime(e.getLastModifiedTime());
        }
        out.putNextEntry(stored);
        try (InputStream data = in.getInputStream(e)) {
            data.transferTo(out);
        }
        out.closeEntry();
    }
}
