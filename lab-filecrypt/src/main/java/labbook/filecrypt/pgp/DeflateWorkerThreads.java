package labbook.filecrypt.pgp;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link ParallelDeflateStream}'s workers: daemon threads named for what they do and for their stream, so a thread
 * dump (or a test that checks none is left) can tell them.
 */
final class DeflateWorkerThreads implements ThreadFactory {
    private static final AtomicInteger STREAMS = new AtomicInteger();

    private final int stream = STREAMS.incrementAndGet();
    private final AtomicInteger count = new AtomicInteger();

    @Override
    public Thread newThread(Runnable r) {
        Thread t = new Thread(r, "parallel-deflate-" + stream + "-" + count.incrementAndGet());
        t.setDaemon(true);
        return t;
    }
}
