package labbook.filecrypt.experiments;

import java.time.Duration;
import java.util.List;
import labbook.core.Child;
import labbook.core.ChildSpec;
import labbook.core.ForkedJava;
import labbook.core.Launch;
import labbook.filecrypt.cli.LabCommand;
import labbook.filecrypt.pgp.FastPath;
import labbook.filecrypt.pgp.NativeZlib;

/**
 * Experiments run in a JVM that may call the system zlib (gpg's ZIP at native speed). Under {@code mvn exec:java} the
 * JVM is Maven's, started without {@link FastPath#JVM_FLAGS} (the module's declared flags for the running JDK: JDK
 * 22+'s native access; on JDK 17-21 the zlib binding is JNI, which needs none); there an experiment re-runs itself,
 * same arguments, in a fresh JVM of the same JDK started as each variant's JVM is ({@link ForkedJava#isolated}: the
 * declared flags, the module's real class path), whose output shows on this console. It times nothing in-process itself
 * (its variants' JVMs do, {@link VariantJvm}); it re-runs so that what it reports of bcpg (run.json's fast paths) and
 * what interop checks are the fast paths' too.
 */
public final class NativeJvm {
    static final String MARK = "labbook.filecrypt.relaunched";
    /** The longest a re-run experiment may take: a full run of every experiment takes hours, not a day. */
    static final Duration RUN_LIMIT = Duration.ofHours(24);

    private NativeJvm() {}

    /**
     * Re-runs the command in a JVM with the fast-path flags when this one lacks them, and returns that run's exit code
     * (its own one-line error, if any, is already on the console); null when the command should simply run here.
     */
    public static Integer relaunch() {
        if (NativeZlib.available()
                || FastPath.JVM_FLAGS.isEmpty()
                || Boolean.getBoolean(MARK)
                || LabCommand.originalArgs() == null) {
            return null;
        }
        System.err.println(
                "(re-running in a JVM with " + String.join(" ", FastPath.JVM_FLAGS) + ": bcpg's native zlib)");
        // the experiment itself, re-run: bounded only by the longest a full run may take; its output is relayed as it
        // comes
        ChildSpec spec = Child.spec(
                        "lab-filecrypt (re-run with " + String.join(" ", FastPath.JVM_FLAGS) + ")",
                        ForkedJava.isolated(
                                LabCommand.COMMAND,
                                List.of("-D" + MARK + "=true"),
                                Launch.onClassPath(LabCommand.COMMAND).mainClass(),
                                LabCommand.originalArgs()))
                .relayOutput()
                .limit(RUN_LIMIT);
        try (Child child = Child.start(spec)) {
            return child.waitFor();
        }
    }
}
