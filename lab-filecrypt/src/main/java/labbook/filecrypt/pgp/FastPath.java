package labbook.filecrypt.pgp;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM flags that open bcpg's two fast paths: native zlib for gpg's ZIP ({@link NativeZlib})
 * and the JDK's AES block function driven directly for CFB ({@link JdkAesCfb}). Without them
 * everything still works, on JZlib and the public {@code Cipher} API, only slower.
 */
public final class FastPath {
    public static final List<String> JVM_FLAGS;

    static {
        List<String> flags = new ArrayList<>(NativeZlib.NATIVE_FLAGS);
        flags.addAll(JdkAesCfb.requiredFlags());
        JVM_FLAGS = List.copyOf(flags);
    }

    private FastPath() {
    }

    /** "zlib-8k + aes-direct", or what is missing: for run.json and printouts. */
    public static String describe() {
        return (NativeZlib.available() ? "native zlib" : "no native zlib (JZlib)") + ", "
                + (JdkAesCfb.available() ? "direct AES-CFB" : "Cipher AES/CFB");
    }

    public static boolean available() {
        return NativeZlib.available() && JdkAesCfb.available();
    }
}
