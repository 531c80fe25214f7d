package labbook.filecrypt.pgp;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.function.Function;
import labbook.core.LabException;
import labbook.core.PartialFile;

/**
 * Writes a file whole or not at all, through lab-core's {@link PartialFile}: into a hidden temporary file (mode 0600,
 * since it may hold plaintext) beside the target, renamed over it only once the writer returned normally. On any
 * failure, and on SIGTERM or SIGINT, the temporary file is deleted and an existing target is left as it was; one left
 * by a killed run goes at the next write of the same target.
 */
public final class SafeOutput {
    /** The writing step; it may throw, and then nothing appears. */
    @FunctionalInterface
    public interface Writer {
        void writeTo(OutputStream out) throws Exception;
    }

    private SafeOutput() {}

    public static void write(Path target, Writer writer, Function<Exception, LabException> onFailure) {
        try (PartialFile partial = PartialFile.create(target, true)) {
            try (OutputStream out = new BufferedOutputStream(partial.newOutputStream(), 1 << 16)) {
                writer.writeTo(out);
            }
            // no fsync, as gpg does none: bcpg's wall time is compared with gpg's
            partial.commit(false);
        } catch (LabException e) {
            throw e;
        } catch (Exception e) {
            throw onFailure.apply(e);
        }
    }
}
