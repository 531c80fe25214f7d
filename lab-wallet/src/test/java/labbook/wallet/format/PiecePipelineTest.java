package labbook.wallet.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The two roles of a sync: the caller gets the producer's latest end, growing, and its last, on either kind of helper;
 * a failure on either side comes back as itself, and never before the producer has stopped.
 */
class PiecePipelineTest {
    private static ExecutorService helper;

    @BeforeAll
    static void startHelper() {
        helper = Executors.newSingleThreadExecutor();
    }

    @AfterAll
    static void stopHelper() {
        helper.shutdownNow();
    }

    @Test
    void theCallerGetsGrowingEndsAndTheLastOnEitherHelper() {
        for (java.util.concurrent.Executor on : List.<java.util.concurrent.Executor>of(helper, Runnable::run)) {
            List<Integer> got = new CopyOnWriteArrayList<>();
            PiecePipeline.run(
                    p -> {
                        for (int end = 10; end <= 1000; end += 10) {
                            p.ready(end);
                        }
                    },
                    on,
                    got::add);
            // the latest end each time the caller looks: fewer than were made ready, always growing, the last one last
            assertThat(got).isNotEmpty().doesNotHaveDuplicates().isSorted().endsWith(1000);
            assertThat(got).allMatch(end -> end % 10 == 0 && end >= 10);
        }
    }

    @Test
    void theCallerLearnsHowLongItWaitedForTheProducer() throws Exception {
        // on the caller's own thread the producer has ended before the caller looks: nothing to wait for
        assertThat(PiecePipeline.run(p -> p.ready(8), Runnable::run, end -> {})).isZero();

        java.util.concurrent.CountDownLatch draining = new java.util.concurrent.CountDownLatch(1);
        long[] readyAt = new long[1];
        PiecePipeline pipeline = PiecePipeline.start(
                p -> {
                    try {
                        draining.await();
                        Thread.sleep(30);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    readyAt[0] = System.nanoTime();
                    p.ready(8);
                },
                helper);
        long waited;
        long from;
        long to;
        try (pipeline) {
            from = System.nanoTime();
            draining.countDown();
            waited = pipeline.drain(end -> {});
            to = System.nanoTime();
        }
        // it had nothing to take until the producer's only end: its wait spans nearly all of that, and no more than
        // the whole drain (the margin is the caller's own first look, well under a millisecond)
        assertThat(waited).isBetween(readyAt[0] - from - 1_000_000, to - from);
    }

    @Test
    void aProducerThatFailsEndsTheRunWithItsOwnException() {
        List<Integer> got = new CopyOnWriteArrayList<>();
        assertThatThrownBy(() -> PiecePipeline.run(
                        p -> {
                            p.ready(8);
                            throw new IllegalStateException("the walk failed");
                        },
                        helper,
                        got::add))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the walk failed");
        // at most the end made ready before the failure reached the caller
        assertThat(got).isSubsetOf(8);
    }

    @Test
    void aConsumerThatFailsReturnsOnlyOnceTheProducerHasStopped() {
        AtomicBoolean producerDone = new AtomicBoolean();
        assertThatThrownBy(() -> PiecePipeline.run(
                        p -> {
                            p.ready(8);
                            try {
                                Thread.sleep(300);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            p.ready(16);
                            producerDone.set(true);
                        },
                        helper,
                        end -> {
                            throw new IllegalArgumentException("disk full at " + end);
                        }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("disk full at 8");
        assertThat(producerDone).isTrue();
    }

    @Test
    void aCallerWaitingLongerThanItsSpinStillGetsTheNextEnd() {
        List<Integer> got = new CopyOnWriteArrayList<>();
        PiecePipeline.run(
                p -> {
                    p.ready(8);
                    sleep(100); // far longer than the caller's spin: it parks, and must still get the next end
                    p.ready(16);
                },
                helper,
                got::add);
        assertThat(got).endsWith(16).isSorted();
    }

    @Test
    void anInterruptedCallerThrowsOnlyOnceTheProducerHasStoppedAndStaysInterrupted() {
        AtomicBoolean producerDone = new AtomicBoolean();
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> PiecePipeline.run(
                            p -> {
                                sleep(300);
                                p.ready(8);
                                producerDone.set(true);
                            },
                            helper,
                            end -> {}))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("interrupted while saving a wallet");
            assertThat(producerDone).isTrue();
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
