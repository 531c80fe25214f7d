package labbook.filecrypt.pgp;

import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.LabException;

/**
 * Finds, once, how this JVM can call the system zlib: on JDK 17-21 the lab's JNI library ({@link JniZlib}), on JDK 22+
 * the final foreign-function API and libz.so.1, or the reason there is none (then {@link NativeZlib} falls back to
 * JZlib).
 */
final class ZlibProbe {
    private static final List<String> LIBRARIES = List.of(
            "/lib/x86_64-linux-gnu/libz.so.1",
            "/usr/lib/x86_64-linux-gnu/libz.so.1",
            "/lib/aarch64-linux-gnu/libz.so.1",
            "/usr/lib/aarch64-linux-gnu/libz.so.1",
            "/usr/lib64/libz.so.1",
            "/lib64/libz.so.1",
            "/usr/lib/libz.so.1");

    static String whyNot = "";
    static final NativeZlib.Binding BINDING = probe();

    private ZlibProbe() {}

    private static NativeZlib.Binding probe() {
        int feature = Runtime.version().feature();
        if (feature < 22) {
            // JDK 17-21: the lab's JNI library, linked to the system zlib at its build
            try {
                return new JniZlib();
            } catch (LabException | IllegalStateException | LinkageError e) {
                return none(e.getMessage());
            }
        }
        String binding = "labbook.filecrypt.pgp.FfmZlib";
        Path lib = LIBRARIES.stream()
                .map(Path::of)
                .filter(Files::isRegularFile)
                .findFirst()
                .orElse(null);
        if (lib == null) {
            return none("no libz.so.1 in " + String.join(", ", LIBRARIES));
        }
        try {
            return Class.forName(binding)
                    .asSubclass(NativeZlib.Binding.class)
                    .getDeclaredConstructor(Path.class)
                    .newInstance(lib);
        } catch (ClassNotFoundException notBuilt) {
            return none("this build has no " + binding + " (it was compiled without a JDK 22+ javac)");
        } catch (InvocationTargetException e) {
            return none(e.getCause().getMessage() + "; needs " + String.join(" ", NativeZlib.jvmFlags()));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return none(e + "; needs " + String.join(" ", NativeZlib.jvmFlags()));
        }
    }

    private static NativeZlib.Binding none(String reason) {
        whyNot = "no native zlib (JZlib): " + reason;
        return null;
    }
}
