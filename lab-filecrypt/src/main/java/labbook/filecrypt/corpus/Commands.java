package labbook.filecrypt.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.LabException;

/** The tools a corpus is made with, run as child processes; a failure is one line naming the command. */
final class Commands {
    private Commands() {
    }

    /** Runs {@code command} and returns its standard output's lines; with {@code mayFail}, a failure gives no lines. */
    static List<String> output(List<String> command, boolean mayFail) {
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            int exit = p.waitFor();
            if (exit != 0) {
                if (mayFail) {
                    return List.of();
                }
                throw new LabException(String.join(" ", command) + " exited " + exit);
            }
            return out.lines().toList();
        } catch (IOException e) {
            if (mayFail) {
                return List.of();
            }
            throw new LabException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while " + command.get(0) + " ran", e);
        }
    }

    /** Runs a tool that writes files; its messages go to {@code log}, whose last line a failure quotes. */
    static void run(List<String> command, Path log) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int exit = p.waitFor();
            if (exit != 0) {
                List<String> lines = Files.readAllLines(log);
                throw new LabException(String.join(" ", command) + " exited " + exit
                        + (lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1)));
            }
        } catch (IOException e) {
            throw new LabException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while " + command.get(0) + " ran", e);
        }
    }
}
