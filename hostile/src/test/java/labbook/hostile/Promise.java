package labbook.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;

/**
 * The lab's promise on bad input, checked for one case: the promised exit code; exactly one line on stderr, naming the
 * input at fault; nothing on stdout; no secret in any output or new file; every file that existed before with the same
 * bytes and mode; nothing new left behind.
 */
final class Promise {
    private Promise() {}

    /** One test per case, each in a folder of its own under {@code tmp}. */
    static Stream<DynamicTest> eachCase(List<Case> cases, Path tmp) {
        return cases.stream()
                .map(c -> DynamicTest.dynamicTest(
                        c.toString(),
                        () -> check(c, tmp.resolve(Integer.toHexString(c.name().hashCode())))));
    }

    static void check(Case c, Path caseRoot) {
        if (c.runsAway()) {
            Assumptions.abort("pending, not run (" + c.pending() + ")");
        }
        Sandbox box = new Sandbox(caseRoot);
        List<String> args = c.args().apply(box);
        Snapshot before = Snapshot.of(box.root());
        Outcome got = c.tool().run(args.toArray(String[]::new));
        Snapshot after = Snapshot.of(box.root());
        try {
            holds(c, box, String.join(" ", args), got, before, after);
        } catch (AssertionError e) {
            if (c.pending() != null) {
                Assumptions.abort("pending (" + c.pending() + "): " + firstLine(e.getMessage()));
            }
            throw e;
        }
    }

    static void holds(Case c, Sandbox box, String commandLine, Outcome got, Snapshot before, Snapshot after) {
        String which = c + "; " + got;
        assertThat(got.exit()).as("exit code; %s", which).isEqualTo(c.exit());
        assertThat(got.errLines()).as("one line on stderr; %s", which).hasSize(1);
        assertThat(got.out()).as("stdout of a failed command; %s", which).isEmpty();
        String named = c.names().apply(box);
        if (named != null) {
            assertThat(got.err()).as("the line names %s; %s", named, which).contains(named);
        }
        assertThat(got.err()).as("no stack trace; %s", which).doesNotContain("\tat ");
        noSecrets(box, commandLine, got.out() + got.err());
        for (Map.Entry<String, String> e : before.entries().entrySet()) {
            assertThat(after.entries().get(e.getKey()))
                    .as("%s after the command; %s", e.getKey(), which)
                    .isEqualTo(e.getValue());
        }
        assertThat(after.entries().keySet())
                .as("files left behind; %s", which)
                .isEqualTo(before.entries().keySet());
    }

    /** No planted secret in what was printed or in any file but its own (one that is also a file name is no signal). */
    static void noSecrets(Sandbox box, String commandLine, String printed) {
        for (String secret : box.secrets()) {
            if (secret.length() < 4 || commandLine.contains(secret)) {
                continue; // an empty or tiny password would match anything
            }
            assertThat(printed).as("a secret was printed").doesNotContain(secret);
            try (Stream<Path> files = Files.walk(box.root())) {
                files.filter(Files::isRegularFile)
                        .filter(f -> !f.getFileName().toString().startsWith("secret"))
                        .forEach(f -> {
                            try {
                                if (Files.size(f) < (8 << 20)) {
                                    String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                                    assertThat(text).as("a secret in %s", f).doesNotContain(secret);
                                }
                            } catch (java.io.IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        });
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        String t = s.strip().replace('\n', ' ');
        return t.length() > 300 ? t.substring(0, 300) + "..." : t;
    }
}
