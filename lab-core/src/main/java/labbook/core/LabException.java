package labbook.core;

import java.nio.file.Path;

/**
 * A failure the user can act on: bad input, a missing peer tool, an unreadable file. The command line prints its
 * message as one line and exits non-zero, without a stack trace, so the message must name the file or value at fault
 * and must never contain a secret.
 */
public class LabException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public LabException(String message) {
        this(message, 1, null);
    }

    public LabException(String message, Throwable cause) {
        this(message, 1, cause);
    }

    public LabException(String message, int exitCode, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** A bad option or argument value, found after parsing: one line naming it, exit 2 like any bad argument. */
    public static LabException badValue(String option, Object value, String expected) {
        return new LabException(
                "invalid value for " + option + ": '" + value + "' (" + expected + ")", Cli.BAD_ARGUMENTS, null);
    }

    public int exitCode() {
        return exitCode;
    }

    /**
     * "cannot ACTION FILE: REASON" for a failed file operation, e.g. {@code throw LabException.cannot("read passphrase
     * file", file, e)} gives "cannot read passphrase file /x: no such file". The JDK's own messages repeat the path;
     * this names it once, and the reason is in plain words ({@link Reasons}), never a class name.
     */
    public static LabException cannot(String action, Path file, Throwable e) {
        return new LabException("cannot " + action + " " + file + ": " + Reasons.of(e), e);
    }
}
