package labbook.core;

import java.io.PrintWriter;

/**
 * The one line a failed command prints, and its exit code: a {@link LabException}'s own message
 * and code, anything else "unexpected error" and 1 (its stack trace only with {@code
 * LABBOOK_DEBUG=1}). {@link Cli}'s picocli handlers use it, and so do commands that start without
 * picocli (lab-filecrypt's encrypt and decrypt), so the two kinds fail alike. No picocli class here.
 */
public final class FailureLine {
    private FailureLine() {
    }

    /** Prints {@code command: reason} for {@code e} on {@code err} and returns the exit code. */
    public static int print(String command, Throwable e, PrintWriter err) {
        if (e instanceof LabException lab) {
            err.println(command + ": " + oneLine(lab.getMessage()));
            err.flush();
            return lab.exitCode();
        }
        err.println(command + ": unexpected error: " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + oneLine(e.getMessage())));
        if (System.getenv("LABBOOK_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.flush();
        return 1;
    }

    /** The out-of-memory line: the commands bound what they read, so this is the last line of defence. */
    public static int outOfMemory(String command, PrintWriter err) {
        err.println(command + ": out of memory: an input is too large for this JVM's heap ("
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB); see --help for the size limits");
        err.flush();
        return 1;
    }

    /** A message on one line: its line breaks become "; ". */
    public static String oneLine(String message) {
        if (message == null) {
            return "failed";
        }
        return message.replaceAll("\\s*[\\r\\n]+\\s*", "; ").trim();
    }
}
