package labbook.notebooks;

import static labbook.notebooks.CellText.columnOf;
import static labbook.notebooks.CellText.lineOf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.JShellException;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.UnresolvedReferenceException;

/**
 * A failed cell as the notebook shows it: javac's diagnostics with the cell's line and a caret, or the exception with
 * the cell's own frames. JShell numbers lines from each snippet's start and names its wrapper classes; a reader knows
 * only the cell, so both are translated here.
 */
final class CellTraceback {
    /** How many frames of a cell's exception the notebook shows. */
    private static final int MAX_FRAMES = 8;

    private final JShell shell;
    /** The snippets of the running cell, by JShell id, with the cell line each starts on. */
    private final Map<String, Integer> currentCell = new HashMap<>();

    CellTraceback(JShell shell) {
        this.shell = shell;
    }

    /** A new cell starts: the previous one's snippets are earlier cells now. */
    void newCell() {
        currentCell.clear();
    }

    /** The snippets one evaluation made start on this line of the cell. */
    void ran(List<SnippetEvent> events, int firstLine) {
        events.forEach(e -> currentCell.put(e.snippet().id(), firstLine));
    }

    static CellError unfinished(int line) {
        return new CellError.CompileError(
                "the cell ends inside an unfinished statement (line " + line + ")",
                List.of("CompileError: the cell ends inside an unfinished statement (line " + line + ")"));
    }

    /**
     * javac's errors, each as "line N: message", the cell's line and a caret. Front ends show the trace alone (not the
     * error's name and message beside it), so the first error's message heads the trace, once.
     */
    CellError compileError(String cell, int start, Snippet snippet) { // start: where the snippet's source begins
        List<String> traceback = new ArrayList<>();
        String first = null;
        for (Diag diag : (Iterable<Diag>) shell.diagnostics(snippet)::iterator) {
            if (!diag.isError()) {
                continue;
            }
            // positions count from the snippet's source, blanks before it included; none: its first word
            long position =
                    diag.getStartPosition() >= 0 ? diag.getStartPosition() : CellText.leadingBlanks(snippet.source());
            int at = start + (int) position;
            int line = lineOf(cell, Math.min(at, cell.length()));
            String message = diag.getMessage(Locale.ROOT)
                    .lines()
                    .filter(l -> !l.matches("\\s*location: class\\s*"))
                    .map(CellTraceback::withoutWrapperNames)
                    .collect(Collectors.joining("\n"));
            String text = "line " + line + ": " + message;
            if (first == null) {
                first = text.lines().findFirst().orElse(text);
                text = "CompileError: " + text;
            }
            traceback.add(text);
            String sourceLine = cell.lines().skip(line - 1).findFirst().orElse("");
            traceback.add("    " + sourceLine);
            traceback.add("    " + " ".repeat(Math.max(0, columnOf(cell, Math.min(at, cell.length())))) + "^");
        }
        if (first == null) {
            first = "the snippet was rejected: " + snippet.source().strip();
            traceback.add("CompileError: " + first);
        }
        return new CellError.CompileError(first, traceback);
    }

    CellError uncaught(JShellException exception) {
        if (exception instanceof UnresolvedReferenceException unresolved) {
            String name =
                    unresolved.getSnippet().source().strip().lines().findFirst().orElse("");
            String message = "the cell uses a declaration that cannot run until "
                    + String.join(
                            ", ",
                            shell.unresolvedDependencies(unresolved.getSnippet())
                                    .collect(Collectors.toList()))
                    + " is declared: " + name;
            return new CellError.UncaughtException(message, List.of("UncaughtException: " + message));
        }
        String className = exception instanceof EvalException eval
                ? eval.getExceptionClassName()
                : exception.getClass().getName();
        String message =
                className + (exception.getMessage() == null ? "" : ": " + withoutWrapperNames(exception.getMessage()));
        List<String> traceback = new ArrayList<>();
        traceback.add(message);
        addFrames(traceback, exception.getStackTrace());
        Set<Throwable> seen = new LinkedHashSet<>();
        for (Throwable cause = exception.getCause(); cause != null && seen.add(cause); cause = cause.getCause()) {
            String causeName = cause instanceof EvalException eval
                    ? eval.getExceptionClassName()
                    : cause.getClass().getName();
            traceback.add("Caused by: " + causeName
                    + (cause.getMessage() == null ? "" : ": " + withoutWrapperNames(cause.getMessage())));
            addFrames(traceback, cause.getStackTrace());
        }
        return new CellError.UncaughtException(message, traceback);
    }

    /** The first frames, down to the cell's own code: JShell's and reflection's frames say nothing to a reader. */
    private void addFrames(List<String> traceback, StackTraceElement[] frames) {
        int shown = 0;
        for (StackTraceElement frame : frames) {
            String cls = frame.getClassName();
            if (cls.startsWith("jdk.internal.reflect")
                    || cls.startsWith("java.lang.reflect")
                    || cls.startsWith("jdk.jshell")
                    || cls.startsWith(ValueCapturingExecutionControl.class.getName())) {
                break;
            }
            if (shown == MAX_FRAMES) {
                traceback.add("        ...");
                break;
            }
            traceback.add("        at " + describe(frame));
            shown++;
        }
    }

    private String describe(StackTraceElement frame) {
        String file = frame.getFileName();
        if (file == null || !file.startsWith("#")) {
            return frame.toString();
        }
        // a snippet: JShell names its file "#<snippet id>" and numbers lines from the snippet's start
        String method = frame.getMethodName().isEmpty() || frame.getMethodName().startsWith("do_it$")
                ? "the cell"
                : frame.getMethodName() + "()";
        Integer firstLine = currentCell.get(file.substring(1));
        if (firstLine == null) {
            return method + " (declared in an earlier cell)";
        }
        return method + " (line " + (firstLine + Math.max(1, frame.getLineNumber()) - 1) + " of this cell)";
    }

    /** JShell's wrapper classes ("REPL.$JShell$27.s") mean nothing to a reader: keep the name only. */
    static String withoutWrapperNames(String text) {
        return text.replaceAll("REPL\\.\\$JShell\\$\\d+[A-Z]*\\.", "");
    }
}
