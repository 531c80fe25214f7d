package labbook.notebooks;

import java.util.List;

/**
 * A cell that failed: Jupyter shows {@link #getMessage()} as the error and {@link #traceback()} as its short trace. The
 * simple class name is the error's name in the notebook.
 */
abstract class CellError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final List<String> traceback;

    CellError(String message, List<String> traceback) {
        super(message, null, false, false);
        this.traceback = List.copyOf(traceback);
    }

    /** The lines Jupyter prints under the error, already short: no kernel or JShell frames. */
    List<String> traceback() {
        return traceback;
    }

    /** The cell does not compile: the javac diagnostics, each with its cell line and a caret. */
    static final class CompileError extends CellError {
        private static final long serialVersionUID = 1L;

        CompileError(String message, List<String> traceback) {
            super(message, traceback);
        }
    }

    /** The cell threw: the Java exception's class and message, and the cell's own frames. */
    static final class UncaughtException extends CellError {
        private static final long serialVersionUID = 1L;

        UncaughtException(String message, List<String> traceback) {
            super(message, traceback);
        }
    }

    /** The reader interrupted the cell (Jupyter's interrupt button, or an interrupt_request). */
    static final class Interrupted extends CellError {
        private static final long serialVersionUID = 1L;

        Interrupted() {
            super("the cell was interrupted", List.of("Interrupted: the cell was interrupted"));
        }
    }
}
