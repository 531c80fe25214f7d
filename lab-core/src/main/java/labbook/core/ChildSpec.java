package labbook.core;

import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link Child} starts and how it watches it: the command, its folder, environment and streams, and the bounds on
 * a wait ({@link #silence}, {@link #limit}). Made by {@link Child#spec}, set up with its builder methods, and read by
 * {@link Child#start} (its fields are lab-core's, not public).
 */
public final class ChildSpec {
    /** What a child's stdout becomes. */
    enum Stdout {
        DISCARD,
        FILE,
        CAPTURE,
        LINES,
        RELAY,
        LOG,
        INHERIT
    }

    final String name;
    final List<String> command;
    final Map<String, String> env = new LinkedHashMap<>();
    Path dir;
    Path stdinFile;
    byte[] stdinBytes;
    boolean stdinPipe;
    Stdout stdout = Stdout.DISCARD;
    Path stdoutFile;
    OutputStream stdoutRelay;
    OutputStream stderrRelay;
    Duration silence;
    Duration limit = Duration.ofHours(2);

    ChildSpec(String name, List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command");
        }
        this.name = name;
        this.command = List.copyOf(command);
    }

    public ChildSpec dir(Path workingDir) {
        this.dir = workingDir;
        return this;
    }

    public ChildSpec env(String key, String value) {
        env.put(key, value);
        return this;
    }

    public ChildSpec stdinFrom(Path file) {
        this.stdinFile = file;
        return this;
    }

    public ChildSpec stdin(byte[] bytes) {
        this.stdinBytes = bytes.clone();
        return this;
    }

    /** This side writes the child's stdin ({@link Child#stdin()}); without this or a file, stdin is /dev/null. */
    public ChildSpec stdinPipe() {
        this.stdinPipe = true;
        return this;
    }

    public ChildSpec stdoutTo(Path file) {
        this.stdout = Stdout.FILE;
        this.stdoutFile = file;
        return this;
    }

    /**
     * Both streams, the child's and those of the processes it starts, into one file: for a child whose output is a log
     * to search ({@link Child#awaitOutput}) and to show when it fails.
     */
    public ChildSpec outputTo(Path log) {
        this.stdout = Stdout.LOG;
        this.stdoutFile = log;
        return this;
    }

    /**
     * Both streams straight to this JVM's own stdout and stderr: for a child that talks to the user's terminal (its
     * progress bars must see one). Nothing is read, so no {@link #silence} bound and no stderr tail: the child says its
     * own last line.
     */
    public ChildSpec inheritOutput() {
        this.stdout = Stdout.INHERIT;
        return this;
    }

    /** Keep stdout in memory ({@link Child#stdoutBytes()}), for small outputs such as --version. */
    public ChildSpec captureStdout() {
        this.stdout = Stdout.CAPTURE;
        return this;
    }

    /** Read stdout as lines, one at a time, with {@link Child#nextLine()}: for a child that speaks a line protocol. */
    public ChildSpec stdoutLines() {
        this.stdout = Stdout.LINES;
        return this;
    }

    /** Copy stdout, as it comes, to {@code out} (for a child whose output the user should see). */
    public ChildSpec relayStdout(OutputStream out) {
        this.stdout = Stdout.RELAY;
        this.stdoutRelay = out;
        return this;
    }

    /** Copy stderr, as it comes, to {@code err} too; its tail is kept either way. */
    public ChildSpec relayStderr(OutputStream err) {
        this.stderrRelay = err;
        return this;
    }

    /** Both streams relayed through this JVM's own System.out and System.err: a forked JVM whose progress is shown. */
    public ChildSpec relayOutput() {
        return relayStdout(System.out).relayStderr(System.err);
    }

    /**
     * The longest the child may print nothing (on any stream this side reads) while a wait runs. Only for children that
     * print as they work: a tool writing to a file is silent until it ends.
     */
    public ChildSpec silence(Duration bound) {
        this.silence = bound;
        return this;
    }

    /** The longest a wait for the child's end may take in all (default two hours); scale it to the work. */
    public ChildSpec limit(Duration bound) {
        this.limit = bound;
        return this;
    }

    public String name() {
        return name;
    }

    public List<String> command() {
        return command;
    }
}
