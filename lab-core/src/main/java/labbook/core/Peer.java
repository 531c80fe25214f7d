package labbook.core;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Runs a peer binary (gpg, git) and measures it: exit code, wall time, and the child's user and system CPU time apart.
 *
 * <p>The child's CPU time is the growth of this process's "children waited for" counters ({@code /proc/self/stat}
 * fields 16 and 17) across the run: the same rusage that GNU time reports, with the same 10 ms resolution. That only
 * isolates one child if no other child of this JVM ends meanwhile, so peer runs are serialised by a lock, and the lab
 * starts no other processes while one runs.
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
        Child.Spec spec = Child.spec(Path.of(command.get(0)).getFileName().toString(), command)
                .limit(limit);
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
        ONE_PEER_AT_A_TIME.lock();
        try {
            CpuTimes childrenBefore = Clocks.children();
            long start = Clocks.wallNanos();
            try (Child child = Child.start(spec)) {
                onStart.accept(child);
                int exit = child.waitFor();
                long wall = child.endedAtNanos() - start;
                CpuTimes cpu = Clocks.children().minus(childrenBefore);
                return new PeerResult(
                        command, exit, new Measurement(wall, cpu), child.stdoutBytes(), child.stderrText());
            }
        } finally {
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
