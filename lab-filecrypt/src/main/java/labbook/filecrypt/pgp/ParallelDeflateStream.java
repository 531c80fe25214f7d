package labbook.filecrypt.pgp;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.Adler32;
import labbook.core.Reasons;

/**
 * One deflate stream, raw (OpenPGP's ZIP) or in zlib's wrapper (RFC 1950, OpenPGP's ZLIB), compressed by several
 * threads and readable by any inflater, gpg's included: pigz's method.
 *
 * <p>The input is cut into blocks of {@link #BLOCK} bytes. Each block is deflated on its own, on a worker thread, with
 * the end of the block before it as a preset dictionary, so matches still reach back across the cut and the output is
 * within a fraction of a percent of one deflate's; every block but the last ends on a byte boundary with zlib's sync
 * flush (an empty stored block), the last with the final block. The outputs, written in input order, form one stream.
 * For ZLIB the stream's 2-byte header is written here, and the trailer's Adler-32 of the whole input is combined from
 * the blocks' own ({@link Adler32Combine}), each computed by the worker that compressed the block, so the writing
 * thread never reads the input again.
 *
 * <p>The dictionary is the deflater's window ({@link BlockDeflater#window()}): 32 KiB for the JDK's Deflater (pigz's
 * choice too), 8 KiB for gpg's ZIP window. A match can never reach further back than the window, so a longer dictionary
 * would be ignored by zlib, and a shorter one would lose the matches that reach across the cut. Any inflater reads the
 * result with the window it already uses: gpg inflates ZIP with 32 KiB ({@code inflateInit2(zs, -15)} in gpg 2.2's
 * compress.c) and ZLIB by the header, which says 32 KiB.
 *
 * <p>Bounded memory: at most {@link #IN_FLIGHT_PER_THREAD} blocks per thread are submitted and not yet written; when
 * that many are pending, {@code write} waits for the oldest. Each pending block holds its input, a reference to the
 * previous block's input (its dictionary) and its output, so memory is a few hundred KiB per thread, whatever the
 * input's size.
 *
 * <p>The calling thread writes every byte to {@code out}: the layers under this stream (the encryption and the MDC)
 * stay streaming on one thread. A failure, whether of {@code out} (a full disk) or of a worker, is thrown once from
 * {@code write} or {@code close}; by then no worker is left running and the deflaters' native memory is freed. Input
 * that fits one block never starts a thread: it is deflated on the calling thread.
 *
 * <p>{@code close()} finishes the deflate stream and leaves {@code out} open, as the packet layer above needs.
 * {@code flush()} does nothing: a block is deflated once it is full.
 */
public final class ParallelDeflateStream extends BlockWriteStream {
    /**
     * Input per block: pigz's 128 KiB, large enough that the cost of a cut (a flush, a cold start of the Huffman
     * tables) is lost in the size's noise ({@code ParallelDeflateStreamTest} bounds it).
     */
    static final int BLOCK = 128 * 1024;
    /** Enough that no worker waits on the writer while it writes one block's output, with little memory. */
    static final int IN_FLIGHT_PER_THREAD = 2;

    private static final byte[] NO_DICTIONARY = new byte[0];

    private enum State {
        OPEN,
        FINISHED,
        FAILED
    }

    @SuppressWarnings("ArrayRecordComponent") // a block on its way to the stream, never compared or hashed
    private record Deflated(byte[] bytes, int inputLength, long adler32) {}

    private final OutputStream out;
    private final boolean zlib;
    private final int threads;
    private final BlockDeflater.Factory deflaters;
    /** Deflaters between blocks, taken by whichever thread deflates next. */
    private final Queue<BlockDeflater> idle = new ConcurrentLinkedQueue<>();
    /** Submitted blocks in input order, oldest first. */
    private final ArrayDeque<Future<Deflated>> pending = new ArrayDeque<>();

    private ExecutorService workers;
    private byte[] block = new byte[BLOCK];
    private int filled;
    /** The last block submitted (always full): its end is the next block's dictionary. */
    private byte[] previous;

    private long adler32 = Adler32Combine.EMPTY;
    private State state = State.OPEN;
    private String failure;

