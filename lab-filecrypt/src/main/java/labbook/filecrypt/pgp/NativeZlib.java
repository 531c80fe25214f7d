package labbook.filecrypt.pgp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.List;
import labbook.core.Launch;

/**
 * gpg's own ZIP deflate, the system zlib with an 8 KiB window ({@code deflateInit2(level, Z_DEFLATED, -13, 8,
 * Z_DEFAULT_STRATEGY)}), called through the JDK's foreign-function API.
 *
 * <p>Why: the JDK's {@code Deflater} is this same native zlib but always opens a 32 KiB window, so it cannot write
 * gpg's sizes; JZlib can, but as pure Java it takes about twice zlib's time. With zlib itself the compression costs
 * what it costs gpg, and only the encryption layer differs.
 *
 * <p>Two bindings, chosen at run time by the running JDK: on JDK 17-21 {@link JniZlib}, the lab's JNI library (those
 * JDKs' foreign-function API is an incubator module, whose use prints a warning at every start); on JDK 22 and later
 * {@code FfmZlib}, on the final {@code java.lang.foreign} (its source is in {@code src/main/java22}, compiled with
 * {@code --release 22} into the same classes folder when the build has a JDK 22+ javac; see the module pom). A run-time
 * choice rather than a multi-release JAR because tests and {@code mvn exec:java} run from {@code target/classes}, where
 * versioned classes are never picked. JDK 22+ needs its JVM flag ({@link #jvmFlags()}); without it, without a JDK 22+
 * build of {@code FfmZlib}, or where the JNI library cannot be built, {@link #available()} is false and callers fall
 * back to JZlib. Every foreign type stays inside its binding class, loaded only on the JDK it was written for.
 *
 * <p>This class holds what both bindings share: the z_stream layout and the deflate loop.
 */
public final class NativeZlib {

    /** z_stream on LP64: next_in 0, avail_in 8, next_out 24, avail_out 32, 112 bytes in all. */
    static final long Z_STREAM_SIZE = 112;

    static final long NEXT_IN = 0;
    static final long AVAIL_IN = 8;
    static final long NEXT_OUT = 24;
    static final long AVAIL_OUT = 32;
    /** Input and output buffer size. */
    static final int CHUNK = 1 << 16;

    private static final int Z_OK = 0;
    private static final int Z_STREAM_END = 1;
    private static final int Z_BUF_ERROR = -5;
    private static final int Z_NO_FLUSH = 0;
    private static final int Z_SYNC_FLUSH = 2;
    private static final int Z_FINISH = 4;

    /** The Debian package of zlib's headers, which the JNI binding of JDK 17-21 ({@link JniZlib}) is built with. */
    public static final String HEADERS_PACKAGE = "zlib1g-dev";

    private NativeZlib() {}

    /**
     * The JVM flags native zlib needs, as lab-filecrypt's pom declares them for the JDK that built it ({@link Launch}):
     * {@code --enable-native-access=ALL-UNNAMED} (which JDK 22+ needs for the foreign-function API, and JDK 24+ for JNI
     * without a warning).
     */
    public static List<String> jvmFlags() {
        return Launch.onClassPath("filecrypt").jvmFlags();
    }

    /** Whether native zlib can be called here (the JDK's foreign API, native access and libz.so.1). */
    public static boolean available() {
        return ZlibProbe.BINDING != null;
    }

    /** "zlib 1.2.13 via java.lang.foreign", or why not. */
    public static String describe() {
        return ZlibProbe.BINDING != null
                ? "zlib " + ZlibProbe.BINDING.version() + " via " + ZlibProbe.BINDING.api()
                : ZlibProbe.whyNot;
    }

    /**
     * A raw-deflate stream (gpg's ZIP) writing compressed bytes to {@code out}; close() finishes it, not {@code out}.
     */
    public static OutputStream rawDeflate(OutputStream out, int level, int windowBits) throws IOException {
        if (!available()) {
            throw new IOException("native zlib is not available in this JVM: " + ZlibProbe.whyNot);
        }
        return ZlibProbe.BINDING.rawDeflate(out, level, windowBits, false);
    }

    /**
     * A raw-deflate stream for one block after another ({@link DeflateStream#reset()},
     * {@link DeflateStream#setDictionary}, {@link DeflateStream#syncFlush()}), on native memory that any thread may
     * use: a parallel deflate's workers take it from a pool one block at a time.
     */
    static DeflateStream sharedRawDeflate(OutputStream out, int level, int windowBits) throws IOException {
        if (!available()) {
            throw new IOException("native zlib is not available in this JVM: " + ZlibProbe.whyNot);
        }
        return ZlibProbe.BINDING.rawDeflate(out, level, windowBits, true);
    }

    /** A native deflate stream that can also read its input straight from a file into native memory. */
    public interface ChannelSource {
        /** Deflates everything {@code channel} holds; returns the number of bytes read. */
        long deflateAll(ReadableByteChannel channel) throws IOException;
    }

    /**
     * One JDK's way of calling zlib; an implementation's constructor takes the library and fails if it cannot call it.
     */
    interface Binding {
        /** zlib's own version string. */
        String version();

