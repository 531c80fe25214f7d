package labbook.filecrypt.pgp;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * {@link NativeZlib}'s binding on JDK 22 and later: the final {@code java.lang.foreign} (JEP 454).
 * Compiled with {@code --release 22} from {@code src/main/java22} (see the module pom) and loaded
 * only on JDK 22+. Needs {@code --enable-native-access=ALL-UNNAMED}: without it the constructor
 * refuses (rather than letting the JDK print its restricted-method warning) and callers use JZlib.
 */
final class FfmZlib implements NativeZlib.Binding {
    private final MethodHandle deflateInit2;
    private final MethodHandle deflate;
    private final MethodHandle deflateEnd;
    private final MethodHandle deflateReset;
    private final MethodHandle deflateSetDictionary;
    private final String version;

    FfmZlib(Path library) throws Throwable {
        if (!FfmZlib.class.getModule().isNativeAccessEnabled()) {
            throw new IllegalStateException("native access is not enabled for " + FfmZlib.class.getModule());
        }
        SymbolLookup lookup = SymbolLookup.libraryLookup(library, Arena.global());
        Linker linker = Linker.nativeLinker();
        MethodHandle zlibVersion = linker.downcallHandle(lookup.find("zlibVersion").orElseThrow(),
                FunctionDescriptor.of(ADDRESS));
        version = ((MemorySegment) zlibVersion.invokeExact()).reinterpret(64).getString(0);
        if (!version.startsWith("1.")) {
            throw new IllegalStateException(library + " is zlib " + version + ", not 1.x");
        }
        deflateInit2 = linker.downcallHandle(lookup.find("deflateInit2_").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
        deflate = linker.downcallHandle(lookup.find("deflate").orElseThrow(), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        deflateEnd = linker.downcallHandle(lookup.find("deflateEnd").orElseThrow(), FunctionDescriptor.of(JAVA_INT, ADDRESS));
        deflateReset = linker.downcallHandle(lookup.find("deflateReset").orElseThrow(), FunctionDescriptor.of(JAVA_INT, ADDRESS));
        deflateSetDictionary = linker.downcallHandle(lookup.find("deflateSetDictionary").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public String api() {
        return "java.lang.foreign";
    }

    @Override
    public NativeZlib.DeflateStream rawDeflate(OutputStream out, int level, int windowBits, boolean shared)
            throws IOException {
        return new Stream(out, level, windowBits, shared ? Arena.ofShared() : Arena.ofConfined());
    }

    private final class Stream extends NativeZlib.DeflateStream {
        private final Arena arena;
        private final MemorySegment stream;
        private final MemorySegment in;
        private final MemorySegment outBuffer;

        Stream(OutputStream out, int level, int windowBits, Arena arena) throws IOException {
            super(out);
            this.arena = arena;
            stream = arena.allocate(NativeZlib.Z_STREAM_SIZE, 16);
            stream.fill((byte) 0);
            in = arena.allocate(NativeZlib.CHUNK, 16);
            outBuffer = arena.allocate(NativeZlib.CHUNK, 16);
            int rc;
            try {
                MemorySegment v = arena.allocateFrom(version);
                rc = (int) deflateInit2.invokeExact(stream, level, 8, -windowBits, 8, 0, v, (int) NativeZlib.Z_STREAM_SIZE);
            } catch (Throwable t) {
                arena.close();
                throw new IOException("zlib deflateInit2 failed: " + t, t);
            }
            if (rc != 0) {
                arena.close();
                throw new IOException("zlib deflateInit2 returned " + rc);
            }
        }

        @Override
        void copyIn(byte[] b, int off, int n) {
            MemorySegment.copy(b, off, in, JAVA_BYTE, 0, n);
        }

        @Override
        ByteBuffer inputBuffer() {
            return in.asByteBuffer();
        }

        @Override
        void setInput(int n) {
            stream.set(ADDRESS, NativeZlib.NEXT_IN, in);
            stream.set(JAVA_INT, NativeZlib.AVAIL_IN, n);
        }

        @Override
        int deflate(int flush) throws IOException {
            stream.set(ADDRESS, NativeZlib.NEXT_OUT, outBuffer);
            stream.set(JAVA_INT, NativeZlib.AVAIL_OUT, NativeZlib.CHUNK);
            try {
                return (int) deflate.invokeExact(stream, flush);
            } catch (Throwable t) {
                throw new IOException("zlib deflate failed: " + t, t);
            }
        }

        @Override
        int availIn() {
            return stream.get(JAVA_INT, NativeZlib.AVAIL_IN);
        }

        @Override
        int availOut() {
            return stream.get(JAVA_INT, NativeZlib.AVAIL_OUT);
        }

        @Override
        void copyOut(byte[] dst, int n) {
            MemorySegment.copy(outBuffer, JAVA_BYTE, 0, dst, 0, n);
        }

        @Override
        int callReset() throws Throwable {
            return (int) deflateReset.invokeExact(stream);
        }

        @Override
        int callSetDictionary(int n) throws Throwable {
            return (int) deflateSetDictionary.invokeExact(stream, in, n);
        }

        @Override
        void end() {
            try {
                int ignored = (int) deflateEnd.invokeExact(stream);
            } catch (Throwable t) {
                // the stream is finished; freeing zlib's state is all that failed
            }
            arena.close();
        }
    }
}
