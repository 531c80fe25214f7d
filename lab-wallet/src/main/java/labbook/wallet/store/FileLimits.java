package labbook.wallet.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import labbook.core.LabException;

/**
 * Every file the wallet tools read has a size limit, checked while reading (a device such as {@code /dev/zero} or a
 * pipe has no size to check first): a wrong file given as a password file, a sparse 3 GB "wallet" or a runaway JSON
 * document ends in one line naming it, not in an out-of-memory error minutes later.
 */
public final class FileLimits {
    /** A password file holds one line: far less than this. */
    public static final int PASSWORD_BYTES = 64 * 1024;
    /** A .salt file holds 56 bytes. */
    public static final int SALT_BYTES = 4 * 1024;
    /** A wallet: 64 MiB, over half a million entries of the seed's size (the full sweep's 100,000 make 12 MB). */
    public static final int WALLET_BYTES = 64 * 1024 * 1024;
    /** A wallet's JSON, as dump prints it (base64 and quoting make it larger than the wallet). */
    public static final int JSON_BYTES = 128 * 1024 * 1024;

    private FileLimits() {}

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

    private static LabException tooBig(Path file, String what, int max) {
        return new LabException(file + ": larger than " + human(max) + ", too big for a " + what);
    }

    static String human(long bytes) {
        if (bytes >= 1024 * 1024) {
            return String.format(Locale.ROOT, "%d MiB", bytes / (1024 * 1024));
        }
        return String.format(Locale.ROOT, "%d KiB", bytes / 1024);
    }
}
