package labbook.filecrypt.pgp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Function;
import labbook.core.AtomicFiles;
import labbook.core.LabException;

/**
 * Writes a file whole or not at all: into a hidden temporary file (mode 0600, since it may hold
 * plaintext) beside the target, renamed over it only once the writer returned normally. On any
 * failure the temporary file is deleted and an existing target is left as it was.
 */
public final class SafeOutput {
    /** The writing step; it may throw, and then nothing appears. */
    @FunctionalInterface
    public interface Writer {
        void writeTo(OutputStream out) throws Exception;
    }

    private SafeOutput() {
    }

    public static void write(Path target, Writer writer, Function<Exception, LabException> onFailure) {
        Path dir = target.toAbsolutePath().getParent();
        Path temp;
        try {
            temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".partial",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (IOException e) {
            throw new LabException("cannot write in " + dir + ": " + e.getMessage(), e);
        }
        boolean done = false;
        try {
            try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(temp), 1 << 16)) {
                writer.writeTo(out);
            }
            AtomicFiles.replace(temp, target);
            done = true;
        } catch (LabException e) {
            throw e;
        } catch (Exception e) {
            throw onFailure.apply(e);
        } finally {
            if (!done) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // nothing more can be done; the name starts with a dot and ends in .partial
                }
            }
        }
    }
}