        /** How zlib is called: "JNI" or "java.lang.foreign". */
        String api();

        /**
         * {@code shared}: the native memory may be used and freed by any thread, one at a time (a pool's); otherwise
         * only by the creating thread, which costs nothing to free.
         */
        DeflateStream rawDeflate(OutputStream out, int level, int windowBits, boolean shared) throws IOException;
    }

    /**
     * A raw-deflate stream on native memory: the deflate loop, with the binding's foreign calls behind the abstract
     * methods. Writes go through a native input buffer; each deflate call fills at most one native output buffer,
     * copied downstream.
     */
    abstract static class DeflateStream extends BlockWriteStream implements ChannelSource {
        private final OutputStream out;
        private final byte[] heapOut = new byte[CHUNK];
        private boolean closed;

        DeflateStream(OutputStream out) {
            this.out = out;
        }

        /** Copies {@code n} bytes of {@code b} from {@code off} to the start of the native input buffer. */
        abstract void copyIn(byte[] b, int off, int n);

        /** The native input buffer as a ByteBuffer (position 0, capacity {@link #CHUNK}). */
        abstract ByteBuffer inputBuffer();

        /** Sets next_in to the input buffer and avail_in to {@code n}. */
        abstract void setInput(int n);

        /** Sets next_out to the output buffer and avail_out to {@link #CHUNK}, then calls deflate(flush). */
        abstract int deflate(int flush) throws IOException;

        abstract int availIn();

        abstract int availOut();

        /** Copies the first {@code n} bytes of the native output buffer into {@code dst}. */
        abstract void copyOut(byte[] dst, int n);

        /** Calls deflateReset; returns its code. */
        abstract int callReset() throws Throwable;

        /** Calls deflateSetDictionary on the first {@code n} bytes of the native input buffer; returns its code. */
        abstract int callSetDictionary(int n) throws Throwable;

        /** deflateEnd and the native memory freed. */
        abstract void end();

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            while (len > 0) {
                int n = Math.min(len, CHUNK);
                copyIn(b, off, n);
                deflateInput(n);
                off += n;
                len -= n;
            }
        }

        /**
         * The file's bytes go from the kernel straight into zlib's input buffer: no copy through the Java heap (gpg's
         * path: read(2) into a buffer, deflate from it).
         */
        @Override
        public long deflateAll(ReadableByteChannel channel) throws IOException {
            ByteBuffer buffer = inputBuffer();
            long total = 0;
            while (true) {
                buffer.clear();
                int n = channel.read(buffer);
                if (n < 0) {
                    return total;
                }
                if (n == 0) {
                    continue;
                }
                total += n;
                deflateInput(n);
            }
        }

        /** Deflates the first {@code n} bytes of the input buffer until zlib has taken them all. */
        private void deflateInput(int n) throws IOException {
            setInput(n);
            do {
                run(Z_NO_FLUSH);
            } while (availIn() > 0 || availOut() == 0);
        }

        /** One deflate call into the empty output buffer; what it produced goes downstream. */
        private int run(int flush) throws IOException {
            int rc = deflate(flush);
            if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
                throw new IOException("zlib deflate returned " + rc);
            }
            int produced = CHUNK - availOut();
            if (produced > 0) {
                copyOut(heapOut, produced);
                out.write(heapOut, 0, produced);
            }
            return rc;
        }

        /**
         * Everything written so far goes downstream, ending on a byte boundary (an empty stored block), and the stream
         * stays open: what follows continues the same deflate stream.
         */
        void syncFlush() throws IOException {
            setInput(0);
            do {
                run(Z_SYNC_FLUSH);
            } while (availOut() == 0);
        }

        /** Writes the final block; the stream takes no more input until {@link #reset()}. */
        void finish() throws IOException {
            setInput(0);
            while (run(Z_FINISH) != Z_STREAM_END) {
                // each call fills at most one output buffer
            }
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            try {
                finish();
            } finally {
                end();
            }
        }

        /**
         * deflateReset: a new raw-deflate stream on the same native state, level and window (no allocation), for the
         * next block.
         */
        void reset() throws IOException {
            check("deflateReset", this::callReset);
        }

        /** deflateSetDictionary with {@code n} bytes of {@code b} from {@code off} (at most {@link #CHUNK}). */
        void setDictionary(byte[] b, int off, int n) throws IOException {
            copyIn(b, off, n);
            check("deflateSetDictionary", () -> callSetDictionary(n));
        }

        /** A zlib call that returns a code. */
        @FunctionalInterface
        interface ZlibCall {
            int call() throws Throwable;
        }

        /** Runs {@code call}; a throw or any code but Z_OK becomes an IOException naming {@code function}. */
        private static void check(String function, ZlibCall call) throws IOException {
            int rc;
            try {
                rc = call.call();
            } catch (Throwable t) {
                throw new IOException("zlib " + function + " failed: " + t, t);
            }
            if (rc != Z_OK) {
                throw new IOException("zlib " + function + " returned " + rc);
            }
        }

        /** Frees the native state without finishing the stream (after a failure, or once finished). */
        void release() {
            if (!closed) {
                closed = true;
                end();
            }
        }
    }
}
