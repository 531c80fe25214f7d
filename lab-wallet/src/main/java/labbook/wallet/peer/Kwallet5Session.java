package labbook.wallet.peer;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import labbook.core.Child;
import labbook.core.LabException;
import labbook.core.Peer;
import labbook.core.PeerResult;
import labbook.wallet.format.ThrowawayPassword;

/**
 * One long-lived harness ({@code kwallet5-harness serve}) holding a new benchmark wallet open in the real backend, so
 * that an experiment can interleave it with its Java variants in one loop:
 *
 * <pre>{@code
 * try (Kwallet5Session kw = Kwallet5.session(true, scratch.dir())) {
 *     for (int size : plan.sizes()) {
 *         javaWallet.add(entries.next(size - have));
 *         kw.add(size - have);                        // the seed's entries, made in the harness; not timed
 *         have = size;
 *         for (int r = 0; r < plan.repeatsAt(size); r++) {
 *             rows.add(measureJava(javaWallet, size, r));
 *             SyncTiming t = kw.sync(r);              // one Backend::sync(), timed in the harness
 *             ...
 *         }
 *     }
 * }   // close(): quits the harness; peerResult() then holds the whole session's exit, wall and CPU
 * }</pre>
 *
 * <p><b>How it runs through {@link Peer}.</b> {@code Peer.run()} starts a process and waits for its end, with stdin and
 * stdout redirected to files. The session gives it two named pipes (made with {@code mkfifo} in the session's scratch
 * folder) and calls it on a thread of its own; this side holds both pipes open read-write, so that no open ever blocks,
 * writes one command line and reads one reply line per call. When the harness ends, that thread writes an end marker
 * into the reply pipe, so a read never waits for a harness that is gone.
 *
 * <p><b>While a session is open no other {@link Peer} run can start</b> (Peer runs one process at a time, and this one
 * lasts the whole session): get {@link Kwallet5#version()} before (the session does) and start no gpg, git or second
 * session meanwhile. In-JVM work (the Java variants) is unaffected. The session's {@link PeerResult} CPU time covers
 * the whole session (adding entries included) and is only its own if no other child process of this JVM ends meanwhile
 * (a forked {@code -Xint} JVM would): use the per-sync {@link SyncTiming#cpuMs()}, measured in the harness.
 */
public final class Kwallet5Session implements AutoCloseable {
    private static final String ENDED = "#harness-ended";
    /**
     * The longest one reply may take: a sync of 100,000 entries takes a fraction of a second, and adding a step's
     * entries less; 120 s is for a machine loaded many times over.
     */
    static final Duration REPLY_SILENCE = Duration.ofMinutes(2);
    /** The session's own bound: the longest experiment it serves (a full sweep) and then some. */
    static final Duration SESSION_LIMIT = Duration.ofHours(12);
    /** The open session, if any: it holds Peer's one-process-at-a-time lock until it closes. */
    private static final AtomicBoolean OPEN = new AtomicBoolean();

    private final Path scratch;
    private final RandomAccessFile commands;
    private final RandomAccessFile replies;
    private final FileOutputStream toHarness;
    private final BlockingQueue<String> fromHarness = new LinkedBlockingQueue<>();
    private final CompletableFuture<PeerResult> finished;
    private final CompletableFuture<Child> harness;
    private int entries;
    private boolean closed;
    private PeerResult result;

