package labbook.core;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The last {@value #KEPT} bytes written to it: the stderr a {@link Child} keeps in memory, whose last line names a
 * failure.
 */
final class StderrTail extends OutputStream {
    /** How much of stderr a child keeps: all of a tool's usual complaint fits. */
    static final int KEPT = 64 * 1024;

    private final byte[] ring = new byte[KEPT];
    private long written;

    @Override
    public synchronized void write(int b) {
        ring[(int) (written++ % ring.length)] = (byte) b;
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = 0; i < len; i++) {
            ring[(int) (written++ % ring.length)] = b[off + i];
        }
    }

    synchronized String text() {
        int n = (int) Math.min(written, ring.length);
        byte[] out = new byte[n];
        int start = (int) ((written - n) % ring.length);
        for (int i = 0; i < n; i++) {
            out[i] = ring[(start + i) % ring.length];
        }
        return new String(out, StandardCharsets.UTF_8);
    }
}
