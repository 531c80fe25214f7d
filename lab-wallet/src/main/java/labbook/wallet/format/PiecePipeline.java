package labbook.wallet.format;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * A sync in two roles over one buffer. The producer walks the wallet's entries and serialises them into the buffer,
 * telling {@link #ready} how far it is final; it runs on a helper thread when there is one. The caller takes each new
 * end and encrypts up to it, then hands the bytes to the writer. So at 100,000 entries the walk, whose every step waits
 * on memory, runs beside the cipher instead of before it. With {@code Runnable::run} as the helper, the two roles run
 * one after the other on the caller's thread.
 *
 * <p>The ends pass through one volatile field, not a queue: the caller takes the latest end whenever it looks, so the
 * producer can say how far it is every few kilobytes at the cost of a store. A caller that finds nothing new spins a
 * moment before it parks ({@link BriefSpin}): the producer is usually close to its next end.
 *
 * <p>The caller learns how long it waited for the producer ({@link #drain}'s result): beside a sync's cipher, the time
 * the walk's thread cost it (a late start, or the walk falling behind), which sync-sweep reports.
 */
public final class PiecePipeline implements AutoCloseable {
    /** How long a parked caller sleeps before it looks again (a wake-up is never lost; this is a backstop). */
    private static final long PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    /** The buffer is final up to here; only grows. */
    private volatile int readyUpTo = Integer.MIN_VALUE;
    /** Set once the producer has returned or failed: {@link #readyUpTo} will not change again. */
    private volatile boolean stopped;

    private volatile Throwable failure;
    /** The caller while it is parked, for the producer to wake. */
    private volatile Thread parked;

    private final CompletableFuture<Void> producing;

    private PiecePipeline(Consumer<PiecePipeline> producer, Executor helper) {
        producing = CompletableFuture.runAsync(
                () -> {
                    try {
                        producer.accept(this);
                    } catch (RuntimeException | Error e) {
                        failure = e;
                    } finally {
                        stopped = true;
                        wakeCaller();
                    }
                },
                helper);
    }

    /**
     * Starts {@code producer} on {@code helper}; the caller then takes its ends with {@link #drain}. Closing waits for
     * the producer to stop: it reads the wallet, which the caller may change as soon as the pipeline is closed.
     */
    public static PiecePipeline start(Consumer<PiecePipeline> producer, Executor helper) {
        return new PiecePipeline(producer, helper);
    }

    /**
     * Runs {@code producer} on {@code helper} and hands the ends it makes ready to {@code consumer}, here: each larger
     * than the one before, the last the producer's last. A failure of either is rethrown here, as itself, and only once
     * the producer has stopped. Returns how long this thread waited for the producer, in nanoseconds.
     */
    public static long run(Consumer<PiecePipeline> producer, Executor helper, IntConsumer consumer) {
        try (PiecePipeline pipeline = start(producer, helper)) {
            return pipeline.drain(consumer);
        }
    }

    /** Producer: the buffer is final, and will not change again, up to {@code end}; ends only grow. */
    public void ready(int end) {
        readyUpTo = end;
        wakeCaller();
    }

    private void wakeCaller() {
        Thread t = parked;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /**
     * Hands {@code consumer} the latest end each time there is a new one, until the producer has returned and its last
     * end is taken; a producer's failure is rethrown as itself. Returns how long this thread waited for the producer
     * (with nothing new to hand on), in nanoseconds.
     */
    public long drain(IntConsumer consumer) {
        long waited = 0;
        int taken = Integer.MIN_VALUE;
        while (true) {
            boolean last = stopped; // read before the end: once stopped, the end read after it is the last
            int end = readyUpTo;
            if (end > taken) {
                consumer.accept(end);
                taken = end;
            } else if (last) {
                Throwable f = failure;
                if (f instanceof RuntimeException r) {
                    throw r;
                }
                if (f instanceof Error e) {
                    throw e;
                }
                return waited;
            } else {
                long from = System.nanoTime();
                awaitBeyond(taken);
                waited += System.nanoTime() - from;
            }
        }
    }

    private void awaitBeyond(int taken) {
        if (BriefSpin.until(() -> readyUpTo > taken || stopped)) {
            return;
        }
        while (readyUpTo <= taken && !stopped) {
            parked = Thread.currentThread();
            if (readyUpTo <= taken && !stopped) { // looked again after saying where to wake: no wake-up is lost
                LockSupport.parkNanos(this, PARK_NANOS);
            }
            parked = null;
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while saving a wallet");
            }
        }
    }

    /** Waits for the producer to stop (the walk over the wallet takes milliseconds, and reads it). */
    @Override
    public void close() {
        producing.join();
    }
}
