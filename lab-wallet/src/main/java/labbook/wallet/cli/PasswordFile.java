package labbook.wallet.cli;

import java.nio.file.Path;
import java.util.Arrays;
import labbook.core.BoundedFile;

/** A wallet password read from a file (never from the command line, where {@code ps} would show it). */
public final class PasswordFile {
    private PasswordFile() {}

    /**
     * The file's bytes (UTF-8), without one trailing newline ({@code \n} or {@code \r\n}); at most
     * {@link BoundedFile#SECRET_BYTES}. Errors name the file, never its content.
     */
    public static byte[] read(Path file) {
        byte[] b = BoundedFile.read(file, "password file", BoundedFile.SECRET_BYTES);
        int n = b.length;
        if (n > 0 && b[n - 1] == '\n') {
            n--;
            if (n > 0 && b[n - 1] == '\r') {
                n--;
            }
        }
        return Arrays.copyOf(b, n);
    }
}
