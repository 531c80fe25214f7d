package labbook.filecrypt.corpus;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import labbook.core.Child;
import labbook.core.LabException;

/**
 * The tools a corpus is made with (dpkg-query, espeak-ng, lame, rsvg-convert), run through lab-core's {@link Child}.
 */
final class Commands {
    /** The longest one tool run may take: the slowest, lame on an hour of speech, takes seconds. */
    static final Duration LIMIT = Duration.ofMinutes(10);

    private Commands() {}

    /** Runs {@code command} and returns its standard output's lines; with {@code mayFail}, a failure gives no lines. */
    static List<String> output(List<String> command, boolean mayFail) {
        try (Child child =
                Child.start(Child.spec(command.get(0), command).captureStdout().limit(LIMIT))) {
            if (child.waitFor() != 0) {
                if (mayFail) {
                    return List.of();
                }
                throw child.failure("failed");
            }
            return new String(child.stdoutBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        } catch (LabException e) {
            if (mayFail) {
                return List.of();
            }
            throw e;
        }
    }

    /**
     * Runs a tool that writes files; its standard output goes to {@code log}; a failure quotes its last line of stderr.
     */
    static void run(List<String> command, Path log) {
        try (Child child =
                Child.start(Child.spec(command.get(0), command).stdoutTo(log).limit(LIMIT))) {
            child.waitForSuccess();
        }
    }
}
