package labbook.filecrypt.pgp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import labbook.core.NativeBuild;
import labbook.core.Repo;

/**
 * {@link NativeZlib}'s binding on JDK 17-21: a small JNI library ({@code lab-filecrypt/src/main/jni/jni_zlib.c}) linked
 * to the system zlib, built with gcc on first use into {@code lab-filecrypt/target/jni-zlib/} ({@link NativeBuild}).
 *
 * <p>Why JNI there: those JDKs' foreign-function API is the incubating {@code jdk.incubator.foreign}, and a JVM that
 * resolves an incubator module prints "WARNING: Using incubator modules" on stderr before any of the lab's code runs,
 * at every encrypt. JNI needs no JVM flag. The C side keeps the z_stream and its two buffers, and this class copies
 * bytes in and out of them as the foreign-function bindings do, so the deflate loop ({@link NativeZlib.DeflateStream})
 * and its calls per buffer are the same on every JDK.
 */
final class JniZlib implements NativeZlib.Binding {
    private static final String LIBRARY = "libjni-zlib.so";
    private static final String WHAT = "the lab's zlib binding " + LIBRARY;
    private static final Path ZLIB_HEADER = Path.of("/usr/include/zlib.h");

    private final String version;

    /** Builds the library if needed and loads it; a failure is one line naming what is missing. */
    JniZlib() {
        Path module = Repo.root().resolve("lab-filecrypt");
        Path library = NativeBuild.jniLibrary(
                        WHAT,
                        "gpg's ZIP deflate",
                        LIBRARY,
                        module.resolve("src").resolve("main").resolve("jni"),
                        module.resolve("target").resolve("jni-zlib"),
                        List.of("z"),
                        Map.of(ZLIB_HEADER, NativeZlib.HEADERS_PACKAGE))
                .ensureLoaded();
        if (bufferSize() != NativeZlib.CHUNK) {
            throw new IllegalStateException(
                    library + " has buffers of " + bufferSize() + " bytes, not " + NativeZlib.CHUNK);
        }
        version = zlibVersion();
        if (!version.startsWith("1.")) {
            throw new IllegalStateException(library + " is linked to zlib " + version + ", not 1.x");
        }
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public String api() {
        return "JNI";
    }

    @Override
    public NativeZlib.DeflateStream rawDeflate(OutputStream out, int level, int windowBits, boolean shared)
            throws IOException {
        return new Stream(out, level, windowBits);
    }

    /** One deflate stream's native handle: any thread may use it, one at a time, so {@code shared} changes nothing. */
    private static final class Stream extends NativeZlib.DeflateStream {
        private final long handle;
        private final ByteBuffer input;

        Stream(OutputStream out, int level, int windowBits) throws IOException {
            super(out);
            int[] rc = new int[1];
            handle = JniZlib.init(level, windowBits, rc);
            if (handle == 0) {
                throw new IOException("zlib deflateInit2 returned " + rc[0]);
            }
            input = JniZlib.inputBuffer(handle);
        }

        @Override
        void copyIn(byte[] b, int off, int n) {
            JniZlib.copyIn(handle, b, off, n);
        }

        @Override
        ByteBuffer inputBuffer() {
            return input;
        }

        @Override
        void setInput(int n) {
            JniZlib.setInput(handle, n);
        }

        @Override
        int deflate(int flush) {
            return JniZlib.deflate(handle, flush);
        }

        @Override
        int availIn() {
            return JniZlib.availIn(handle);
        }

        @Override
        int availOut() {
            return JniZlib.availOut(handle);
        }

        @Override
        void copyOut(byte[] dst, int n) {
            JniZlib.copyOut(handle, dst, n);
        }

        @Override
        int callReset() {
            return JniZlib.reset(handle);
        }

        @Override
        int callSetDictionary(int n) {
            return JniZlib.setDictionary(handle, n);
        }

        @Override
        void end() {
            JniZlib.end(handle);
        }
    }

    // jni_zlib.c: each takes the handle init returned; end frees it

    private static native String zlibVersion();

    private static native int bufferSize();

    private static native long init(int level, int windowBits, int[] rc);

    private static native ByteBuffer inputBuffer(long handle);

    private static native void copyIn(long handle, byte[] b, int off, int n);

    private static native void setInput(long handle, int n);

    private static native int deflate(long handle, int flush);

    private static native int availIn(long handle);

    private static native int availOut(long handle);

    private static native void copyOut(long handle, byte[] dst, int n);

    private static native int reset(long handle);

    private static native int setDictionary(long handle, int n);

    private static native void end(long handle);
}
