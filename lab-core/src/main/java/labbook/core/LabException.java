package labbook.core;

/**
 * A failure the user can act on: bad input, a missing peer tool, an unreadable file.
 * The command line prints its message as one line and exits non-zero, without a stack trace,
 * so the message must name the file or value at fault and must never contain a secret.
 */
public class LabException extends RuntimeException {
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

    public int exitCode() {
        return exitCode;
    }
}
