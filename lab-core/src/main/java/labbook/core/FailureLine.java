package labbook.core;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * The one line a failed command prints, and its exit code: a {@link LabException}'s own message and code, anything else
 * "unexpected error" and 1 (its stack trace only with {@code LABBOOK_DEBUG=1}). {@link Cli}'s picocli handlers use it,
 * and so do commands that start without picocli (lab-filecrypt's encrypt and decrypt), so the two kinds fail alike. No
 * picocli class here.
 */
public final class FailureLine {
    private FailureLine() {}

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

    /** The body of a process's main. */
    @FunctionalInterface
    public interface MainBody {
        void run() throws Exception;
    }

    /**
     * The main of a helper process the lab starts itself (a crash-test writer, a sweep worker): it fails as the lab's
     * commands do, with one line {@code name: reason} on stderr and the exit code of {@link #print}, never a stack
     * trace, so that the parent can repeat that line ({@link Child#failure}). Exits the JVM when the body returns (0)
     * or fails.
     */
    public static void runMain(String name, MainBody body) {
        int code = 0;
        try {
            body.run();
        } catch (OutOfMemoryError e) {
            code = outOfMemory(
                    name, new PrintWriter(new OutputStreamWriter(System.err, Charset.defaultCharset()), true));
        } catch (Throwable e) {
            code = print(name, e, new PrintWriter(new OutputStreamWriter(System.err, Charset.defaultCharset()), true));
        }
        System.out.flush();
        System.err.flush();
        System.exit(code);
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
