package labbook.wallet.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import labbook.core.LabException;

/**
 * KWallet's save path: write a temporary file in the target's folder (mode 0600), optionally
 * fdatasync it (today's QSaveFile; KDE4's KSaveFile did not), then rename it over the target.
 * Any failure deletes the temporary file and leaves the previous file exactly as it was.
 */
public final class SaveFile {
    private SaveFile() {
    }

    /** Saves {@code bytes} as {@code target}; returns the number of bytes written. */
    public static long write(Path target, byte[] bytes, boolean fdatasync) {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = null;
        try {
            // KSaveFile's name: <target>XXXXXX.new beside the target
            temp = Files.createTempFile(dir, target.getFileName().toString(), ".new",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                if (fdatasync) {
                    ch.force(false);
                }
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            temp = null;
            return bytes.length;
        } catch (IOException e) {
            throw new LabException("cannot save " + target + ": " + e.getMessage() + " (the previous file is unchanged)", e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // nothing more to do: the target was never touched
                }
            }
        }
    }
}
