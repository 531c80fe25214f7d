package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

class CliTest {
    @Command(name = "lab-test", mixinStandardHelpOptions = true, subcommands = Experiment.class)
    static class Top {}

    @Command(name = "experiment", mixinStandardHelpOptions = true)
    static class Experiment implements Callable<Integer> {
        @Mixin
        LabOptions lab;

        @Option(names = "--entries")
        int entries = 10;

        @Option(names = "--fail")
        String fail;

        static Mode lastMode;

        @Override
        public Integer call() {
            lastMode = lab.mode();
            if ("lab".equals(fail)) {
                throw new LabException("wallet /tmp/x.kwl: wrong password or corrupt file");
            }
            if ("bug".equals(fail)) {
                throw new IllegalStateException("line one\nline two");
            }
            return 0;
        }
    }

    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Cli.commandLine(new Top());
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(out, true));
        return cli.execute(args);
    }

    @Test
    void badArgumentsGiveOneLineAndExitCodeTwo() {
        assertThat(run("experiment", "--entries", "many")).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(1);
        assertThat(err.toString()).contains("many").contains("--entries");

        err.getBuffer().setLength(0);
        assertThat(run("experiment", "--bogus")).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(1).first().asString().contains("--bogus");

        err.getBuffer().setLength(0);
        assertThat(run("experiment", "--quick", "--full")).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(1);
    }

    @Test
    void labFailuresAreOneLineWithoutStackTrace() {
        assertThat(run("experiment", "--fail", "lab")).isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("lab-test: wallet /tmp/x.kwl: wrong password or corrupt file" + System.lineSeparator());

        err.getBuffer().setLength(0);
        assertThat(run("experiment", "--fail", "bug")).isEqualTo(1);
        assertThat(err.toString().lines())
                .hasSize(1)
                .first()
                .asString()
                .isEqualTo("lab-test: unexpected error: IllegalStateException: line one; line two");
    }

    @Test
    void helpAndModesWork() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("Usage: lab-test");
        assertThat(run("experiment", "--help")).isZero();
        assertThat(out.toString()).contains("--quick").contains("--full").contains("--out");
        assertThat(run("experiment")).isZero();
        assertThat(Experiment.lastMode).isEqualTo(Mode.QUICK);
        assertThat(run("experiment", "--full")).isZero();
        assertThat(Experiment.lastMode).isEqualTo(Mode.FULL);
    }

    @Test
    void aResultsRootThatCannotHoldResultsIsRefusedBeforeTheCommandRuns(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("results-file"), "x");
        Experiment.lastMode = null;
        assertThat(run("experiment", "--out", file.toString())).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("lab-test: --out " + file + " is not a folder" + System.lineSeparator());
        assertThat(Experiment.lastMode).as("the command did not run").isNull();

        err.getBuffer().setLength(0);
        assertThat(run("experiment", "--out", file.resolve("below").toString())).isEqualTo(1);
        assertThat(err.toString()).contains(file + " is not a folder").hasLineCount(1);

        err.getBuffer().setLength(0);
        assertThat(run("experiment", "--out", tmp.resolve("new/deeper").toString()))
                .isZero();
        assertThat(tmp.resolve("new")).as("the check creates nothing").doesNotExist();

        assertThat(run("experiment", "--help", "--out", file.toString()))
                .as("help is still help")
                .isZero();
    }
}
