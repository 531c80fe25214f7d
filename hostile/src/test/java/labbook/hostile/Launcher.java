package labbook.hostile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import labbook.core.Repo;

/**
 * The repository's direct launcher ({@code ./labbook <study> ARGS}), for the cases that must run in a process of their
 * own: a command that might start a long experiment instead of refusing its input (it is killed at the time limit), and
 * the signal cases.
 */
final class Launcher {
    private Launcher() {}

    static ProcessBuilder command(Path scratch, String study, List<String> args) throws IOException {
        // SIGINT as a user's terminal delivers it: a test run from a background job (nohup, a script's '&')
        // inherits SIGINT ignored, and a JVM started so keeps ignoring it
        List<String> command = new ArrayList<>(List.of(
                "env", "--default-signal=INT", Repo.root().resolve("labbook").toString(), study));
        command.addAll(args);
        Files.createDirectories(scratch);
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(scratch.toFile())
                .redirectOutput(scratch.resolve(".stdout").toFile())
                .redirectError(scratch.resolve(".stderr").toFile());
        pb.environment().put("LABBOOK_NO_BUILD", "1");
        return pb;
    }

    /** Runs to the end, or kills the process tree after {@code seconds} (then exit is -1). */
    static Outcome run(Path scratch, String study, List<String> args, int seconds)
            throws IOException, InterruptedException {
        Process p = command(scratch, study, args).start();
        int exit;
        if (p.waitFor(seconds, TimeUnit.SECONDS)) {
            exit = p.exitValue();
        } else {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor();
            exit = -1;
        }
        return outcome(scratch, exit);
    }

    static Outcome outcome(Path scratch, int exit) throws IOException {
        String out = Files.readString(scratch.resolve(".stdout"), StandardCharsets.UTF_8);
        String err = Files.readString(scratch.resolve(".stderr"), StandardCharsets.UTF_8);
        Files.delete(scratch.resolve(".stdout"));
        Files.delete(scratch.resolve(".stderr"));
        return new Outcome(exit, out, err);
    }
}
