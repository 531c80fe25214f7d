package labbook.filecrypt.pgp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.incubator.foreign.CLinker;
import jdk.incubator.foreign.FunctionDescriptor;
import jdk.incubator.foreign.MemoryAccess;
import jdk.incubator.foreign.MemoryAddress;
import jdk.incubator.foreign.MemorySegment;
import jdk.incubator.foreign.ResourceScope;
import jdk.incubator.foreign.SymbolLookup;

/**
 * gpg's own ZIP deflate, the system zlib with an 8 KiB window ({@code deflateInit2(level,
 * Z_DEFLATED, -13, 8, Z_DEFAULT_STRATEGY)}), called through JDK 17's foreign-function API.
 *
 * <p>Why: the JDK's {@code Deflater} is this same native zlib but always opens a 32 KiB window, so
 * it cannot write gpg's sizes; JZlib can, but as pure Java it takes about twice zlib's time. With
 * zlib itself the compression costs what it costs gpg, and only the encryption layer differs.
 *
 * <p>Needs {@code --add-modules jdk.incubator.foreign --enable-native-access=ALL-UNNAMED} (see
 * {@link FastPath#JVM_FLAGS}); without them {@link #available()} is false and callers fall back to JZlib.
 * Every type of the incubator module stays inside this class, which is only loaded once the module
 * is known to be there.
 */
public final class NativeZlib {
    /** The JVM flags that make this class usable (part of {@link FastPath#JVM_FLAGS}). */
    static final List<String> NATIVE_FLAGS = List.of("--add-modules", "jdk.incubator.foreign",
            "--enable-native-access=ALL-UNNAMED");

    private static final List<String> LIBRARIES = List.of("/lib/x86_64-linux-gnu/libz.so.1",
            "/usr/lib/x86_64-linux-gnu/libz.so.1", "/lib/aarch64-linux-gnu/libz.so.1",
            "/usr/lib/aarch64-linux-gnu/libz.so.1", "/usr/lib64/libz.so.1", "/lib64/libz.so.1", "/usr/lib/libz.so.1");

    private NativeZlib() {
    }

    /** Whether native zlib can be called here (the incubator module, native access and libz.so.1). */
    public static boolean available() {
        return Probe.AVAILABLE;
    }

    /** A raw-deflate stream (gpg's ZIP) writing compressed bytes to {@code out}; close() finishes it, not {@code out}. */
    public static OutputStream rawDeflate(OutputStream out, int level, int windowBits) throws IOException {
        if (!available()) {
            throw new IOException("native zlib is not available in this JVM (needs " + String.join(" ", NATIVE_FLAGS) + ")");
        }
        return new Binding.DeflateStream(out, level, windowBits);
    }

    /** A native deflate stream that can also read its input straight from a file into native memory. */
    public interface ChannelSource {
        /** Deflates everything {@code channel} holds; returns the number of bytes read. */
        long deflateAll(ReadableByteChannel channel) throws IOException;
    }

    private static final class Probe {
        static final boolean AVAILABLE = probe();

        private static boolean probe() {
            if (ModuleLayer.boot().findModule("jdk.incubator.foreign").isEmpty()) {
                return false;
            }
            try {
                return Binding.load();
            } catch (Throwable notHere) {
                return false;
            }
        }
    }

    /** The zlib calls. z_stream on LP64: next_in 0, avail_in 8, next_out 24, avail_out 32, 112 bytes in all. */
    private static final class Binding {
        private static final long Z_STREAM_SIZE = 112;
        private static final long NEXT_IN = 0;
        private static final long AVAIL_IN = 8;
        private static final long NEXT_OUT = 24;
        private static final long AVAIL_OUT = 32;
        private static final int Z_OK = 0;
        private static final int Z_STREAM_END = 1;
        private static final int Z_BUF_ERROR = -5;
        private static final int Z_NO_FLUSH = 0;
        private static final int Z_FINISH = 4;
        private static final int CHUNK = 1 << 16;

        private static MethodHandle deflateInit2;
        private static MethodHandle deflate;
        private static MethodHandle deflateEnd;
        private static String version;

