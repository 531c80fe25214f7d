package labbook.notebooks;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.ExpressionSnippet;
import jdk.jshell.JShell;
import jdk.jshell.JShellException;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.SourceCodeAnalysis.Completeness;
import jdk.jshell.SourceCodeAnalysis.CompletionInfo;
import jdk.jshell.UnresolvedReferenceException;
import jdk.jshell.VarSnippet;

/**
 * A JShell session that evaluates notebook cells: a cell may hold several snippets (statements,
 * declarations, expressions); they run in order and the cell's value is the last expression's.
 * The snippets run in this JVM, with its class path, so they see the lab's modules.
 */
final class JavaShell implements AutoCloseable {
    /** What every session imports first: the JDK basics, the lab's reports, tables, charts, display helpers. */
    static final List<String> DEFAULT_IMPORTS = List.of(
            "java.util.*", "java.util.function.*", "java.util.stream.*", "java.io.*", "java.nio.file.*",
            "java.time.*", "labbook.reports.*", "labbook.reports.results.*", "labbook.reports.stats.*",
            "labbook.reports.study.*", "labbook.reports.chart.*", "labbook.reports.wallet.*", "labbook.reports.filecrypt.*",
            "labbook.reports.vfs.*", "labbook.notebooks.Notebooks", "tech.tablesaw.api.*", "org.knowm.xchart.*", "org.knowm.xchart.style.*",
            "static labbook.notebooks.Display.*");

    /** How many frames of a cell's exception the notebook shows. */
    private static final int MAX_FRAMES = 8;

    private final JShell shell;
    private final SourceCodeAnalysis analysis;
    private volatile boolean interrupted;
    /** The snippets of the running cell, by JShell id, with the cell line each starts on (for traces). */
    private final Map<String, Integer> currentCell = new HashMap<>();

