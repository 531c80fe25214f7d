package labbook.filecrypt.experiments;

import java.util.ArrayList;
import java.util.List;
import labbook.core.ForkedJava;
import labbook.filecrypt.FilecryptLab;
import labbook.filecrypt.pgp.FastPath;

/**
 * Experiments run in a JVM that may call the system zlib (gpg's ZIP at native speed). Under
 * {@code mvn exec:java} the JVM is Maven's, started without {@link FastPath#JVM_FLAGS}; there an
 * experiment re-runs itself, same arguments, in a fresh JVM that has them (lab-core's
 * {@link ForkedJava}: the module's real class path), whose output shows on this console.
 */
public final class NativeJvm {
    static final String MARK = "labbook.filecrypt.relaunched";

    private NativeJvm() {
    }

    /** True if the command was re-run elsewhere (and finished there): the caller should just return. */
    public static boolean relaunched() {
        if (FastPath.available() || Boolean.getBoolean(MARK) || FilecryptLab.originalArgs() == null) {
            return false;
        }
        System.err.println("(re-running in a JVM with " + String.join(" ", FastPath.JVM_FLAGS)
                + ": bcpg's fast paths, native zlib and direct AES-CFB)");
        List<String> flags = new ArrayList<>(FastPath.JVM_FLAGS);
        flags.add("-D" + MARK + "=true");
        ForkedJava.runInherited(flags, FilecryptLab.class.getName(), FilecryptLab.originalArgs());
        return true;
    }
}