    /** {@code zlib}: the caller has written the header (see {@link #zlib}). */
    ParallelDeflateStream(OutputStream out, boolean zlib, int threads, BlockDeflater.Factory deflaters) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        this.out = Objects.requireNonNull(out);
        this.zlib = zlib;
        this.threads = threads;
        this.deflaters = deflaters;
    }

    /**
     * Raw deflate (OpenPGP's ZIP) at {@code level} on {@code threads} workers, by {@code deflater}: zlib-8k and
     * jzlib-8k with gpg's 8 KiB window, jdk-32k with the JDK's 32 KiB.
     */
    public static ParallelDeflateStream raw(OutputStream out, int level, int threads, ZipDeflater deflater) {
        return new ParallelDeflateStream(out, false, threads, BlockDeflater.forZip(deflater, level));
    }

    /** A zlib stream (OpenPGP's ZLIB) at {@code level}, on the JDK's Deflater with its 32 KiB window, as gpg's ZLIB. */
    public static ParallelDeflateStream zlib(OutputStream out, int level, int threads) throws IOException {
        ParallelDeflateStream stream = new ParallelDeflateStream(out, true, threads, () -> new JdkBlockDeflater(level));
        int header = zlibHeader(level);
        out.write(header >>> 8);
        out.write(header);
        return stream;
    }

    /**
     * RFC 1950's header as zlib writes it for a 32 KiB window: CMF 0x78, then FLEVEL as zlib derives it from the level,
     * and FCHECK making the pair a multiple of 31.
     */
    static int zlibHeader(int level) {
        int flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
        int header = (0x78 << 8) | (flevel << 6);
        return header + 31 - header % 31;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        ensureOpen();
        try {
            while (len > 0) {
                // a full block is handed on only when more input comes: the last block is the one close() finds
                if (filled == BLOCK) {
                    submit(false);
                }
                int n = Math.min(len, BLOCK - filled);
                System.arraycopy(b, off, block, filled, n);
                filled += n;
                off += n;
                len -= n;
            }
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
    }

    /** Writes the last block and, for ZLIB, the Adler-32 trailer; {@code out} stays open. */
    @Override
    public void close() throws IOException {
        if (state == State.FINISHED) {
            return;
        }
        ensureOpen();
        try {
            if (workers == null) {
                writeOut(deflate(block, filled, null, true)); // one block in all: no thread needed
            } else {
                submit(true);
                while (!pending.isEmpty()) {
                    writeOldest();
                }
            }
            if (zlib) {
                out.write(new byte[] {
                    (byte) (adler32 >>> 24), (byte) (adler32 >>> 16), (byte) (adler32 >>> 8), (byte) adler32
                });
            }
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
        state = State.FINISHED;
        release();
    }

    private void ensureOpen() throws IOException {
        if (state == State.FAILED) {
            // a new exception: try-with-resources adds it to the first one, which must not be itself
            throw new IOException("compression had already failed: " + failure);
        }
        if (state == State.FINISHED) {
            throw new IOException("the compressed stream is already finished");
        }
    }

    private void submit(boolean last) throws IOException {
        if (workers == null) {
            workers = Executors.newFixedThreadPool(threads, new DeflateWorkerThreads());
        }
        byte[] input = block;
        int length = filled;
        byte[] before = previous;
        pending.add(workers.submit(() -> deflate(input, length, before, last)));
        previous = block;
        block = last ? null : new byte[BLOCK];
        filled = 0;
        while (pending.size() >= threads * IN_FLIGHT_PER_THREAD
                || (!pending.isEmpty() && pending.peek().isDone())) {
            writeOldest();
        }
    }

    /** On a worker (or, for a single block, the caller): one block deflated, and its Adler-32 for ZLIB. */
    private Deflated deflate(byte[] input, int length, byte[] before, boolean last) throws IOException {
        BlockDeflater deflater = idle.poll();
        if (deflater == null) {
            deflater = deflaters.create();
        }
        boolean ok = false;
        try {
            int dictionary = before == null ? 0 : Math.min(deflater.window(), before.length);
            byte[] bytes = deflater.deflate(
                    input,
                    length,
                    before == null ? NO_DICTIONARY : before,
                    before == null ? 0 : before.length - dictionary,
                    dictionary,
                    last);
            long adler = 0;
            if (zlib) {
                Adler32 sum = new Adler32();
                sum.update(input, 0, length);
                adler = sum.getValue();
            }
            ok = true;
            return new Deflated(bytes, length, adler);
        } finally {
            if (ok) {
                idle.add(deflater);
            } else {
                deflater.end(); // its state is unknown after a failure
            }
        }
    }

    private void writeOldest() throws IOException {
        Future<Deflated> oldest = pending.remove();
        try {
            writeOut(oldest.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while compressing");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new IOException(Reasons.of(cause), cause);
        }
    }

    private void writeOut(Deflated deflated) throws IOException {
        out.write(deflated.bytes());
        if (zlib) {
            adler32 = Adler32Combine.combine(adler32, deflated.adler32(), deflated.inputLength());
        }
    }

    /** After any failure: no more writes, the workers stopped, everything freed. */
    private void fail(Throwable cause) {
        if (state == State.FAILED) {
            return;
        }
        state = State.FAILED;
        failure = Reasons.of(cause);
        for (Future<Deflated> f : pending) {
            f.cancel(true);
        }
        pending.clear();
        release();
    }

    /**
     * Stops the workers and waits until none runs (a block takes milliseconds), so no deflater is in use when they are
     * all ended; an interrupt during the wait is kept for the caller.
     */
    private void release() {
        block = null;
        previous = null;
        if (workers != null) {
            workers.shutdownNow();
            boolean interrupted = Thread.interrupted();
            while (true) {
                try {
                    if (workers.awaitTermination(1, TimeUnit.SECONDS)) {
                        break;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        for (BlockDeflater d; (d = idle.poll()) != null; ) {
            d.end();
        }
    }
}
