package labbook.wallet.experiments.crashtest;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import labbook.core.Child;
import labbook.core.ForkedJava;
import labbook.core.UnsignedJar;

/**
 * The crash test's writer processes ({@link CrashWriter}), started ahead of need: a kill costs a JVM, and a JVM's start
 * (class loading, the first compilations) is most of a kill's cost. Each writer boots while the previous one is being
 * killed and checked, so a kill waits only for its writer to open the wallet; and the writers run on the module's
 * {@link UnsignedJar}, which saves each one the verification of BouncyCastle's jar signature, a large part of a JVM's
 * start-up.
 */
final class CrashWriters implements AutoCloseable {
    static final int SPARES = 2;
    /**
     * The longest a writer may say nothing while the test waits for it: a booted writer opens a 2,000-entry wallet in
     * well under a second; 120 s is for a machine loaded many times over.
     */
    static final Duration SILENCE = Duration.ofMinutes(2);

    private static final List<String> JVM =
            List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m", "-Xshare:auto", "-XX:-UsePerfData");

    private final Path wallet;
    private final Deque<Writer> spares = new ArrayDeque<>();
    private final List<Writer> started = new ArrayList<>();
    private int toStart;

    /** Writers for {@code kills} kills of {@code wallet}. */
    CrashWriters(Path wallet, int kills) {
        this.wallet = wallet;
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

    private Child start() {
        List<String> command = ForkedJava.command(
                JVM, UnsignedJar.classPathOf("wallet"), CrashWriter.class.getName(), List.of(wallet.toString()));
        return Child.start(
                Child.spec(CrashWriter.NAME, command).stdinPipe().stdoutLines().silence(SILENCE));
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
        private final Child child;
        private int acked = -1;

        Writer(Child child) {
            this.child = child;
        }

        /** Gives the writer its settings and password; it opens the wallet and starts saving. */
        void go(boolean fdatasync, byte[] password) {
            try (OutputStream in = child.stdin()) {
                in.write((fdatasync + "\n").getBytes(StandardCharsets.UTF_8));
                in.write(password);
                in.write('\n');
            } catch (IOException e) {
                throw child.failure("would not take its settings");
            }
        }

        /**
         * Waits for READY. A writer that dies first ends the wait at once with its own line; one that says nothing for
         * {@link #SILENCE} is killed; both are a one-line LabException.
         */
        void awaitReady() {
            while (true) {
                String line = child.nextLine();
                if (record(line) && line.startsWith("READY ")) {
                    return;
                }
            }
        }

        /** True for READY n and ACK n, whose n is then the count of acknowledged entries. */
        private boolean record(String line) {
            String[] f = line.split(" ");
            if (f.length == 2 && (f[0].equals("READY") || f[0].equals("ACK"))) {
                try {
                    acked = Integer.parseInt(f[1]);
                    return true;
                } catch (NumberFormatException cutOff) {
                    return false; // the last line of a killed writer may be cut anywhere
                }
            }
            return false;
        }

        /**
         * SIGKILL (Child keeps reading the stdout pipe to its end, so no ACK line still in the pipe is lost), then the
         * acknowledged count: -1 when it never reported.
         */
        int kill() {
            child.kill();
            child.remainingLines().forEach(this::record);
            return acked;
        }
    }
}
