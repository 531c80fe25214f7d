package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.display.mime.MIMEType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import tech.tablesaw.api.Table;

class JavaShellTest {
    private static JavaShell shell;

    @BeforeAll
    static void startShell() {
        shell = new JavaShell(System.getProperty("java.class.path"), JavaShell.DEFAULT_IMPORTS);
    }

    @AfterAll
    static void closeShell() {
        shell.close();
    }

    @Test
    void anExpressionGivesItsObjectAndJShellsText() {
        JavaShell.Value value = shell.eval("6 * 7");
        assertThat(value.object()).isEqualTo(42);
        assertThat(value.text()).isEqualTo("42");
        assertThat(shell.eval("\"lab\" + \"book\"").text()).isEqualTo("\"labbook\"");
    }

    @Test
    void statementsAndDeclarationsHaveNoValue() {
        assertThat(shell.eval("int declared = 5;")).isNull();
        assertThat(shell.eval("System.out.print(\"\")")).isNull();
        assertThat(shell.eval("void nothing() { }")).isNull();
    }

    @Test
    void aCellOfCommentsOnlyDoesNothing() {
        assertThat(shell.eval("// nothing to see\n/* here */")).isNull();
        assertThat(shell.eval("   \n")).isNull();
    }

    @Test
    void anInterruptBeforeTheSnippetStartsStillStopsIt() throws Exception {
        // the interrupt lands while JShell compiles: no snippet of the cell may start afterwards
        CompletableFuture<Throwable> run = CompletableFuture.supplyAsync(() -> {
            try {
                shell.eval("int late = 1;\nwhile (true) { late++; }");
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!run.isDone() && System.nanoTime() < deadline) {
            shell.interrupt();
            Thread.sleep(5);
        }
        assertThat(run.get(1, TimeUnit.SECONDS)).isInstanceOf(CellError.Interrupted.class);
        assertThat(shell.eval("2 + 2").object()).isEqualTo(4);
    }

    @Test
    void aCellRunsSeveralSnippetsAndShowsTheLast() {
        JavaShell.Value value = shell.eval("int a = 2;\nint b = 3;\n\na * b");
        assertThat(value.object()).isEqualTo(6);
        assertThat(shell.eval("a + b").object()).isEqualTo(5);
    }

    @Test
    void theLabsLibrariesAreImportedAndTheirObjectsComeBackWhole() {
        Object chart = shell.eval("new XYChart(300, 200)").object();
        assertThat(chart).isInstanceOf(XYChart.class);
        Object table = shell.eval("Table.create(\"t\", DoubleColumn.create(\"ms\", 1.5))")
                .object();
        assertThat(table).isInstanceOf(Table.class);
    }

    @Test
    void displayInACellReachesTheKernel() {
        List<DisplayData> shown = new ArrayList<>();
        Display.sendTo(shown::add);
        shell.eval("display(html(\"<b>x</b>\"))");
        assertThat(shown).hasSize(1);
        assertThat(shown.get(0).getData(MIMEType.TEXT_HTML)).isEqualTo("<b>x</b>");
    }

    @Test
    void aThrowingCellIsAnUncaughtExceptionWithTheCellsLines() {
        assertThatThrownBy(() -> shell.eval("int zero = 0;\nint boom = 1 / zero;"))
                .isInstanceOf(CellError.UncaughtException.class)
                .hasMessage("java.lang.ArithmeticException: / by zero")
                .satisfies(e -> {
                    List<String> trace = ((CellError) e).traceback();
                    assertThat(trace).hasSizeLessThanOrEqualTo(10);
                    assertThat(trace).anyMatch(line -> line.contains("line 2 of this cell"));
                    assertThat(trace).noneMatch(line -> line.contains("jdk.jshell") || line.contains("REPL."));
                });
    }

    @Test
    void aMethodFromAnEarlierCellAppearsByName() {
        shell.eval("void fail(String why) { throw new IllegalStateException(why); }");
        assertThatThrownBy(() -> shell.eval("fail(\"because\")"))
                .hasMessage("java.lang.IllegalStateException: because")
                .satisfies(e -> assertThat(((CellError) e).traceback())
                        .anyMatch(line -> line.contains("fail() (declared in an earlier cell)")));
    }

    @Test
    void aCompileErrorNamesTheLineAndPointsAtIt() {
        assertThatThrownBy(() -> shell.eval("int fine = 1;\nString s = 42;"))
                .isInstanceOf(CellError.CompileError.class)
                .hasMessageStartingWith("line 2: incompatible types")
                .satisfies(e -> assertThat(((CellError) e).traceback())
                        .containsExactly(
                                "CompileError: line 2: incompatible types: int cannot be converted to java.lang.String",
                                "    String s = 42;",
                                "               ^")); // under the 42 (the caret stood one further right on a
        // cell's later lines)
    }

    @Test
    void aCompileErrorSaysItsMessageOnce() {
        // Jupyter shows the trace alone: the message used to head it and then follow it on the next line
        for (String cell : List.of("String s = 42;", "List.of(1).nothingLikeThis()", "int x = 1;\n  int y = \"b\";")) {
            assertThatThrownBy(() -> shell.eval(cell))
                    .isInstanceOf(CellError.CompileError.class)
                    .satisfies(e -> {
                        String trace = String.join("\n", ((CellError) e).traceback());
                        String message = e.getMessage().substring("line N: ".length());
                        assertThat(trace).as(cell).startsWith("CompileError: " + e.getMessage());
                        assertThat(trace.split(Pattern.quote(message), -1))
                                .as(trace)
                                .hasSize(2);
                    });
        }
        // two errors in one snippet: each once, each with its line and caret
        assertThatThrownBy(() -> shell.eval("void f() {\n    int x = \"a\";\n    boolean y = 3;\n}"))
                .satisfies(e -> assertThat(((CellError) e).traceback())
                        .containsExactly(
                                "CompileError: line 2: incompatible types: java.lang.String cannot be converted to int",
                                "        int x = \"a\";",
                                "                ^",
                                "line 3: incompatible types: int cannot be converted to boolean",
                                "        boolean y = 3;",
                                "                    ^"));
    }

    @Test
    void cellsAreJava17WhateverTheJdk() {
        // patterns in switch are Java 21's (a preview in 17): no cell has them, on any JDK
        assertThatThrownBy(() -> shell.eval("switch ((Object) 1) { case Integer i -> \"int\"; default -> \"other\"; }"))
                .isInstanceOf(CellError.CompileError.class)
                .hasMessageContaining("patterns in switch");
        assertThat(shell.eval("(Object) 1 instanceof Integer i ? i + 1 : 0").object())
                .isEqualTo(2); // Java 16's
    }

    @Test
    void aCellAfterAFailureStillRuns() {
        assertThatThrownBy(() -> shell.eval("throw new RuntimeException(\"x\");"))
                .isInstanceOf(CellError.class);
        assertThat(shell.eval("1 + 1").object()).isEqualTo(2);
    }

    @Test
    void interruptStopsABusyLoopAndASleep() throws Exception {
        for (String cell : List.of("long n = 0;\nwhile (true) { n++; }", "Thread.sleep(600_000);")) {
            CompletableFuture<Throwable> run = CompletableFuture.supplyAsync(() -> {
                try {
                    shell.eval(cell);
                    return null;
                } catch (Throwable t) {
                    return t;
                }
            });
            // interrupt until the cell gives up: the first one may arrive before the snippet starts
            Throwable outcome = null;
            for (int i = 0; i < 600 && outcome == null; i++) {
                Thread.sleep(200);
                shell.interrupt();
                outcome = run.isDone() ? run.get() : null;
            }
            assertThat(run.get(60, TimeUnit.SECONDS)).isInstanceOf(CellError.Interrupted.class);
        }
        assertThat(shell.eval("\"still here\"").object()).isEqualTo("still here");
    }

    @Test
    void completionOffersMembersAndWhereTheyGo() {
        JavaShell.Completions completions = shell.complete("Math.ma", 7);
        assertThat(completions.candidates()).contains("max(");
        assertThat(completions.start()).isEqualTo(5);
    }

    @Test
    void isCompleteTellsFinishedUnfinishedAndInvalidCells() {
        assertThat(shell.isComplete("int x = 1")).isEqualTo("complete");
        assertThat(shell.isComplete("int x = 1;\nx + 1")).isEqualTo("complete");
        assertThat(shell.isComplete("for (int i = 0; i < 3; i++) {")).isEqualTo("incomplete");
        assertThat(shell.isComplete("int ok = 1;\nvoid f() {")).isEqualTo("incomplete");
        assertThat(shell.isComplete("int x = ;")).isEqualTo("invalid");
    }

    @Test
    void documentationGivesTheSignatures() {
        assertThat(shell.documentation("Math.max(", 9)).contains("int Math.max(int a, int b)");
    }

    @Test
    void documentationAnywhereInANameWithOrWithoutItsParenthesis() {
        String charts = "Explore.charts(Results results, String study)";
        assertThat(shell.documentation("Explore.charts", 14))
                .as("at the end of a method's name")
                .contains(charts);
        assertThat(shell.documentation("Explore.charts", 11))
                .as("in the middle of it")
                .contains(charts);
        assertThat(shell.documentation("var m = Explore.charts(results, \"vfs\");", 18))
                .as("before its (")
                .contains(charts);
        assertThat(shell.documentation("Math.max(1, 2)", 2))
                .as("in a class's name")
                .isEqualTo("java.lang.Math");
        assertThat(shell.documentation("1 + 1", 2)).as("no name").isEmpty();
    }
}
