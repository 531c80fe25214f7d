package labbook.filecrypt.pgp;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** A disk that fills up: passes {@code room} bytes on to {@code out}, then fails as a full disk does. */
final class FillingDisk extends FilterOutputStream {
    private long room;

    FillingDisk(OutputStream out, long room) {
        super(out);
        this.room = room;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len > room) {
            room = 0;
            throw new IOException("No space left on device");
        }
        room -= len;
        out.write(b, off, len);
    }
}
