package labbook.filecrypt.pgp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import labbook.core.BoundedFile;
import labbook.core.LabException;

/** Passphrases live in files (mode 0600), read as gpg's {@code --passphrase-file} reads them: the first line. */
public final class Passphrase {
    private Passphrase() {}

    public static char[] read(Path file) {
        byte[] bytes = BoundedFile.read(file, "passphrase file", BoundedFile.SECRET_BYTES);
        int end = 0;
        while (end < bytes.length && bytes[end] != '\n' && bytes[end] != '\r') {
            end++;
        }
        if (end == 0) {
            throw new LabException("passphrase file " + file + " is empty");
        }
        CharBuffer chars = StandardCharsets.UTF_8.decode(ByteBuffer.wrap(bytes, 0, end));
        char[] out = Arrays.copyOf(chars.array(), chars.limit());
        Arrays.fill(bytes, (byte) 0);
        Arrays.fill(chars.array(), '\0');
        return out;
    }

    /** Writes a passphrase file readable by its owner only (for gpg and forked JVMs). */
    public static void write(Path file, char[] passphrase) {
        try {
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            ByteBuffer bytes = StandardCharsets.UTF_8.encode(CharBuffer.wrap(passphrase));
            byte[] raw = new byte[bytes.remaining()];
            bytes.get(raw);
            Files.write(file, raw);
            Arrays.fill(raw, (byte) 0);
        } catch (IOException e) {
            throw LabException.cannot("write passphrase file", file, e);
        }
    }
}
