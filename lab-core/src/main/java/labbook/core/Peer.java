package labbook.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Runs a peer binary (gpg, git, a harness) and measures it: exit code, wall time, and the child's user and system CPU
 * time apart.
 *
 * <p>Every run goes through {@link TimedExec}: a small C program that starts the peer as its own child and reports the
 * kernel's rusage of that child alone ({@code wait4}: the same figures GNU time reports, to the microsecond, the peer's
 * own waited-for children included; user + system exact, their split as the kernel samples it: {@link TimedExec}) and
 * the wall time from its fork to the end of its wait. {@link Child} watches the run as it watches any process: its
 * bounds, its output and a kill reach the peer through the helper, which passes on SIGTERM and SIGINT and takes the
 * peer down with it when killed. Peer runs are serialised by a lock, so a timed peer never shares the machine with
 * another of the lab's peers.
 *
 * <pre>{@code
 * PeerResult r = Peer.command("gpg", "--batch", "-c", "in.txt")
 *         .env("GNUPGHOME", home.toString())
 *         .stdinFrom(passphraseFile)
 *         .stdoutTo(out)
 *         .run();
 * }</pre>
 */
public final class Peer {
    private static final ReentrantLock ONE_PEER_AT_A_TIME = new ReentrantLock();
    /** A peer run's default bound: far above any one gpg or git run of the lab's, short of a run that never ends. */
    public static final Duration DEFAULT_LIMIT = Duration.ofMinutes(30);

    private final List<String> command;
    private final Map<String, String> env = new LinkedHashMap<>();
    private Path dir;
    private Path stdinFile;
    private byte[] stdinBytes;
    private Path stdoutFile;
    private boolean captureStdout;
    private Duration limit = DEFAULT_LIMIT;
    private Consumer<Child> onStart = child -> {};

    private Peer(List<String> command) {
        this.command = List.copyOf(command);
    }

    public static Peer command(String... command) {
        return new Peer(List.of(command));
    }

    public static Peer command(List<String> command) {
        return new Peer(command);
    }

    public Peer env(String name, String value) {
        env.put(name, value);
        return this;
    }

    public Peer dir(Path workingDir) {
        this.dir = workingDir;
        return this;
    }

    public Peer stdinFrom(Path file) {
        this.stdinFile = file;
        return this;
    }

    public Peer stdin(byte[] bytes) {
        this.stdinBytes = bytes.clone();
        return this;
    }

    public Peer stdoutTo(Path file) {
        this.stdoutFile = file;
        return this;
    }

    /** Keep the child's standard output in memory (for small outputs such as --version). */
    public Peer captureStdout() {
        this.captureStdout = true;
        return this;
    }

    /**
     * The longest the run may take (default {@link #DEFAULT_LIMIT}); scale it to the work. Past it the peer is killed
     * and the run fails with one line naming it.
     */
    public Peer limit(Duration bound) {
        this.limit = bound;
        return this;
    }

    /**
     * Hands the started child to {@code started} (on the thread that runs it), for a caller that talks to a long-lived
     * peer through files and must be able to kill it when it stops answering.
     */
    public Peer onStart(Consumer<Child> started) {
        this.onStart = started;
        return this;
    }

    /**
     * Runs the command to its end, watched by {@link Child}: one that cannot start, or that runs past its limit, is a
     * {@link LabException} naming it; a non-zero exit is the result's to judge.
     */
    public PeerResult run() {
        String name = Path.of(command.get(0)).getFileName().toString();
        ONE_PEER_AT_A_TIME.lock();
        Path figures = TimedExec.figuresFile();
        try {
            ChildSpec spec = Child.spec(name, TimedExec.wrap(figures, command)).limit(limit);
            env.forEach(spec::env);
            if (dir != null) {
                spec.dir(dir);
            }
            if (stdinFile != null) {
                spec.stdinFrom(stdinFile);
            } else if (stdinBytes != null) {
                spec.stdin(stdinBytes);
            }
            if (stdoutFile != null) {
                spec.stdoutTo(stdoutFile);
            } else if (captureStdout) {
                spec.captureStdout();
            }
            try (Child child = Child.start(spec)) {
                onStart.accept(child);
                int exit = child.waitFor();
                Measurement time = TimedExec.read(figures, name, command.get(0))
                        .orElse(null); // killed with its helper (a caller's kill()): no figures to report
                return new PeerResult(command, exit, time, child.stdoutBytes(), child.stderrText());
            }
        } finally {
            try {
                Files.deleteIfExists(figures);
            } catch (IOException e) {
                // a temp file left behind costs a few bytes; the run's result stands
            }
            ONE_PEER_AT_A_TIME.unlock();
        }
    }

    /** The first line a tool prints for {@code --version}, for run.json; "not installed" if it cannot run. */
    public static String version(String... command) {
        List<String> cmd = new ArrayList<>(List.of(command));
        if (cmd.size() == 1) {
            cmd.add("--version");
        }
        try {
            PeerResult r = Peer.command(cmd).captureStdout().run();
            String text = r.stdoutText().isBlank() ? r.stderr() : r.stdoutText();
            return text.lines().findFirst().orElse("unknown").trim();
        } catch (Child.CannotStart notInstalled) {
            return "not installed";
        }
    }
}
