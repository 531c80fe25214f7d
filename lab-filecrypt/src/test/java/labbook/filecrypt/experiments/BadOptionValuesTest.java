package labbook.filecrypt.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.Cli;
import labbook.filecrypt.main.FilecryptLab;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A bad number for any experiment's numeric option is refused before anything runs: exit 2 and one line naming the
 * option, and no results written. The options are found from the command line itself, so an option added later is
 * covered too.
 */
class BadOptionValuesTest {
    @TempDir
    Path out;

    record Case(String command, String option, String value) {
        String[] args(Path out) {
            return new String[] {command, option, value, "--out", out.toString()};
        }
    }

    /** Every int or long option of every experiment (the commands with --quick). */
    static List<Case> numericOptions(String value) {
        List<Case> found = new ArrayList<>();
        new CommandLine(new FilecryptLab()).getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandSpec().findOption("--quick") == null) {
                return; // encrypt and decrypt check their own values (-z, --s2k-count) in their tests
            }
            for (OptionSpec o : sub.getCommandSpec().options()) {
                Class<?> t = o.type();
                if (t == int.class || t == Integer.class || t == long.class || t == Long.class) {
                    found.add(new Case(name, o.longestName(), value));
                }
            }
        });
        return found;
    }

    @Test
    void theExperimentsNumericOptionsAreFound() {
        assertThat(numericOptions("-1"))
                .extracting(c -> c.command() + " " + c.option())
                .contains(
                        "level-sweep --repeats",
                        "level-sweep --max-file-bytes",
                        "level-sweep --threads",
                        "directory-runs --repeats",
                        "directory-runs --max-file-bytes");
    }

    @Test
    void aNegativeValueExitsTwoWithOneLineNamingTheOption() {
        for (Case c : numericOptions("-1")) {
            assertRefused(c);
        }
    }

    @Test
    void zeroRepeatsAFileSizeNoCorpusFileFitsUnderAndThreadsOutOfRangeAreRefusedToo() {
        for (Case c : List.of(
                new Case("level-sweep", "--repeats", "0"),
                new Case("directory-runs", "--repeats", "0"),
                new Case("level-sweep", "--max-file-bytes", "9999"),
                new Case("directory-runs", "--max-file-bytes", "0"),
                new Case("level-sweep", "--threads", "1"),
                new Case("level-sweep", "--threads", "257"),
                new Case("level-sweep", "--levels", "10"),
                new Case("pipeline-variants", "--variants", "jdk-fast+zlib-32k"))) {
            assertRefused(c);
        }
    }

    @Test
    void aWordIsRefusedByTheParser() {
        for (Case c : numericOptions("many")) {
            assertRefused(c);
        }
    }

    private void assertRefused(Case c) {
        StringWriter err = new StringWriter();
        CommandLine cli = Cli.commandLine(new FilecryptLab());
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(c.args(out));
        String what = c.command() + " " + c.option() + " " + c.value() + ": " + err;
        assertThat(exit).as(what).isEqualTo(Cli.BAD_ARGUMENTS);
        assertThat(err.toString().strip()).as(what).doesNotContain("\n").contains(c.option());
        assertThat(out.resolve("filecrypt")).as(what).doesNotExist();
    }
}
