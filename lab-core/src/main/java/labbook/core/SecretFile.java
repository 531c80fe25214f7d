package labbook.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Passwords and passphrases come from files, never from the command line (where {@code ps} shows
 * them). Errors name the file, never its content.
 */
public final class SecretFile {
    private SecretFile() {
    }

    /** The file's bytes; {@code what} names it in errors ("password file", "passphrase file"). */
    public static byte[] read(Path file, String what) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw LabException.cannot("read " + what, file, e);
        }
    }
}
