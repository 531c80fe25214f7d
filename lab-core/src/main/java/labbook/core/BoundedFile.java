package labbook.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.commons.io.input.BoundedInputStream;

/**
 * Every file the lab reads in whole has a size limit, checked before reading where the file has a size and while
 * reading where it has none or grows (a device such as {@code /dev/zero}, a pipe, a log being written): a wrong file
 * given as a password file, a sparse 3 GB "wallet" or a runaway CSV ends in one line naming it, not in an out-of-memory
 * error minutes later. Errors name the file and never its content, so a secret's file reads through here too.
 */
public final class BoundedFile {
    /** A password or passphrase file holds one line: far less than this. */
    public static final int SECRET_BYTES = 64 * 1024;

    private BoundedFile() {}

    /** The bytes of {@code file}, at most {@code max}; {@code what} names it in errors ("password file"). */
    public static byte[] read(Path file, String what, int max) {
        if (Files.isDirectory(file)) {
            throw new LabException(file + ": is a folder, not a " + what);
        }
        try {
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && Files.size(file) > max) {
                throw tooBig(file, what, max);
            }
            try (InputStream in = Files.newInputStream(file)) {
                byte[] b = in.readNBytes(max + 1);
                if (b.length > max) {
                    throw tooBig(file, what, max);
                }
                return b;
            }
        } catch (IOException e) {
            throw LabException.cannot("read " + what, file, e);
        } catch (OutOfMemoryError e) {
            throw new LabException(file + ": not enough memory to read this " + what + " (" + human(max) + " at most)");
        }
    }

    /**
     * A stream of {@code file} for a parser: refused before a byte is read when the file is over {@code limit}, and
     * failing once more than {@code limit} bytes have been read (a file that grows); {@link #failed} turns either into
     * one line.
     */
    public static InputStream open(Path file, long limit) throws IOException {
        if (Files.size(file) > limit) {
            throw new OverLimit();
        }
        return BoundedInputStream.builder()
                .setPath(file)
                .setMaxCount(limit + 1)
                .setOnMaxCount((max, count) -> {
                    throw new OverLimit();
                })
                .get();
    }

    /**
     * A failed read of {@code file} through {@link #open} ({@code what}: "a results CSV") as one line: over the limit,
     * not UTF-8, or the reason.
     */
    public static LabException failed(String action, Path file, long limit, String what, Throwable e) {
        if (isOverLimit(e)) {
            return overLimit(file, limit, what);
        }
        if (e instanceof CharacterCodingException) {
            return new LabException(file + ": not UTF-8 text", e);
        }
        return LabException.cannot(action, file, e);
    }

    /** "FILE: 513 MB, over the 512 MB limit for WHAT". */
    public static LabException overLimit(Path file, long limit, String what) {
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
    public static boolean isOverLimit(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OverLimit) {
                return true;
            }
        }
        return false;
    }

    private static LabException tooBig(Path file, String what, int max) {
        return new LabException(file + ": larger than " + human(max) + ", too big for a " + what);
    }

    static String human(long bytes) {
        if (bytes >= 1024 * 1024) {
            return String.format(Locale.ROOT, "%d MiB", bytes / (1024 * 1024));
        }
        return String.format(Locale.ROOT, "%d KiB", bytes / 1024);
    }

    private static String megabytes(long bytes) {
        return bytes >= (1 << 20) ? (bytes + (1 << 20) - 1) / (1 << 20) + " MB" : bytes + " bytes";
    }

    /** Thrown inside a read that passes its limit. */
    private static final class OverLimit extends IOException {
        private static final long serialVersionUID = 1L;

        OverLimit() {
            super("over the size limit");
        }
    }
}
