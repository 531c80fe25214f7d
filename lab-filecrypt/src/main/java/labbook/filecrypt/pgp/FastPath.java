package labbook.filecrypt.pgp;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * bcpg's two fast paths and the JVM flags they need on the running JDK.
 *
 * <ul>
 *   <li>Native zlib for gpg's ZIP ({@link NativeZlib}): JDK 22+ needs {@code --enable-native-access=ALL-UNNAMED}; JDK
 *       17-21 call it through the lab's JNI library, built with gcc on first use. Without them it falls back to JZlib
 *       (pure Java).
 *   <li>AES-CFB computed through the JDK's AES/CBC ({@link CbcKeyStreamCfb}): public API, no flag, every JDK; fast
 *       where HotSpot's AES intrinsics (AES-NI) are on.
 * </ul>
 */
public final class FastPath {
    /** The flags this JDK needs for both fast paths (only native zlib needs any). */
    public static final List<String> JVM_FLAGS = NativeZlib.jvmFlags();

    private FastPath() {}

    /**
     * "native zlib 1.2.13 via java.lang.foreign, AES-CFB via AES/CBC (AES-NI)", or what is missing: for run.json and
     * printouts.
     */
    public static String describe() {
        return (NativeZlib.available() ? "native " : "") + NativeZlib.describe() + ", AES-CFB via AES/CBC ("
                + (aesIntrinsics() ? "AES-NI" : "no AES intrinsics on this JVM/CPU") + ")";
    }

    /** Whether both fast paths are in use: native zlib callable, and HotSpot's AES intrinsics on. */
    public static boolean available() {
        return NativeZlib.available() && aesIntrinsics();
    }

    /**
     * Whether HotSpot compiles the JDK's AES to AES-NI: {@code -XX:+UseAES}, which the JVM turns on where the CPU has
     * the instructions (its diagnostic {@code UseAESIntrinsics} follows it).
     */
    public static boolean aesIntrinsics() {
        try {
            return Boolean.parseBoolean(
                    ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                            .getVMOption("UseAES")
                            .getValue());
        } catch (RuntimeException | LinkageError notHotSpot) {
            return false;
        }
    }
}
