package labbook.filecrypt.pgp;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import jdk.incubator.foreign.CLinker;
import jdk.incubator.foreign.FunctionDescriptor;
import jdk.incubator.foreign.MemoryAccess;
import jdk.incubator.foreign.MemoryAddress;
import jdk.incubator.foreign.MemorySegment;
import jdk.incubator.foreign.ResourceScope;
import jdk.incubator.foreign.SymbolLookup;

/**
 * {@link NativeZlib}'s binding on JDK 17: the incubating {@code jdk.incubator.foreign} (JEP 412). Needs
 * {@code --add-modules jdk.incubator.foreign --enable-native-access=ALL-UNNAMED}; loaded only on JDK 17 (the API
 * changed in every release until it was final in 22).
 */
final class IncubatorZlib implements NativeZlib.Binding {
    private final MethodHandle deflateInit2;
    private final MethodHandle deflate;
    private final MethodHandle deflateEnd;
    private final MethodHandle deflateReset;
    private final MethodHandle deflateSetDictionary;
    private final String version;

    IncubatorZlib(Path library) throws Throwable {
        System.load(library.toString());
        SymbolLookup lookup = SymbolLookup.loaderLookup();
        CLinker linker = CLinker.getInstance();
        MethodHandle zlibVersion = linker.downcallHandle(
                lookup.lookup("zlibVersion").orElseThrow(),
                MethodType.methodType(MemoryAddress.class),
                FunctionDescriptor.of(CLinker.C_POINTER));
        version = CLinker.toJavaString((MemoryAddress) zlibVersion.invokeExact());
        if (!version.startsWith("1.")) {
            throw new IllegalStateException(library + " is zlib " + version + ", not 1.x");
        }
        deflateInit2 = linker.downcallHandle(
                lookup.lookup("deflateInit2_").orElseThrow(),
                MethodType.methodType(
                        int.class,
                        MemoryAddress.class,
                        int.class,
                        int.class,
                        int.class,
                        int.class,
                        int.class,
                        MemoryAddress.class,
                        int.class),
                FunctionDescriptor.of(
                        CLinker.C_INT,
                        CLinker.C_POINTER,
                        CLinker.C_INT,
                        CLinker.C_INT,
                        CLinker.C_INT,
                        CLinker.C_INT,
                        CLinker.C_INT,
                        CLinker.C_POINTER,
                        CLinker.C_INT));
        deflate = linker.downcallHandle(
                lookup.lookup("deflate").orElseThrow(),
                MethodType.methodType(int.class, MemoryAddress.class, int.class),
                FunctionDescriptor.of(CLinker.C_INT, CLinker.C_POINTER, CLinker.C_INT));
        deflateEnd = linker.downcallHandle(
                lookup.lookup("deflateEnd").orElseThrow(),
                MethodType.methodType(int.class, MemoryAddress.class),
                FunctionDescriptor.of(CLinker.C_INT, CLinker.C_POINTER));
        deflateReset = linker.downcallHandle(
                lookup.lookup("deflateReset").orElseThrow(),
                MethodType.methodType(int.class, MemoryAddress.class),
                FunctionDescriptor.of(CLinker.C_INT, CLinker.C_POINTER));
        deflateSetDictionary = linker.downcallHandle(
                lookup.lookup("deflateSetDictionary").orElseThrow(),
                MethodType.methodType(int.class, MemoryAddress.class, MemoryAddress.class, int.class),
                FunctionDescriptor.of(CLinker.C_INT, CLinker.C_POINTER, CLinker.C_POINTER, CLinker.C_INT));
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public String api() {
        return "jdk.incubator.foreign";
    }

    @Override
    public NativeZlib.DeflateStream rawDeflate(OutputStream out, int level, int windowBits, boolean shared)
            throws IOException {
        return new Stream(
                out, level, windowBits, shared ? ResourceScope.newSharedScope() : ResourceScope.newConfinedScope());
    }

    private final class Stream extends NativeZlib.DeflateStream {
        private final ResourceScope scope;
        private final MemorySegment stream;
        private final MemorySegment in;
        private final MemorySegment outBuffer;

        Stream(OutputStream out, int level, int windowBits, ResourceScope scope) throws IOException {
            super(out);
            this.scope = scope;
            stream = MemorySegment.allocateNative(NativeZlib.Z_STREAM_SIZE, 16, scope);
            stream.fill((byte) 0);
            in = MemorySegment.allocateNative(NativeZlib.CHUNK, 16, scope);
            outBuffer = MemorySegment.allocateNative(NativeZlib.CHUNK, 16, scope);
            int rc;
            try {
                MemorySegment v = CLinker.toCString(version, scope);
                rc = (int) deflateInit2.invokeExact(
                        stream.address(), level, 8, -windowBits, 8, 0, v.address(), (int) NativeZlib.Z_STREAM_SIZE);
            } catch (Throwable t) {
                scope.close();
                throw new IOException("zlib deflateInit2 failed: " + t, t);
            }
            if (rc != 0) {
                scope.close();
                throw new IOException("zlib deflateInit2 returned " + rc);
            }
        }

        @Override
        void copyIn(byte[] b, int off, int n) {
            in.copyFrom(MemorySegment.ofArray(b).asSlice(off, n));
        }

        @Override
        ByteBuffer inputBuffer() {
            return in.asByteBuffer();
        }

        @Override
        void setInput(int n) {
            MemoryAccess.setAddressAtOffset(stream, NativeZlib.NEXT_IN, in.address());
            MemoryAccess.setIntAtOffset(stream, NativeZlib.AVAIL_IN, n);
        }

        @Override
        int deflate(int flush) throws IOException {
            MemoryAccess.setAddressAtOffset(stream, NativeZlib.NEXT_OUT, outBuffer.address());
            MemoryAccess.setIntAtOffset(stream, NativeZlib.AVAIL_OUT, NativeZlib.CHUNK);
            try {
                return (int) deflate.invokeExact(stream.address(), flush);
            } catch (Throwable t) {
                throw new IOException("zlib deflate failed: " + t, t);
            }
        }

        @Override
        int availIn() {
            return MemoryAccess.getIntAtOffset(stream, NativeZlib.AVAIL_IN);
        }

        @Override
        int availOut() {
            return MemoryAccess.getIntAtOffset(stream, NativeZlib.AVAIL_OUT);
        }

        @Override
        void copyOut(byte[] dst, int n) {
            MemorySegment.ofArray(dst).asSlice(0, n).copyFrom(outBuffer.asSlice(0, n));
        }

        @Override
        int callReset() throws Throwable {
            return (int) deflateReset.invokeExact(stream.address());
        }

        @Override
        int callSetDictionary(int n) throws Throwable {
            return (int) deflateSetDictionary.invokeExact(stream.address(), in.address(), n);
        }

        @Override
        void end() {
            try {
                int ignored = (int) deflateEnd.invokeExact(stream.address());
            } catch (Throwable t) {
                // the stream is finished; freeing zlib's state is all that failed
            }
            scope.close();
        }
    }
}
