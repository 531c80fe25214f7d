package labbook.core;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

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

    /** A bad option or argument value, found after parsing: one line naming it, exit 2 like any bad argument. */
    public static LabException badValue(String option, Object value, String expected) {
        return new LabException("invalid value for " + option + ": '" + value + "' (" + expected + ")", Cli.BAD_ARGUMENTS, null);
    }

    public int exitCode() {
        return exitCode;
    }

    /**
     * "cannot ACTION FILE: REASON" for a failed file operation, e.g.
     * {@code throw LabException.cannot("read passphrase file", file, e)} gives
     * "cannot read passphrase file /x: no such file". The JDK's own messages repeat the path;
     * this names it once.
     */
    public static LabException cannot(String action, Path file, IOException e) {
        return new LabException("cannot " + action + " " + file + ": " + reason(e), e);
    }

    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "it already exists";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "directory not empty";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
