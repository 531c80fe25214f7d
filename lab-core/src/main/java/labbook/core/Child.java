package labbook.core;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A process the lab started and waits on. Every wait on it is bounded and watches it: a child that exits or is killed
 * ends the wait at once, and one that stays alive but prints nothing for its {@linkplain ChildSpec#silence(Duration)
 * silence bound}, or runs past its {@linkplain ChildSpec#limit(Duration) limit}, is killed. Either way the wait throws
 * one {@link LabException} line naming the child, its exit status or signal, and its last line of stderr
 * ({@link #failure(String)}).
 *
 * <p>Its output never reaches the file descriptors of this JVM directly: stderr is read into a tail (and relayed
 * through {@link System#err}, or another stream, when asked), stdout is discarded, written to a file, captured, read as
 * lines, or relayed. So under Surefire, whose forked JVMs talk to Maven over their own stdout, a child cannot corrupt
 * that channel. The one exception, {@link ChildSpec#inheritOutput()}, is for a command line's children that talk to the
 * user's terminal.
 *
 * <pre>{@code
 * ChildSpec spec = Child.spec("crash-test writer", command).stdoutLines().silence(Duration.ofSeconds(120));
 * try (Child writer = Child.start(spec)) {
 *     String ready = writer.nextLine();      // throws at once if the writer dies, or after 120 s of silence
 *     ...
 * }
 * }</pre>
 */
public final class Child implements AutoCloseable {
    private static final String END_OF_OUTPUT = new String("end of output"); // compared by identity
    /** How long a child that closed its stdout gets to exit before the wait calls it hung. */
    private static final Duration EXIT_GRACE = Duration.ofSeconds(10);

    /**
     * A child that could not start at all (no such program, not executable): its own type, so "not installed" is never
     * confused with a child that failed.
     */
    public static final class CannotStart extends LabException {
        private static final long serialVersionUID = 1L;

        CannotStart(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final ChildSpec spec;
    private final Process process;
    private final long started = System.nanoTime();
    private volatile long lastOutput = System.nanoTime();
    private final ByteArrayOutputStream stdoutBytes = new ByteArrayOutputStream();
    private final StderrTail stderr = new StderrTail();
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<Thread> readers = new ArrayList<>();
    private volatile String killedBecause;
    private volatile long endedAt;
    /** Set once stdout's end was read: later waits for a line end at once, whoever took the end marker. */
    private volatile boolean outputEnded;

    private Child(ChildSpec spec, Process process) {
        this.spec = spec;
        this.process = process;
    }

    public static ChildSpec spec(String name, List<String> command) {
        return new ChildSpec(name, command);
    }

    public static ChildSpec spec(String name, String... command) {
        return new ChildSpec(name, List.of(command));
    }

    /** Starts the child; one that cannot start is a {@link CannotStart} naming it. */
    public static Child start(ChildSpec spec) {
        if (spec.stdout == ChildSpec.Stdout.INHERIT && spec.silence != null) {
            throw new IllegalArgumentException(spec.name + ": a child whose output is not read has no silence bound");
        }
        ProcessBuilder builder = new ProcessBuilder(spec.command);
        builder.environment().putAll(spec.env);
        if (spec.dir != null) {
            builder.directory(spec.dir.toFile());
        }
        if (spec.stdinFile != null) {
            builder.redirectInput(spec.stdinFile.toFile());
        } else if (spec.stdinBytes == null && !spec.stdinPipe) {
            builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        }
        switch (spec.stdout) {
            case DISCARD -> builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
            case FILE -> builder.redirectOutput(spec.stdoutFile.toFile());
            case LOG -> builder.redirectErrorStream(true).redirectOutput(spec.stdoutFile.toFile());
            case INHERIT ->
                builder.redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT);
            default -> builder.redirectOutput(ProcessBuilder.Redirect.PIPE);
        }
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            String what = spec.command.get(0).endsWith(spec.name)
                    ? spec.command.get(0)
                    : spec.name + " (" + spec.command.get(0) + ")";
            throw new CannotStart("cannot run " + what + ": " + Reasons.of(e), e);
        }
        Child child = new Child(spec, process);
        child.startReaders();
        return child;
    }

    private void startReaders() {
        if (spec.stdinBytes != null) {
            daemon("stdin", () -> {
                try (OutputStream to = process.getOutputStream()) {
                    to.write(spec.stdinBytes);
                } catch (IOException childClosedEarly) {
                    // the child stopped reading (it failed or did not need the rest): its exit status says why
                }
            });
        }
        if (spec.stdout != ChildSpec.Stdout.LOG && spec.stdout != ChildSpec.Stdout.INHERIT) {
            daemon("stderr", () -> copy(process.getErrorStream(), stderr, spec.stderrRelay));
        }
        switch (spec.stdout) {
            case CAPTURE -> daemon("stdout", () -> copy(process.getInputStream(), stdoutBytes, null));
            case RELAY ->
                daemon(
                        "stdout",
                        () -> copy(process.getInputStream(), OutputStream.nullOutputStream(), spec.stdoutRelay));
            case LINES -> daemon("stdout", this::readLines);
            default -> {}
        }
    }

    private void daemon(String stream, Runnable body) {
        Thread t = new Thread(body, spec.name + " " + stream);
        t.setDaemon(true);
        readers.add(t);
        t.start();
    }

    private void copy(InputStream from, OutputStream keep, OutputStream relay) {
        byte[] buffer = new byte[8192];
        try (from) {
            for (int n; (n = from.read(buffer)) >= 0; ) {
                lastOutput = System.nanoTime();
                synchronized (keep) {
                    keep.write(buffer, 0, n);
                }
                if (relay != null) {
                    relay.write(buffer, 0, n);
                    relay.flush();
                }
            }
        } catch (IOException closed) {
            // the child ended, or was killed: what was read is what it said
        }
    }

    private void readLines() {
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lastOutput = System.nanoTime();
                lines.add(line);
            }
        } catch (IOException closed) {
            // the child ended, or was killed: what was read is what it said
        } finally {
            outputEnded = true;
            lines.add(END_OF_OUTPUT);
        }
    }

    public String name() {
        return spec.name;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The child's stdin, for {@link ChildSpec#stdinPipe()}. */
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    /**
     * The next line the child prints on stdout ({@link ChildSpec#stdoutLines()}). Throws, with the child's one-line
     * failure, as soon as it ends without printing one, and kills it when it stays silent past its silence bound or
     * runs past its limit.
     */
    @SuppressWarnings("ReferenceEquality") // END_OF_OUTPUT is told from a line of the same text by its identity
    public String nextLine() {
        long waitStart = System.nanoTime();
        while (true) {
            String line;
            try {
                line = lines.poll(pollSlice(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                throw interrupted();
            }
            if (line == END_OF_OUTPUT || (line == null && outputEnded && lines.isEmpty())) {
                awaitExitAfterOutputEnded();
                throw failure("ended before it answered");
            }
            if (line != null) {
                return line;
            }
            checkBounds(waitStart);
        }
    }

    /** The stdout lines the child printed that were not read yet, once it has ended (after {@link #kill()}). */
    @SuppressWarnings("ReferenceEquality") // END_OF_OUTPUT is told from a line of the same text by its identity
    public List<String> remainingLines() {
        List<String> out = new ArrayList<>();
        for (String line; (line = lines.poll()) != null; ) {
            if (line != END_OF_OUTPUT) {
                out.add(line);
            }
        }
        return out;
    }

    /** Waits for the child to end and returns its exit code, killing it (and throwing) past its bounds. */
    public int waitFor() {
        return waitFor(null);
    }

    /** {@link #waitFor()}, bounded by {@code bound} from now (when not null) as well as by the child's own bounds. */
    public int waitFor(Duration bound) {
        long waitStart = System.nanoTime();
        while (true) {
            try {
                if (process.waitFor(pollSlice(), TimeUnit.NANOSECONDS)) {
                    endedAt = System.nanoTime();
                    joinReaders();
                    return process.exitValue();
                }
            } catch (InterruptedException e) {
                throw interrupted();
            }
            if (bound != null && System.nanoTime() - waitStart > bound.toNanos()) {
                killFor("was still running after " + seconds(bound));
            }
            checkBounds(waitStart);
        }
    }

    /**
     * The first match of {@code pattern} in a line of the child's log ({@link ChildSpec#outputTo}), read again every
     * 100 ms. Ends at once, with the child's one-line failure, when it exits without printing such a line; kills it
     * after {@code bound}.
     */
    public java.util.regex.Matcher awaitOutput(java.util.regex.Pattern pattern, Duration bound) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (true) {
            boolean exited = !process.isAlive(); // before reading: a line printed just before the exit is still seen
            for (String line : output().lines().toList()) {
                java.util.regex.Matcher m = pattern.matcher(line);
                if (m.find()) {
                    return m;
                }
            }
            if (exited) {
                throw failure("ended before it printed a line matching /" + pattern + "/");
            }
            if (System.nanoTime() > deadline) {
                killFor("printed no line matching /" + pattern + "/ in " + seconds(bound));
            }
            try {
                process.waitFor(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                throw interrupted();
            }
        }
    }

    /** Everything in the child's log so far ({@link ChildSpec#outputTo}). */
    public String output() {
        if (spec.stdout != ChildSpec.Stdout.LOG) {
            throw new IllegalStateException(spec.name + " has no log: its output was not sent to one");
        }
        try {
            return java.nio.file.Files.readString(spec.stdoutFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw LabException.cannot("read the log of " + spec.name + " in", spec.stdoutFile, e);
        }
    }

    /** {@link #waitFor()}, then the child's one-line failure unless it exited 0. */
    public void waitForSuccess() {
        if (waitFor() != 0) {
            throw failure("failed");
        }
    }

    private long pollSlice() {
        return TimeUnit.MILLISECONDS.toNanos(200);
    }

    /** Kills the child past its limit, or when it printed nothing for its silence bound while this wait ran. */
    private void checkBounds(long waitStart) {
        long now = System.nanoTime();
        if (spec.silence != null && now - Math.max(lastOutput, waitStart) > spec.silence.toNanos()) {
            killFor("said nothing for " + seconds(spec.silence));
        }
        if (now - started > spec.limit.toNanos()) {
            killFor("was still running after " + seconds(spec.limit));
        }
    }

    private void awaitExitAfterOutputEnded() {
        try {
            if (!process.waitFor(EXIT_GRACE.toNanos(), TimeUnit.NANOSECONDS)) {
                killFor("closed its output but did not exit within " + seconds(EXIT_GRACE));
            }
        } catch (InterruptedException e) {
            throw interrupted();
        }
        joinReaders();
    }

    private void killFor(String why) {
        killedBecause = why;
        kill();
        throw failure("was killed");
    }

    /**
     * SIGKILL to the child alone, as a crash would end it, then waits for its end and for its output to be read (the
     * lines it printed before dying stay readable, {@link #remainingLines()}). Never waits long: a killed process ends.
     * What it started is left to notice (see {@link #close()}).
     */
    public void kill() {
        process.toHandle().destroyForcibly();
        try {
            if (!process.waitFor(EXIT_GRACE.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new LabException(describe() + " did not end within " + seconds(EXIT_GRACE) + " of SIGKILL");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while killing " + describe());
        }
        joinReaders();
    }

    private void joinReaders() {
        long deadline = System.nanoTime() + EXIT_GRACE.toNanos();
        for (Thread t : readers) {
            try {
                // a grandchild holding a pipe open must not hold this side: the readers are daemons
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Kills the child if it is still running, and every process it started that still runs (a front end's kernel, a
     * shell's command), each waited for a bounded time: nothing it began outlives it.
     */
    @Override
    public void close() {
        List<ProcessHandle> started = process.descendants().toList();
        started.forEach(ProcessHandle::destroyForcibly);
        if (process.isAlive()) {
            kill();
        }
        for (ProcessHandle p : started) {
            try {
                p.onExit().get(EXIT_GRACE.toNanos(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new LabException("pid " + p.pid() + ", started by " + describe() + ", still ran "
                        + seconds(EXIT_GRACE) + " after SIGKILL");
            }
        }
    }

    public byte[] stdoutBytes() {
        synchronized (stdoutBytes) {
            return stdoutBytes.toByteArray();
        }
    }

    /** What the child wrote on stderr (the last {@value #STDERR_KEPT} bytes of it). */
    public String stderrText() {
        return stderr.text();
    }

    /** The last non-blank line the child wrote on stderr (in its log, for {@link ChildSpec#outputTo}), if any. */
    public Optional<String> lastStderrLine() {
        String text = spec.stdout == ChildSpec.Stdout.LOG ? output() : stderr.text();
        List<String> all = text.lines().filter(l -> !l.isBlank()).toList();
        return all.isEmpty()
                ? Optional.empty()
                : Optional.of(all.get(all.size() - 1).strip());
    }

    /**
     * The one line for a child that did not do its work: "NAME (pid P) WHAT: HOW it ended: its last stderr line", for
     * example "crash-test writer (pid 4242) ended before it answered: exit 1: crash-test writer: cannot open ...".
     */
    public LabException failure(String what) {
        StringBuilder s = new StringBuilder(describe()).append(' ').append(what);
        if (killedBecause != null) {
            s.append(" after it ").append(killedBecause);
        } else if (!process.isAlive()) {
            s.append(": ").append(exitStatus(process.exitValue()));
        }
        lastStderrLine().ifPresent(l -> s.append(": ").append(l));
        return new LabException(FailureLine.oneLine(s.toString()));
    }

    private String describe() {
        return spec.name + " (pid " + process.pid() + ")";
    }

    /** "exit 3", or "killed by signal 9 (KILL)" for the 128 + N that Java reports for a signalled process. */
    public static String exitStatus(int code) {
        if (code > 128 && code < 128 + 32) {
            int signal = code - 128;
            String signalName = switch (signal) {
                case 1 -> " (HUP)";
                case 2 -> " (INT)";
                case 3 -> " (QUIT)";
                case 6 -> " (ABRT)";
                case 9 -> " (KILL)";
                case 11 -> " (SEGV)";
                case 13 -> " (PIPE)";
                case 15 -> " (TERM)";
                default -> "";
            };
            return "killed by signal " + signal + signalName;
        }
        return "exit " + code;
    }

    /** When {@link #waitFor()} saw the child end ({@link System#nanoTime()}), before its output was read to the end. */
    public long endedAtNanos() {
        return endedAt;
    }

    /** Time since the child started. */
    public Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - started);
    }

    private LabException interrupted() {
        kill();
        Thread.currentThread().interrupt();
        return new LabException("interrupted while waiting for " + describe());
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0
                ? d.toSeconds() + " s"
                : String.format(java.util.Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }
}
