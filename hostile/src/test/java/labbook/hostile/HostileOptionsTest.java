package labbook.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import labbook.core.Repo;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every numeric option of every experiment, found from the command lines themselves: a word is refused by the parser,
 * and a negative value must be refused before anything runs (exit 2, one line naming the option). Every experiment's
 * {@code --out} pointing at a file is refused at once (exit 1), not after the experiment has run. Run through the
 * launcher, each in a process of its own, killed if it starts the experiment instead.
 */
class HostileOptionsTest {
    /**
     * A bound for hangs, not for speed: a refusal is checked by its exit code and line, and a JVM start on a loaded
     * machine takes seconds.
     */
    static final int SECONDS = 180;

    // What the scans below found when their counts were last checked (issue 25): the wallet's
    // crash-test --kills; filecrypt's level-sweep --max-file-bytes, --repeats, --threads and
    // directory-runs --max-file-bytes, --repeats; vfs's git-diff --loops, --runs and stat-walk
    // --repeats; and the --out of 7 wallet, 6 filecrypt and 4 vfs experiments. A factory that finds
    // fewer fails: a broken scan would otherwise make no test and pass. Adding options only raises
    // the count; raise these with it.
    static final int KNOWN_NUMERIC_OPTIONS = 9;
    static final int KNOWN_NUMERIC_OPTIONS_OF_EXPERIMENTS = 9;
    static final int KNOWN_EXPERIMENTS_WITH_OUT = 17;

    @TempDir
    Path tmp;

    record Option(Tool tool, String command, String name) {}

    static List<Option> numericOptions() {
        List<Option> found = new ArrayList<>();
        for (Tool tool : Tool.values()) {
            CommandLine cli = new CommandLine(tool.command());
            cli.getSubcommands().forEach((name, sub) -> {
                for (OptionSpec o : sub.getCommandSpec().options()) {
                    Class<?> t = o.type();
                    if (t == int.class || t == Integer.class || t == long.class || t == Long.class) {
                        found.add(new Option(tool, name, o.longestName()));
                    }
                }
            });
        }
        return found;
    }

    static boolean isExperiment(Option o) {
        CommandLine sub = new CommandLine(o.tool().command()).getSubcommands().get(o.command());
        return sub.getCommandSpec().findOption("--quick") != null;
    }

    static List<Option> experimentsWithOut() {
        List<Option> found = new ArrayList<>();
        for (Tool tool : Tool.values()) {
            new CommandLine(tool.command()).getSubcommands().forEach((name, sub) -> {
                if (sub.getCommandSpec().findOption("--out") != null
                        && sub.getCommandSpec().findOption("--quick") != null) {
                    found.add(new Option(tool, name, "--out"));
                }
            });
        }
        return found;
    }

    /** {@code found}, once it is known to hold at least the {@code known} options the command lines declare. */
    static List<Option> atLeast(int known, String what, List<Option> found) {
        assertThat(found)
                .as(
                        "%s found by scanning the command lines (a broken scan, or an option removed: lower the count)",
                        what)
                .hasSizeGreaterThanOrEqualTo(known);
        return found;
    }

    @TestFactory
    Stream<DynamicTest> aWordIsRefusedByTheParser() {
        return atLeast(KNOWN_NUMERIC_OPTIONS, "numeric options", numericOptions()).stream()
                .map(o -> DynamicTest.dynamicTest(
                        o.tool().launcherName + " " + o.command() + " " + o.name() + " many", () -> {
                            Outcome got = o.tool().run(o.command(), o.name(), "many");
                            assertThat(got.exit()).as("%s", got).isEqualTo(2);
                            assertThat(got.errLines()).as("%s", got).hasSize(1);
                            assertThat(got.err()).contains(o.name());
                        }));
    }

    @TestFactory
    Stream<DynamicTest> aNegativeValueIsRefusedBeforeAnythingRuns() {
        // experiments only: a command with required arguments (encrypt -z) is covered with them in HostileFilecryptTest
        List<Option> ofExperiments = numericOptions().stream()
                .filter(HostileOptionsTest::isExperiment)
                .toList();
        return atLeast(KNOWN_NUMERIC_OPTIONS_OF_EXPERIMENTS, "numeric options of experiments", ofExperiments).stream()
                .map(o -> DynamicTest.dynamicTest(
                        o.tool().launcherName + " " + o.command() + " " + o.name() + " -1", () -> {
                            Path scratch = tmp.resolve(o.tool().launcherName + "-" + o.command() + o.name());
                            Outcome got = Launcher.run(
                                    scratch,
                                    o.tool().launcherName,
                                    List.of(
                                            o.command(),
                                            o.name(),
                                            "-1",
                                            "--out",
                                            scratch.resolve("results").toString()),
                                    SECONDS);
                            refused(got, 2, o.name(), scratch);
                        }));
    }

    @TestFactory
    Stream<DynamicTest> anOutThatIsAFileIsRefusedAtOnce() {
        return atLeast(KNOWN_EXPERIMENTS_WITH_OUT, "experiments with --out", experimentsWithOut()).stream()
                .map(o -> DynamicTest.dynamicTest(o.tool().launcherName + " " + o.command() + " --out FILE", () -> {
                    Path scratch = tmp.resolve(o.tool().launcherName + "-" + o.command() + "-out");
                    Files.createDirectories(scratch);
                    Path file = Files.writeString(scratch.resolve("results-file"), "not a folder");
                    Outcome got = Launcher.run(
                            scratch, o.tool().launcherName, List.of(o.command(), "--out", file.toString()), SECONDS);
                    refused(got, 1, "results-file", scratch);
                    assertThat(Files.readString(file)).isEqualTo("not a folder");
                }));
    }

    private static void refused(Outcome got, int exit, String names, Path scratch) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Repo.root().resolve("labbook")), "no ./labbook launcher");
        assertThat(got.exit())
                .as("exit code (-1: still running after %d s, killed); %s", SECONDS, got)
                .isEqualTo(exit);
        assertThat(got.errLines()).as("one line; %s", got).hasSize(1);
        assertThat(got.err()).as("names %s; %s", names, got).contains(names);
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .as("left behind; %s", got)
                    .allMatch(n -> n.equals("results-file"));
        }
    }
}
