package labbook.filecrypt.pgp;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An output stream that works on arrays only: a single byte goes through {@link #write(byte[], int, int)} as a one-byte
 * array, so each stream has one write path to get right (and to keep fast).
 */
abstract class BlockWriteStream extends OutputStream {
    private final byte[] one = new byte[1];

    @Override
    public final void write(int b) throws IOException {
        one[0] = (byte) b;
        write(one, 0, 1);
    }

    @Override
    public abstract void write(byte[] b, int off, int len) throws IOException;
}
