package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * run.json's format, byte for byte: field names, their order, which are written when, and how numbers are written. Each
 * scenario of {@link RunJsonMain} writes a run.json, and it must equal {@code run-json/<scenario>.expected.json}, which
 * the code that built run.json as Jackson trees wrote, with the fields that name this machine or an instant (host, CPU,
 * JDK, commit, start, end, a resume's time) written as {@code "<varies>"} or {@code 0}. Also what is carried from the
 * run.json before: each experiment's record as it was (an older record's fields in their order, one that is not an
 * object), and the history's fields in the order they were first written, its numbers as they were written.
 */
class RunJsonFormatTest {
    /** The fields whose values are this machine's, or an instant's, with their value. */
    private static final Pattern VARYING = Pattern.compile(
            "(\"(?:host|cpu_model|cores|memory_bytes|os_kernel|jdk_vendor|jdk_version|lab_commit|start|end|at)\" : )"
                    + "(\"(?:[^\"\\\\]|\\\\.)*\"|[-+.0-9Ee]+)");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"fresh", "carried", "other-host"})
    void runJsonIsWrittenAsBefore(String scenario) throws Exception {
        Path root = dir.resolve("results");
        List<String> command = ForkedJava.command(
                List.of("-D" + Slowdown.PROPERTY + "=0.25"),
                RunJsonMain.class.getName(),
                List.of(root.toString(), scenario, resource("previous.json").toString()));
        try (Child child = Child.start(Child.spec("run.json writer", command)
                .env(ForkedJava.EXTRA_FLAGS, "-Xss2m  -XX:+UseSerialGC")
                .limit(Duration.ofMinutes(2)))) {
            assertThat(child.waitFor()).as(child.stderrText()).isZero();
        }
        String written = Files.readString(root.resolve(RunJsonMain.STUDY).resolve("run.json"), StandardCharsets.UTF_8);
        assertThat(withoutMachine(written) + "\n")
                .isEqualTo(Files.readString(resource(scenario + ".expected.json"), StandardCharsets.UTF_8));
    }

    /** {@code json} with the values of {@link #VARYING} fields replaced: text by {@code "<varies>"}, numbers by 0. */
    static String withoutMachine(String json) {
        Matcher m = VARYING.matcher(json);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(
                    out, Matcher.quoteReplacement(m.group(1) + (m.group(2).startsWith("\"") ? "\"<varies>\"" : "0")));
        }
        return m.appendTail(out).toString();
    }

    private static Path resource(String name) throws Exception {
        return Path.of(RunJsonFormatTest.class.getResource("run-json/" + name).toURI());
    }
}
