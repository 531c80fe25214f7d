package labbook.notebooks;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.dflib.jjava.jupyter.messages.publish.PublishStream;
import org.dflib.jjava.jupyter.messages.publish.PublishStream.StreamType;

/**
 * The running cell's stdout and stderr on their way to the front end, gathered as ipykernel gathers them: what the cell
 * prints is held and sent as one stream message once {@link #FLUSH_INTERVAL} has passed since the first unsent byte,
 * and at once on an explicit {@code flush()}, at the end of the cell, before anything else the cell shows (a display,
 * its value, its error), and before the other stream is written to, so that stdout and stderr keep their order.
 * jjava-jupyter sent a message for every write: seven lines printed with printf made 187.
 */
final class CellOutput {
    /** ipykernel's OutStream.flush_interval (ipykernel 6). */
    static final Duration FLUSH_INTERVAL = Duration.ofMillis(200);

    /** The cell's System.out and System.err. */
    final PrintStream out = new PrintStream(new Stream(StreamType.OUT), false, StandardCharsets.UTF_8);

    final PrintStream err = new PrintStream(new Stream(StreamType.ERR), false, StandardCharsets.UTF_8);

    /**
     * Sends what a cell printed once the interval has passed. Its thread is started now, in the kernel's thread group:
     * JShell waits for every thread in a snippet's group to end (LocalExecutionControl joins them), so a thread started
     * lazily by a cell's first print could land in that group and keep the cell running for ever.
     */
    private final ScheduledThreadPoolExecutor timer =
            startTimer(Thread.currentThread().getThreadGroup());
    /** Guards everything below: the cell's threads write, the timer sends, the kernel attaches and detaches. */
    private final Object lock = new Object();
    /** Where the running cell's messages go; null between cells, when output is dropped (as jjava-jupyter drops it). */
    private Consumer<PublishStream> frontEnd;

    private final ByteArrayOutputStream unsent = new ByteArrayOutputStream();
    private StreamType unsentType;
    private ScheduledFuture<?> scheduledSend;

    private static ScheduledThreadPoolExecutor startTimer(ThreadGroup group) {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(group, task, "cell output");
            thread.setDaemon(true);
            return thread;
        });
        timer.prestartCoreThread();
        return timer;
    }

    /** A cell starts: its output goes to {@code frontEnd}. */
    void attach(Consumer<PublishStream> frontEnd) {
        synchronized (lock) {
            this.frontEnd = frontEnd;
        }
    }

    /** The cell's request is over: what is left is sent, and output is dropped until the next cell. */
    void detach() {
        synchronized (lock) {
            send();
            frontEnd = null;
        }
    }

    /** Sends what is held, now. */
    void flush() {
        synchronized (lock) {
            send();
        }
    }

    private void write(StreamType type, byte[] bytes, int offset, int length) {
        synchronized (lock) {
            if (frontEnd == null || length == 0) {
                return;
            }
            if (unsentType != type) {
                send();
                unsentType = type;
            }
            unsent.write(bytes, offset, length);
            if (scheduledSend == null) {
                scheduledSend = timer.schedule(this::flush, FLUSH_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
    }

    /** Under the lock: one message with everything held. */
    private void send() {
        if (scheduledSend != null) {
            scheduledSend.cancel(false);
            scheduledSend = null;
        }
        if (unsent.size() == 0 || frontEnd == null) {
            return;
        }
        // PrintStream's encoder writes whole characters, so what is held always decodes whole
        String text = unsent.toString(StandardCharsets.UTF_8);
        unsent.reset();
        frontEnd.accept(new PublishStream(unsentType, text));
    }

    /** One of the two streams: bytes go to the shared buffer; flush() is the cell's own, and sends now. */
    private final class Stream extends OutputStream {
        private final StreamType type;

        Stream(StreamType type) {
            this.type = type;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            CellOutput.this.write(type, bytes, offset, length);
        }

        @Override
        public void flush() {
            CellOutput.this.flush();
        }
    }
}