    private Kwallet5Session(
            Path scratch,
            RandomAccessFile commands,
            RandomAccessFile replies,
            CompletableFuture<PeerResult> finished,
            CompletableFuture<Child> harness) {
        this.scratch = scratch;
        this.commands = commands;
        this.replies = replies;
        this.finished = finished;
        this.harness = harness;
        BufferedReader lines;
        try {
            this.toHarness = new FileOutputStream(commands.getFD());
            lines = new BufferedReader(
                    new InputStreamReader(new FileInputStream(replies.getFD()), StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new LabException("kwallet5 session: cannot use its pipes: " + e.getMessage(), e);
        }
        // replies are read on a thread of their own, so that a wait for one is bounded (reply())
        Thread reader = new Thread(
                () -> {
                    try {
                        for (String line; (line = lines.readLine()) != null; ) {
                            fromHarness.add(line);
                        }
                    } catch (IOException closed) {
                        // the session was closed
                    } finally {
                        fromHarness.add(ENDED);
                    }
                },
                "kwallet5-session-replies");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Fails at once, rather than waiting forever for Peer, when a session is open: a harness run (or any Peer run)
     * started now would wait for the session to end.
     */
    static void checkNoneOpen() {
        if (OPEN.get()) {
            throw new LabException("a kwallet5 session is open: no other peer process can run until it is closed");
        }
    }

    static Kwallet5Session start(boolean fdatasync, Path scratchParent) {
        Path binary = Harness.ensureBuilt();
        if (!OPEN.compareAndSet(false, true)) {
            checkNoneOpen();
        }
        Path scratch;
        try {
            scratch = Harness.newScratch(scratchParent);
        } catch (RuntimeException e) {
            OPEN.set(false);
            throw e;
        }
        RandomAccessFile commands = null;
        RandomAccessFile replies = null;
        try {
            Path in = scratch.resolve("commands.fifo");
            Path out = scratch.resolve("replies.fifo");
            Peer.command("mkfifo", "-m", "600", in.toString(), out.toString())
                    .run()
                    .orThrow();
            // read-write on this side: neither open waits for the other end, and the harness's opens do not wait either
            commands = new RandomAccessFile(in.toFile(), "rw");
            replies = new RandomAccessFile(out.toFile(), "rw");
            List<String> cmd = new ArrayList<>(List.of(
                    binary.toString(),
                    "serve",
                    "--scratch",
                    scratch.toString(),
                    scratch.resolve("benchmark.kwl").toString(),
                    "--fdatasync",
                    fdatasync ? "on" : "off"));
            // the session lasts as long as its experiment; each reply has a bound of its own instead (REPLY_SILENCE)
            CompletableFuture<Child> harness = new CompletableFuture<>();
            Peer peer = Peer.command(cmd)
                    .dir(scratch)
                    .stdinFrom(in)
                    .stdoutTo(out)
                    .limit(SESSION_LIMIT)
                    .onStart(harness::complete);
            Harness.environment(scratch).forEach(peer::env);
            CompletableFuture<PeerResult> finished = new CompletableFuture<>();
            RandomAccessFile marker = replies;
            Thread runner = new Thread(
                    () -> {
                        try {
                            finished.complete(peer.run());
                        } catch (Throwable t) {
                            finished.completeExceptionally(t);
                        } finally {
                            try {
                                new FileOutputStream(marker.getFD())
                                        .write(("\n" + ENDED + "\n").getBytes(StandardCharsets.US_ASCII));
                            } catch (IOException closedAlready) {
                                // the session was closed: nobody is reading
                            }
                        }
                    },
                    "kwallet5-session");
            runner.setDaemon(true);
            runner.start();
            Kwallet5Session session = new Kwallet5Session(scratch, commands, replies, finished, harness);
            session.send("password " + HarnessText.bytesToken(ThrowawayPassword.draw()));
            String ready = session.reply();
            if (!ready.startsWith("ready ")) {
                throw new LabException("kwallet5 session: unexpected first reply from the harness");
            }
            return session;
        } catch (RuntimeException | IOException e) {
            closeQuietly(commands);
            closeQuietly(replies);
            Harness.deleteTree(scratch);
            OPEN.set(false);
            if (e instanceof RuntimeException re) {
                throw re;
            }
            throw new LabException("kwallet5 session: cannot start: " + e.getMessage(), e);
        }
    }

    /**
     * Adds {@code n} of the seed's entries to the wallet (made in the harness, not timed); returns the wallet's size.
     */
    public int add(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n < 0");
        }
        send("add " + n);
        String r = reply();
        if (!r.startsWith("added ")) {
            throw new LabException("kwallet5 session: unexpected reply to add");
        }
        entries = Integer.parseInt(r.substring(6).trim());
        return entries;
    }

    /** One timed {@code Backend::sync()} of the wallet as it is now; {@code repeat} is copied into the row. */
    public SyncTiming sync(int repeat) {
        send("sync");
        String r = reply();
        if (!r.startsWith("sync ")) {
            throw new LabException("kwallet5 session: unexpected reply to sync");
        }
        return SyncTiming.parse(r).withRepeat(repeat);
    }

    /** Entries in the wallet. */
    public int entries() {
        return entries;
    }

    /** The harness run as {@link Peer} measured it (exit, wall, CPU of the whole session); after {@link #close()}. */
    public PeerResult peerResult() {
        if (result == null) {
            throw new IllegalStateException("the session is not closed yet");
        }
        return result;
    }

    /** Quits the harness, waits for it, removes the scratch folder (the wallet with it). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!finished.isDone()) {
                try {
                    toHarness.write("quit\n".getBytes(StandardCharsets.US_ASCII));
                    toHarness.flush();
                } catch (IOException e) {
                    // it is gone already: its result says why
                }
            }
            result = waitForEnd();
            closeQuietly(commands);
            closeQuietly(replies);
            if (!result.ok()) {
                throw Kwallet5Exception.of(result, "kwallet5 session");
            }
        } finally {
            OPEN.set(false);
            Harness.deleteTree(scratch);
        }
    }

    private void send(String line) {
        if (closed) {
            throw new IllegalStateException("the kwallet5 session is closed");
        }
        try {
            toHarness.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
            toHarness.flush();
        } catch (IOException e) {
            throw ended();
        }
    }

    /**
     * The harness's next reply line. A harness that ends first ends the wait at once (the end marker); one that stays
     * alive but does not answer within {@link #REPLY_SILENCE} is killed.
     */
    private String reply() {
        long deadline = System.nanoTime() + REPLY_SILENCE.toNanos();
        while (true) {
            String line;
            try {
                line = fromHarness.poll(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LabException("kwallet5 session: interrupted", e);
            }
            if (line != null && line.equals(ENDED)) {
                throw ended();
            }
            if (line != null && !line.isBlank()) {
                return line;
            }
            if (line == null && System.nanoTime() > deadline) {
                throw silent();
            }
        }
    }

    /** The harness stopped answering but did not end: killed, and one line naming it. */
    private LabException silent() {
        Child child = harness.getNow(null);
        String who = child == null ? "kwallet5 harness" : "kwallet5 harness (pid " + child.pid() + ")";
        if (child != null) {
            child.kill();
        }
        String last =
                child == null ? "" : child.lastStderrLine().map(l -> ": " + l).orElse("");
        try {
            ended();
        } catch (LabException alreadyDescribed) {
            // its exit is the kill's: the line below says why
        }
        return new LabException("kwallet5 session: " + who + " did not answer within " + REPLY_SILENCE.toSeconds()
                + " s; killed" + last);
    }

    /** The harness stopped answering: its one-line error. */
    private LabException ended() {
        PeerResult r = waitForEnd();
        result = r;
        closed = true;
        OPEN.set(false);
        closeQuietly(commands);
        closeQuietly(replies);
        Harness.deleteTree(scratch);
        if (r.ok()) {
            return new LabException("kwallet5 session: the harness ended early");
        }
        return Kwallet5Exception.of(r, "kwallet5 session");
    }

    private PeerResult waitForEnd() {
        try {
            return finished.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("kwallet5 session: interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new LabException("kwallet5 session: " + cause, cause);
        }
    }

    private static void closeQuietly(RandomAccessFile f) {
        if (f != null) {
            try {
                f.close();
            } catch (IOException ignored) {
                // nothing left to do
            }
        }
    }
}