        static boolean load() throws Throwable {
            Path lib = LIBRARIES.stream().map(Path::of).filter(Files::isRegularFile).findFirst().orElse(null);
            if (lib == null) {
                return false;
            }
            System.load(lib.toString());
            SymbolLookup lookup = SymbolLookup.loaderLookup();
            CLinker linker = CLinker.getInstance();
            MethodHandle zlibVersion = linker.downcallHandle(lookup.lookup("zlibVersion").orElseThrow(),
                    MethodType.methodType(MemoryAddress.class), FunctionDescriptor.of(CLinker.C_POINTER));
            version = CLinker.toJavaString((MemoryAddress) zlibVersion.invokeExact());
            deflateInit2 = linker.downcallHandle(lookup.lookup("deflateInit2_").orElseThrow(),
                    MethodType.methodType(int.class, MemoryAddress.class, int.class, int.class, int.class, int.class,
                            int.class, MemoryAddress.class, int.class),
                    FunctionDescriptor.of(CLinker.C_INT, CLinker.C_POINTER, CLinker.C_INT, CLinker.C_INT, CLinker.C_INT,
                            CLinker.C_INT, CLinker.C_INT, CLinker.C_POINTER, CLinker.C_INT));
            deflate = linker.downcallHandle(lookup.lookup("deflate").orElseThrow(),
                    MethodType.methodType(int.class, MemoryAddress.class, int.class),
                    FunctionDescriptor.of(CLinker.C_INT, CLinker.C_POINTER, CLinker.C_INT));
            deflateEnd = linker.downcallHandle(lookup.lookup("deflateEnd").orElseThrow(),
                    MethodType.methodType(int.class, MemoryAddress.class),
                    FunctionDescriptor.of(CLinker.C_INT, CLinker.C_POINTER));
            return version.startsWith("1.");
        }

        static final class DeflateStream extends OutputStream implements ChannelSource {
            private final OutputStream out;
            private final ResourceScope scope = ResourceScope.newConfinedScope();
            private final MemorySegment stream;
            private final MemorySegment in;
            private final MemorySegment outBuffer;
            private final byte[] heapOut = new byte[CHUNK];
            private final byte[] one = new byte[1];
            private boolean closed;

            DeflateStream(OutputStream out, int level, int windowBits) throws IOException {
                this.out = out;
                stream = MemorySegment.allocateNative(Z_STREAM_SIZE, 16, scope);
                stream.fill((byte) 0);
                in = MemorySegment.allocateNative(CHUNK, 16, scope);
                outBuffer = MemorySegment.allocateNative(CHUNK, 16, scope);
                int rc;
                try {
                    MemorySegment v = CLinker.toCString(version, scope);
                    rc = (int) deflateInit2.invokeExact(stream.address(), level, 8, -windowBits, 8, 0, v.address(),
                            (int) Z_STREAM_SIZE);
                } catch (Throwable t) {
                    scope.close();
                    throw new IOException("zlib deflateInit2 failed: " + t, t);
                }
                if (rc != Z_OK) {
                    scope.close();
                    throw new IOException("zlib deflateInit2 returned " + rc);
                }
            }

            @Override
            public void write(int b) throws IOException {
                one[0] = (byte) b;
                write(one, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                MemorySegment heap = MemorySegment.ofArray(b);
                while (len > 0) {
                    int n = Math.min(len, CHUNK);
                    in.copyFrom(heap.asSlice(off, n));
                    deflateInput(n);
                    off += n;
                    len -= n;
                }
            }

            /**
             * The file's bytes go from the kernel straight into zlib's input buffer: no copy through
             * the Java heap (gpg's path: read(2) into a buffer, deflate from it).
             */
            @Override
            public long deflateAll(ReadableByteChannel channel) throws IOException {
                ByteBuffer buffer = in.asByteBuffer();
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
                MemoryAccess.setAddressAtOffset(stream, NEXT_IN, in.address());
                MemoryAccess.setIntAtOffset(stream, AVAIL_IN, n);
                do {
                    run(Z_NO_FLUSH);
                } while (MemoryAccess.getIntAtOffset(stream, AVAIL_IN) > 0
                        || MemoryAccess.getIntAtOffset(stream, AVAIL_OUT) == 0);
            }

            /** One deflate call into the empty output buffer; what it produced goes downstream. */
            private int run(int flush) throws IOException {
                MemoryAccess.setAddressAtOffset(stream, NEXT_OUT, outBuffer.address());
                MemoryAccess.setIntAtOffset(stream, AVAIL_OUT, CHUNK);
                int rc;
                try {
                    rc = (int) deflate.invokeExact(stream.address(), flush);
                } catch (Throwable t) {
                    throw new IOException("zlib deflate failed: " + t, t);
                }
                if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
                    throw new IOException("zlib deflate returned " + rc);
                }
                int produced = CHUNK - MemoryAccess.getIntAtOffset(stream, AVAIL_OUT);
                if (produced > 0) {
                    MemorySegment.ofArray(heapOut).asSlice(0, produced).copyFrom(outBuffer.asSlice(0, produced));
                    out.write(heapOut, 0, produced);
                }
                return rc;
            }

            @Override
            public void close() throws IOException {
                if (closed) {
                    return;
                }
                closed = true;
                try {
                    MemoryAccess.setIntAtOffset(stream, AVAIL_IN, 0);
                    while (run(Z_FINISH) != Z_STREAM_END) {
                        // each call fills at most one output buffer
                    }
                } finally {
                    try {
                        int ignored = (int) deflateEnd.invokeExact(stream.address());
                    } catch (Throwable t) {
                        // the stream is finished; freeing zlib's state is all that failed
                    }
                    scope.close();
                }
            }
        }
    }
}
