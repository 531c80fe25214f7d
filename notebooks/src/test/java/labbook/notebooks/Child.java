package labbook.notebooks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process a test started, watched. Its output (stdout and stderr together, and those of the processes
 * it starts, a kernel's among them) goes to a file, never into the test JVM's own stdout, which is
 * Surefire's channel to Maven. Every wait on it is bounded and ends as soon as it exits, with one line
 * naming it, its exit status and its last line of output.
 */
final class Child implements AutoCloseable {
    /** How long a killed process may take to be gone (it is SIGKILLed: only a machine in trouble takes long). */
    private static final Duration KILLED_WITHIN = Duration.ofSeconds(30);
    /** How often a wait for a line of output reads the file again; the process's exit ends it at once. */
    private static final long READ_EVERY_MS = 100;

    private final String name;
    private final Process process;
    private final Path log;

    private Child(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts the command with its output going to {@code log}; {@code name} is what failures call it. */
    static Child start(String name, ProcessBuilder builder, Path log) throws IOException {
        builder.redirectErrorStream(true).redirectOutput(log.toFile());
        return new Child(name, builder.start(), log);
    }

    ProcessHandle handle() {
        return process.toHandle();
    }

    /**
     * Waits for it to end by itself, at most {@code timeout}: its exit status. After the timeout it is killed
     * and the wait fails, in one line.
     */
    int exitStatus(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            close();
            throw new AssertionError(name + " still ran after " + timeout.toSeconds() + " s and was killed; its last line: "
                    + lastLine());
        }
        return process.exitValue();
    }

    /**
     * Waits, at most {@code timeout}, for a line of its output in which {@code pattern} is found. Fails at
     * once, in one line, when it exits without printing one; after the timeout it is killed and the wait fails.
     */
    Matcher awaitLine(Pattern pattern, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            boolean exited = !process.isAlive(); // before reading: a line printed just before the exit is still seen
            for (String line : output().lines().toList()) {
                Matcher matcher = pattern.matcher(line);
                if (matcher.find()) {
                    return matcher;
                }
            }
            if (exited) {
                throw new AssertionError(exitLine() + " (it printed no line matching /" + pattern + "/)");
            }
            if (System.nanoTime() > deadline) {
                close();
                throw new AssertionError(name + " printed no line matching /" + pattern + "/ in " + timeout.toSeconds()
                        + " s and was killed; its last line: " + lastLine());
            }
            process.waitFor(READ_EVERY_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** "NAME exited with status N; its last line: ...", for a process that has exited. */
    String exitLine() {
        return name + " exited with status " + process.exitValue() + "; its last line: " + lastLine();
    }

    /** Everything it (and what it started) has printed so far. */
    String output() {
        try {
            return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the output of " + name + " in " + log, e);
        }
    }

    String lastLine() {
        List<String> lines = output().lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1).strip();
    }

    /** SIGKILL, as a crash or `kill -9` would end it: no chance to clean up. Waits until it is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(KILLED_WITHIN.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + " (pid " + process.pid() + ") still ran " + KILLED_WITHIN.toSeconds()
                    + " s after SIGKILL");
        }
    }

    /** Kills it and every process it started that still runs (a kernel, say), waiting a bounded time for each. */
    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> started = process.descendants().toList();
        started.forEach(ProcessHandle::destroyForcibly);
        kill();
        for (ProcessHandle p : started) {
            try {
                p.onExit().get(KILLED_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                System.err.println("pid " + p.pid() + ", started by " + name + ", still ran " + KILLED_WITHIN.toSeconds()
                        + " s after SIGKILL");
            }
        }
    }
}
