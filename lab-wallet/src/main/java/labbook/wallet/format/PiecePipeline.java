package labbook.wallet.format;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * A sync in two roles over one buffer. The producer walks the wallet's entries and serialises them into the buffer,
 * telling {@link #ready} how far it is final; it runs on a helper thread when there is one. The caller encrypts each
 * final piece and hands it to the writer. So at 100,000 entries the walk, whose every step waits on memory, runs beside
 * the cipher instead of before it. With {@code Runnable::run} as the helper, the two roles run one after the other on
 * the caller's thread.
 */
public final class PiecePipeline {
    /** Queued once the producer has returned: nothing more will be ready. */
    private static final int DONE = -1;
    /** How often a waiting caller looks whether the producer failed. */
    private static final long POLL_MS = 50;

    private final BlockingQueue<Integer> readyUpTo = new LinkedBlockingQueue<>();

    private PiecePipeline() {}

    /** Producer: the buffer is final, and will not change again, up to {@code end}; ends only grow. */
    public void ready(int end) {
        readyUpTo.add(end);
    }

    /**
     * Runs {@code producer} on {@code helper} and hands each end it makes ready to {@code consumer}, in order, here.
     * Returns once the producer has returned and the consumer has had every end. A failure of either is rethrown here,
     * as itself, and only once the producer has stopped: it reads the wallet, which the caller may change as soon as
     * this returns.
     */
    public static void run(Consumer<PiecePipeline> producer, Executor helper, IntConsumer consumer) {
        PiecePipeline pipeline = new PiecePipeline();
        CompletableFuture<Void> walk = CompletableFuture.runAsync(
                () -> {
                    producer.accept(pipeline);
                    pipeline.readyUpTo.add(DONE);
                },
                helper);
        try {
            for (int end; (end = pipeline.next(walk)) != DONE; ) {
                consumer.accept(end);
            }
        } finally {
            walk.exceptionally(failed -> null).join();
        }
    }

    private int next(CompletableFuture<Void> walk) {
        try {
            while (true) {
                Integer end = readyUpTo.poll(POLL_MS, TimeUnit.MILLISECONDS);
                if (end != null) {
                    return end;
                }
                if (walk.isCompletedExceptionally()) {
                    walk.join();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while saving a wallet", e);
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error r) {
                throw r;
            }
            throw e;
        }
    }
}
