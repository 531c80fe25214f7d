package labbook.wallet.experiments;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import labbook.core.LabException;

/**
 * The crash test's writer processes ({@link CrashWriter}), started ahead of need: a kill costs a
 * JVM, and a JVM's start (class loading, the first compilations) is most of a kill's cost. Each
 * writer boots while the previous one is being killed and checked, so a kill waits only for its
 * writer to open the wallet; and the writers run on {@link UnsignedJars}, which saves each one
 * the verification of BouncyCastle's jar signature (a third of its start-up CPU).
 */
final class CrashWriters implements AutoCloseable {
    static final int SPARES = 2;
    private static final List<String> JVM = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m", "-Xshare:auto",
            "-XX:-UsePerfData");

    private final Path wallet;
    private final Path scratch;
    private final Deque<Writer> spares = new ArrayDeque<>();
    private final List<Writer> started = new ArrayList<>();
    private int toStart;

    /** Writers for {@code kills} kills of {@code wallet}; {@code scratch} holds their unsigned jars. */
    CrashWriters(Path wallet, Path scratch, int kills) {
        this.wallet = wallet;
        this.scratch = scratch;
        this.toStart = kills;
        topUp();
    }

    /** The next writer, booted or booting; a replacement starts booting at once. */
    Writer next() {
        Writer w = spares.poll();
        if (w == null) {
            throw new IllegalStateException("no writer left: more kills than planned");
        }
        topUp();
        return w;
    }

    private void topUp() {
        while (spares.size() < SPARES && toStart > 0) {
            toStart--;
            Writer w = new Writer(start());
            spares.add(w);
            started.add(w);
        }
    }

    private Process start() {
        try {
            return new ProcessBuilder(UnsignedJars.command(JVM, CrashWriter.class.getName(), List.of(wallet.toString()), scratch))
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            throw new LabException("cannot start the crash-test writer: " + e.getMessage(), e);
        }
    }

    /** Ends every writer still alive (spares never used, after a failure) and waits for them. */
    @Override
    public void close() {
        for (Writer w : started) {
            w.kill();
        }
    }

    /** One writer process and what it has reported on its stdout. */
    static final class Writer {
        private final Process process;
        private final AtomicInteger acked = new AtomicInteger(-1);
        private final CountDownLatch ready = new CountDownLatch(1);
        private final Thread reader;

        Writer(Process process) {
            this.process = process;
            this.reader = new Thread(this::read, "crash-writer-stdout");
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    String[] f = line.split(" ");
                    if (f.length == 2 && (f[0].equals("READY") || f[0].equals("ACK"))) {
                        acked.set(Integer.parseInt(f[1]));
                        ready.countDown();
                    }
                }
            } catch (IOException | NumberFormatException ignored) {
                // the writer was killed: what was read is what was acknowledged
            }
        }

        /** Gives the writer its settings and password; it opens the wallet and starts saving. */
        void go(boolean fdatasync, byte[] password) {
            try {
                OutputStream in = process.getOutputStream();
                in.write((fdatasync + "\n").getBytes(StandardCharsets.UTF_8));
                in.write(password);
                in.write('\n');
                in.close();
            } catch (IOException e) {
                throw new LabException("crash-test: cannot talk to the writer (it exited with "
                        + (process.isAlive() ? "nothing yet" : process.exitValue()) + ")", e);
            }
        }

        /** Waits for READY; false on timeout or if the writer died first. */
        boolean awaitReady(long seconds) throws InterruptedException {
            return ready.await(seconds, TimeUnit.SECONDS);
        }

        /**
         * SIGKILL through the process handle (Process.destroyForcibly would also close our end of
         * its stdout and lose ACK lines still in the pipe), then the ACKs it printed before dying:
         * -1 when it never reported.
         */
        int kill() {
            process.toHandle().destroyForcibly();
            boolean interrupted = false;
            while (true) {
                try {
                    process.waitFor();
                    reader.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return acked.get();
        }
    }
}
