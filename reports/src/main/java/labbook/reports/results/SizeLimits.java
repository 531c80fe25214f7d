package labbook.reports.results;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import labbook.core.LabException;

/**
 * Reading a file under a size limit: a file over it is refused before a byte is read, and one that grows past it while
 * being read is cut off there, so a huge or growing file ends the build with one line naming it instead of filling the
 * heap.
 */
final class SizeLimits {
    private SizeLimits() {}

    /** A file's bytes, refused before reading when over {@code limit}, and cut off there if it grows. */
    static InputStream open(Path file, long limit) throws IOException {
        long size = Files.size(file);
        if (size > limit) {
            throw new OverLimit();
        }
        return new Bounded(Files.newInputStream(file), limit);
    }

    /**
     * A failed read of {@code file} ({@code what}: "a results CSV") as one line: over the limit, not UTF-8, or the
     * reason.
     */
    static LabException failed(String action, Path file, long limit, String what, Throwable e) {
        if (isOverLimit(e)) {
            return overLimit(file, limit, what);
        }
        if (e instanceof CharacterCodingException) {
            return new LabException(file + ": not UTF-8 text", e);
        }
        return LabException.cannot(action, file, e);
    }

    static LabException overLimit(Path file, long limit, String what) {
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            size = -1;
        }
        return new LabException(file + ": " + (size > limit ? megabytes(size) + ", " : "") + "over the "
                + megabytes(limit) + " limit for " + what);
    }

    /** Whether {@code e} or one of its causes is a read that passed its limit (parsers wrap it). */
    static boolean isOverLimit(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OverLimit) {
                return true;
            }
        }
        return false;
    }

    private static String megabytes(long bytes) {
        return bytes >= (1 << 20) ? (bytes + (1 << 20) - 1) / (1 << 20) + " MB" : bytes + " bytes";
    }

    /** Thrown inside a read that passes its limit. */
    private static final class OverLimit extends IOException {
        OverLimit() {
            super("over the size limit");
        }
    }

    /** An input stream that fails once more than {@code limit} bytes have been read. */
    private static final class Bounded extends FilterInputStream {
        private final long limit;
        private long read;

        Bounded(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count(skipped);
            return skipped;
        }

        private void count(long n) throws OverLimit {
            read += n;
            if (read > limit) {
                throw new OverLimit();
            }
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }
}
