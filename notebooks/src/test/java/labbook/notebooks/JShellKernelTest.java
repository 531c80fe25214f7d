package labbook.notebooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.DataInputStream;
import java.util.List;
import java.util.ServiceLoader;
import org.dflib.jjava.jupyter.kernel.ReplacementOptions;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.display.mime.MIMEType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.spi.SLF4JServiceProvider;

/** The kernel's answers, without the wire: rich results, Jupyter errors, completion, is-complete. */
class JShellKernelTest {
    private static JShellKernel kernel;

    @BeforeAll
    static void start() {
        System.setProperty("java.awt.headless", "true");
        kernel = JShellKernel.create(System.getProperty("java.class.path"));
    }

    @AfterAll
    static void stop() {
        kernel.onShutdown(false);
    }

    @Test
    void aChartValueIsAnImageAndATableValueIsHtml() {
        DisplayData chart = kernel.eval(
                "var c = new XYChart(200, 100);\nc.addSeries(\"s\", new double[] {1, 2}, new double[] {3, 4});\nc");
        assertThat(chart.hasDataForType(MIMEType.IMAGE_PNG)).isTrue();
        DisplayData table = kernel.eval("Table.create(\"t\", IntColumn.create(\"n\", 1, 2))");
        assertThat((String) table.getData(MIMEType.TEXT_HTML)).contains("<th>n</th>");
    }

    @Test
    void aStatementHasNoResult() {
        assertThat(kernel.eval("int quiet = 1;")).isNull();
    }

    @Test
    void aFailedCellThrowsAnErrorWhoseTraceIsShortAndRedOnTop() {
        assertThatThrownBy(() -> kernel.eval("Objects.requireNonNull(null, \"no results\")"))
                .isInstanceOf(CellError.UncaughtException.class)
                .satisfies(e -> {
                    List<String> trace = kernel.formatError(e);
                    assertThat(trace.get(0)).startsWith("\u001b[0;31mjava.lang.NullPointerException: no results");
                    assertThat(trace).hasSizeLessThan(12);
                });
    }

    @Test
    void completionReplacesFromTheAnchorToTheCursor() {
        ReplacementOptions options = kernel.complete("Explore.repro", 13);
        assertThat(options.getReplacements()).contains("reproduction(");
        assertThat(options.getSourceStart()).isEqualTo(8);
        assertThat(options.getSourceEnd()).isEqualTo(13);
    }

    @Test
    void inspectFindsAMethodFromTheMiddleOfItsName() {
        DisplayData doc = kernel.inspect("Explore.charts", 10, false);
        assertThat((String) doc.getData(MIMEType.TEXT_PLAIN)).contains("Explore.charts(Results results, String study)");
        assertThat(kernel.inspect("   ", 1, false)).as("nothing to inspect").isNull();
    }

    @Test
    void isCompleteAnswersInJjavasTerms() {
        assertThat(kernel.isComplete("1 + 1")).isEqualTo("complete");
        assertThat(kernel.isComplete("if (true) {")).isEqualTo("    ");
        assertThat(kernel.isComplete("int x = ;")).isEqualTo("invalid");
    }

    @Test
    void theBannerNamesTheJdk() {
        assertThat(kernel.getBanner()).contains("Java " + Runtime.version());
        assertThat(kernel.getLanguageInfo().getName()).isEqualTo("java");
    }

    @Test
    void theLanguageVersionIsTheLabsJavaReleaseOnEveryJdk() throws Exception {
        // Jupyter stores it in every notebook it saves: this JDK's version there made every notebook dirty
        assertThat(kernel.getLanguageInfo().getVersion()).isEqualTo("17").isEqualTo("" + JavaShell.JAVA_RELEASE);
        // the release this module is compiled for (maven.compiler.release) is the class files' major version - 44
        try (DataInputStream classFile =
                new DataInputStream(JShellKernel.class.getResourceAsStream("JShellKernel.class"))) {
            classFile.readInt(); // magic
            classFile.readUnsignedShort(); // minor version
            assertThat(classFile.readUnsignedShort() - 44)
                    .as("the release notebooks/ is compiled for")
                    .isEqualTo(JavaShell.JAVA_RELEASE);
        }
    }

    @Test
    void theClassPathHoldsOneSlf4jProvider() {
        // with two (reports brought slf4j-nop beside the kernel's slf4j-simple), every kernel start printed
        // five lines of "SLF4J(W): Class path contains multiple SLF4J providers"
        assertThat(ServiceLoader.load(SLF4JServiceProvider.class).stream()
                        .map(p -> p.type().getName()))
                .containsExactly("org.slf4j.simple.SimpleServiceProvider");
    }
}