    JavaShell(String classPath, List<String> imports) {
        this.shell = JShell.builder()
                .executionEngine(new ValueCapturingExecutionControl.Provider(), null)
                .compilerOptions("-Xlint:none")
                .build();
        this.analysis = shell.sourceCodeAnalysis();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                shell.addToClasspath(entry);
            }
        }
        for (String imported : imports) {
            List<SnippetEvent> events = shell.eval("import " + imported + ";");
            if (events.stream().anyMatch(e -> e.status() == Snippet.Status.REJECTED)) {
                throw new IllegalStateException("cannot import " + imported + " into the Java shell (class path: "
                        + classPath + ")");
            }
        }
    }

    /** The value of a cell whose last snippet is an expression: the object, and JShell's text for it. */
    record Value(Object object, String text) {
    }

    /**
     * Runs a cell, snippet by snippet.
     *
     * @return the last snippet's value when it is an expression with a value, else null
     */
    Value eval(String cell) {
        currentCell.clear();
        interrupted = false;
        ValueCapturingExecutionControl.refuseToStart(false);
        Value last = null;
        String remaining = cell;
        while (!remaining.isBlank()) {
            if (interrupted) {
                throw new CellError.Interrupted();
            }
            int offset = cell.length() - remaining.length();
            CompletionInfo info = analysis.analyzeCompletion(remaining);
            if (info.completeness() == Completeness.EMPTY) {
                break;
            }
            if (!info.completeness().isComplete()) {
                int line = lineOf(cell, offset + leadingBlanks(remaining));
                throw new CellError.CompileError("the cell ends inside an unfinished statement (line " + line + ")",
                        List.of("CompileError: the cell ends inside an unfinished statement (line " + line + ")"));
            }
            last = evalSnippet(cell, offset + leadingBlanks(remaining), info.source());
            remaining = info.remaining();
        }
        if (interrupted) {
            throw new CellError.Interrupted();
        }
        return last;
    }

    private Value evalSnippet(String cell, int start, String source) {
        List<SnippetEvent> events = shell.eval(source);
        int firstLine = lineOf(cell, start);
        events.forEach(e -> currentCell.put(e.snippet().id(), firstLine));
        Object object = ValueCapturingExecutionControl.takeValue();
        if (interrupted) {
            throw new CellError.Interrupted();
        }
        Value value = null;
        for (SnippetEvent event : events) {
            if (event.causeSnippet() != null) {
                continue; // a dependent snippet's status change, not the one we ran
            }
            Snippet snippet = event.snippet();
            if (event.status() == Snippet.Status.REJECTED) {
                throw compileError(cell, start, snippet);
            }
            if (event.exception() != null) {
                throw uncaught(event.exception());
            }
            if (event.status() == Snippet.Status.RECOVERABLE_DEFINED
                    || event.status() == Snippet.Status.RECOVERABLE_NOT_DEFINED) {
                System.err.println("note: " + snippet.kind().name().toLowerCase(Locale.ROOT)
                        + " declared, but it cannot be used until "
                        + String.join(", ", shell.unresolvedDependencies((jdk.jshell.DeclarationSnippet) snippet)
                        .collect(Collectors.toList())) + " is declared");
            }
            if (isExpression(snippet) && event.value() != null) {
                value = new Value(object, event.value());
            }
        }
        return value;
    }

    private static boolean isExpression(Snippet snippet) {
        return snippet instanceof ExpressionSnippet
                || snippet instanceof VarSnippet && snippet.subKind() == Snippet.SubKind.TEMP_VAR_EXPRESSION_SUBKIND;
    }

    private CellError compileError(String cell, int start, Snippet snippet) {
        List<String> lines = new ArrayList<>();
        String first = null;
        for (Diag diag : (Iterable<Diag>) shell.diagnostics(snippet)::iterator) {
            if (!diag.isError()) {
                continue;
            }
            int at = start + (int) Math.max(0, diag.getStartPosition());
            int line = lineOf(cell, Math.min(at, cell.length()));
            String message = diag.getMessage(Locale.ROOT).lines()
                    .filter(l -> !l.matches("\\s*location: class\\s*"))
                    .map(JavaShell::withoutWrapperNames)
                    .collect(Collectors.joining("\n"));
            String text = "line " + line + ": " + message;
            if (first == null) {
                first = text.lines().findFirst().orElse(text);
            }
            lines.add(text);
            String sourceLine = cell.lines().skip(line - 1).findFirst().orElse("");
            lines.add("    " + sourceLine);
            lines.add("    " + " ".repeat(Math.max(0, columnOf(cell, Math.min(at, cell.length())))) + "^");
        }
        if (first == null) {
            first = "the snippet was rejected: " + snippet.source().strip();
            lines.add(first);
        }
        List<String> traceback = new ArrayList<>();
        traceback.add("CompileError: " + first);
        traceback.addAll(lines);
        return new CellError.CompileError(first, traceback);
    }

    private CellError uncaught(JShellException exception) {
        if (exception instanceof UnresolvedReferenceException unresolved) {
            String name = unresolved.getSnippet().source().strip().lines().findFirst().orElse("");
            String message = "the cell uses a declaration that cannot run until "
                    + String.join(", ", shell.unresolvedDependencies(unresolved.getSnippet()).collect(Collectors.toList()))
                    + " is declared: " + name;
            return new CellError.UncaughtException(message, List.of("UncaughtException: " + message));
        }
        String className = exception instanceof EvalException eval ? eval.getExceptionClassName()
                : exception.getClass().getName();
        String message = className + (exception.getMessage() == null ? "" : ": " + withoutWrapperNames(exception.getMessage()));
        List<String> traceback = new ArrayList<>();
        traceback.add(message);
        addFrames(traceback, exception.getStackTrace());
        Set<Throwable> seen = new LinkedHashSet<>();
        for (Throwable cause = exception.getCause(); cause != null && seen.add(cause); cause = cause.getCause()) {
            String causeName = cause instanceof EvalException eval ? eval.getExceptionClassName() : cause.getClass().getName();
            traceback.add("Caused by: " + causeName + (cause.getMessage() == null ? "" : ": " + withoutWrapperNames(cause.getMessage())));
            addFrames(traceback, cause.getStackTrace());
        }
        return new CellError.UncaughtException(message, traceback);
    }

    /** The first frames, down to the cell's own code: JShell's and reflection's frames say nothing to a reader. */
    private void addFrames(List<String> traceback, StackTraceElement[] frames) {
        int shown = 0;
        for (StackTraceElement frame : frames) {
            String cls = frame.getClassName();
            if (cls.startsWith("jdk.internal.reflect") || cls.startsWith("java.lang.reflect")
                    || cls.startsWith("jdk.jshell") || cls.startsWith(ValueCapturingExecutionControl.class.getName())) {
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
        String method = frame.getMethodName().isEmpty() || frame.getMethodName().startsWith("do_it$") ? "the cell"
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

    private static int leadingBlanks(String text) {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static int columnOf(String text, int offset) {
        int lineStart = text.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
        return offset - lineStart;
    }

    /** Stops the running cell: JShell's own stop, and no further snippet of this cell starts. */
    void interrupt() {
        interrupted = true;
        ValueCapturingExecutionControl.refuseToStart(true);
        try {
            shell.stop();
        } catch (UnsupportedOperationException e) {
            // Java 20 and 21 dropped Thread.stop before JShell learnt to weave stop checks (Java 22):
            // wake the cell's threads at least, which ends sleeps, waits and blocking I/O
            Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getThreadGroup() != null && t.getThreadGroup().getName().startsWith("JShell"))
                    .forEach(Thread::interrupt);
        }
    }

    /** Completion candidates at the cursor, and where the text they replace starts. */
    record Completions(List<String> candidates, int start) {
    }

    Completions complete(String code, int cursor) {
        int[] anchor = new int[1];
        List<SourceCodeAnalysis.Suggestion> suggestions = analysis.completionSuggestions(code, cursor, anchor);
        Set<String> candidates = new LinkedHashSet<>();
        suggestions.stream().filter(SourceCodeAnalysis.Suggestion::matchesType)
                .forEach(s -> candidates.add(s.continuation()));
        suggestions.forEach(s -> candidates.add(s.continuation()));
        return new Completions(List.copyOf(candidates), anchor[0]);
    }

    /** Jupyter's is_complete: "complete", "incomplete", "invalid" (JShell cannot tell) for the whole cell. */
    String isComplete(String cell) {
        String remaining = cell;
        while (!remaining.isBlank()) {
            CompletionInfo info = analysis.analyzeCompletion(remaining);
            switch (info.completeness()) {
                case EMPTY:
                    return "complete";
                case DEFINITELY_INCOMPLETE:
                case CONSIDERED_INCOMPLETE:
                    return "incomplete";
                case UNKNOWN:
                    return "invalid";
                default:
                    remaining = info.remaining();
            }
        }
        return "complete";
    }

    /** The signatures (and javadoc, when the JDK has it) of what is under the cursor. */
    String documentation(String code, int cursor) {
        return analysis.documentation(code, cursor, true).stream()
                .map(d -> d.javadoc() == null || d.javadoc().isBlank() ? d.signature() : d.signature() + "\n" + d.javadoc())
                .collect(Collectors.joining("\n\n"));
    }

    @Override
    public void close() {
        shell.close();
    }
}
