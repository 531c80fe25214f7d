package labbook.notebooks;

import static labbook.notebooks.CellText.leadingBlanks;
import static labbook.notebooks.CellText.lineOf;

import java.io.File;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import jdk.jshell.DeclarationSnippet;
import jdk.jshell.ExpressionSnippet;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.SourceCodeAnalysis.Completeness;
import jdk.jshell.SourceCodeAnalysis.CompletionInfo;
import jdk.jshell.VarSnippet;

/**
 * A JShell session that evaluates notebook cells: a cell may hold several snippets (statements, declarations,
 * expressions); they run in order and the cell's value is the last expression's. The snippets run in this JVM, with its
 * class path, so they see the lab's modules.
 */
final class JavaShell implements AutoCloseable {
    /** What every session imports first: the JDK basics, the lab's reports, tables, charts, display helpers. */
    static final List<String> DEFAULT_IMPORTS = List.of(
            "java.util.*",
            "java.util.function.*",
            "java.util.stream.*",
            "java.io.*",
            "java.nio.file.*",
            "java.time.*",
            "labbook.reports.*",
            "labbook.reports.results.*",
            "labbook.reports.stats.*",
            "labbook.reports.study.*",
            "labbook.reports.chart.*",
            "labbook.reports.wallet.*",
            "labbook.reports.filecrypt.*",
            "labbook.reports.vfs.*",
            "labbook.notebooks.Notebooks",
            "tech.tablesaw.api.*",
            "org.knowm.xchart.*",
            "org.knowm.xchart.style.*",
            "static labbook.notebooks.Display.*");

    /**
     * The Java version cells are written in (javac's {@code --source}): the lab's release (maven.compiler.release),
     * whatever JDK runs the kernel, so the kernel can name its language's version without naming this JDK (Jupyter
     * writes that name into every notebook it saves). The API is the running JDK's: {@code --release} would pin it too,
     * but reads the JDK's ct.sym for every cell, which made each compile three to four times slower.
     */
    static final int JAVA_RELEASE = 17;

    private final JShell shell;
    private final SourceCodeAnalysis analysis;
    private final CellTraceback traceback;
    private volatile boolean interrupted;

    JavaShell(String classPath, List<String> imports) {
        this.shell = JShell.builder()
                .executionEngine(new ValueCapturingExecutionControl.Provider(), null)
                .compilerOptions("--source", Integer.toString(JAVA_RELEASE), "-Xlint:none")
                .build();
        this.analysis = shell.sourceCodeAnalysis();
        this.traceback = new CellTraceback(shell);
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                shell.addToClasspath(entry);
            }
        }
        for (String imported : imports) {
            List<SnippetEvent> events = shell.eval("import " + imported + ";");
            if (events.stream().anyMatch(e -> e.status() == Snippet.Status.REJECTED)) {
                throw new IllegalStateException(
                        "cannot import " + imported + " into the Java shell (class path: " + classPath + ")");
            }
        }
    }

    /** The value of a cell whose last snippet is an expression: the object, and JShell's text for it. */
    record Value(Object object, String text) {}

    /**
     * Runs a cell, snippet by snippet.
     *
     * @return the last snippet's value when it is an expression with a value, else null
     */
    Value eval(String cell) {
        traceback.newCell();
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
                throw CellTraceback.unfinished(lineOf(cell, offset + leadingBlanks(remaining)));
            }
            last = evalSnippet(cell, offset, info.source());
            remaining = info.remaining();
        }
        if (interrupted) {
            throw new CellError.Interrupted();
        }
        return last;
    }

    /** Runs one snippet, whose source (blanks before it included, as JShell counts positions) starts at start. */
    private Value evalSnippet(String cell, int start, String source) {
        List<SnippetEvent> events = shell.eval(source);
        traceback.ran(events, lineOf(cell, start + leadingBlanks(source)));
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
                throw traceback.compileError(cell, start, snippet);
            }
            if (event.exception() != null) {
                throw traceback.uncaught(event.exception());
            }
            if (event.status() == Snippet.Status.RECOVERABLE_DEFINED
                    || event.status() == Snippet.Status.RECOVERABLE_NOT_DEFINED) {
                System.err.println("note: " + snippet.kind().name().toLowerCase(Locale.ROOT)
                        + " declared, but it cannot be used until "
                        + String.join(
                                ", ",
                                shell.unresolvedDependencies((DeclarationSnippet) snippet)
                                        .collect(Collectors.toList()))
                        + " is declared");
            }
            if (isExpression(snippet) && event.value() != null) {
                value = new Value(object, event.value());
            }
        }
        return value;
    }

    private static boolean isExpression(Snippet snippet) {
        return snippet instanceof ExpressionSnippet
                || (snippet instanceof VarSnippet && snippet.subKind() == Snippet.SubKind.TEMP_VAR_EXPRESSION_SUBKIND);
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
                    .filter(t -> t.getThreadGroup() != null
                            && t.getThreadGroup().getName().startsWith("JShell"))
                    .forEach(Thread::interrupt);
        }
    }

    /** Completion candidates at the cursor, and where the text they replace starts. */
    record Completions(List<String> candidates, int start) {}

    Completions complete(String code, int cursor) {
        int[] anchor = new int[1];
        List<SourceCodeAnalysis.Suggestion> suggestions = analysis.completionSuggestions(code, cursor, anchor);
        Set<String> candidates = new LinkedHashSet<>();
        suggestions.stream()
                .filter(SourceCodeAnalysis.Suggestion::matchesType)
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
                case EMPTY -> {
                    return "complete";
                }
                case DEFINITELY_INCOMPLETE, CONSIDERED_INCOMPLETE -> {
                    return "incomplete";
                }
                case UNKNOWN -> {
                    return "invalid";
                }
                default -> remaining = info.remaining();
            }
        }
        return "complete";
    }

    /**
     * The signatures (and javadoc, when the JDK has it) of what is under the cursor, or "" when there is nothing to
     * say. JShell documents a method only from inside its argument list and a class or variable only from the end of
     * its name; a reader presses Shift-Tab anywhere in a name, with or without its "(", so the cursor is also tried at
     * the end of the name, then inside the argument list (one is opened for a method named without it).
     */
    String documentation(String code, int cursor) {
        int at = Math.max(0, Math.min(cursor, code.length()));
        int end = at;
        while (end < code.length() && Character.isJavaIdentifierPart(code.charAt(end))) {
            end++;
        }
        int next = end;
        while (next < code.length() && Character.isWhitespace(code.charAt(next))) {
            next++;
        }
        String doc = documented(code, at);
        if (doc.isEmpty() && end > at) {
            doc = documented(code, end);
        }
        if (doc.isEmpty()) {
            doc = next < code.length() && code.charAt(next) == '('
                    ? documented(code, next + 1)
                    : documented(code.substring(0, end) + "(" + code.substring(end), end + 1);
        }
        return doc;
    }

    private String documented(String code, int cursor) {
        return analysis.documentation(code, cursor, true).stream()
                .map(d -> d.javadoc() == null || d.javadoc().isBlank()
                        ? d.signature()
                        : d.signature() + "\n" + d.javadoc())
                .collect(Collectors.joining("\n\n"));
    }

    @Override
    public void close() {
        shell.close();
    }
}
