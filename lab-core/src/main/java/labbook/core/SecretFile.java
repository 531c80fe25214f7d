package labbook.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Passwords and passphrases come from files, never from the command line (where {@code ps} shows them). Errors name the
 * file, never its content. A secret is short: more than {@link #MAX_BYTES} is refused (so {@code /dev/zero} or a wrong
 * path to a large file ends in one line, not in memory exhausted).
 */
public final class SecretFile {
    /** The most a password or passphrase file may hold. */
    public static final int MAX_BYTES = 64 * 1024;

    private SecretFile() {}

    /** The file's bytes; {@code what} names it in errors ("password file", "passphrase file"). */
    public static byte[] read(Path file, String what) {
        if (Files.isDirectory(file)) {
            throw new LabException("cannot read " + what + " " + file + ": is a folder");
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new LabException(what + " " + file + " holds more than " + MAX_BYTES / 1024
                        + " KiB: not a password (is it the right file?)");
            }
            return bytes;
        } catch (IOException e) {
            throw LabException.cannot("read " + what, file, e);
        }
    }
}
