package labbook.core;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs a peer binary (gpg, git) and measures it: exit code, wall time, and the child's user and
 * system CPU time apart.
 *
 * <p>The child's CPU time is the growth of this process's "children waited for" counters
 * ({@code /proc/self/stat} fields 16 and 17) across the run: the same rusage that GNU time
 * reports, with the same 10 ms resolution. That only isolates one child if no other child of this
 * JVM ends meanwhile, so peer runs are serialised by a lock, and the lab starts no other
 * processes while one runs.
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

    private final List<String> command;
    private final Map<String, String> env = new LinkedHashMap<>();
    private Path dir;
    private Path stdinFile;
    private byte[] stdinBytes;
    private Path stdoutFile;
    private boolean captureStdout;

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

    /** Runs the command to its end; a command that cannot start is a {@link LabException}. */
    public PeerResult run() {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(env);
        if (dir != null) {
            builder.directory(dir.toFile());
        }
        if (stdinFile != null) {
            builder.redirectInput(stdinFile.toFile());
        } else if (stdinBytes == null) {
            builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        }
        if (stdoutFile != null) {
            builder.redirectOutput(stdoutFile.toFile());
        } else if (!captureStdout) {
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        }
        ONE_PEER_AT_A_TIME.lock();
        try {
            CpuTimes childrenBefore = Clocks.children();
            long start = Clocks.wallNanos();
            Process process;
            try {
                process = builder.start();
            } catch (IOException e) {
                throw new LabException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
            }
            Thread feeder = stdinBytes == null ? null : pump(stdinBytes, process.getOutputStream());
            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            ByteArrayOutputStream stderr = new ByteArrayOutputStream();
            Thread outReader = captureStdout ? drain(process.getInputStream(), stdout) : null;
            Thread errReader = drain(process.getErrorStream(), stderr);
            int exit = waitFor(process);
            long wall = Clocks.wallNanos() - start;
            join(feeder);
            join(outReader);
            join(errReader);
            CpuTimes cpu = Clocks.children().minus(childrenBefore);
            return new PeerResult(command, exit, new Measurement(wall, cpu), stdout.toByteArray(),
                    stderr.toString(StandardCharsets.UTF_8));
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
        } catch (LabException notInstalled) {
            return "not installed";
        }
    }

    private static int waitFor(Process process) {
        while (true) {
            try {
                return process.waitFor();
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private static Thread pump(byte[] bytes, OutputStream to) {
        Thread t = new Thread(() -> {
            try (to) {
                to.write(bytes);
            } catch (IOException childClosedEarly) {
                // the child stopped reading (it failed or did not need the rest): its exit code says why
            }
        }, "peer-stdin");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static Thread drain(InputStream from, ByteArrayOutputStream to) {
        Thread t = new Thread(() -> {
            try (from) {
                from.transferTo(to);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, "peer-drain");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void join(Thread t) {
        if (t == null) {
            return;
        }
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
