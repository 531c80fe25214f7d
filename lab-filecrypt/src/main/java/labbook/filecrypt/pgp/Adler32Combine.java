package labbook.filecrypt.pgp;

/**
 * zlib's {@code adler32_combine}: the Adler-32 of A followed by B from the Adler-32 of A, that of B and B's length,
 * without reading either again. {@link java.util.zip.Adler32} has no combine, and the parallel ZLIB writer needs one:
 * each block's checksum is computed on the thread that compresses it, and the stream's trailer is the checksum of all
 * blocks in order.
 */
public final class Adler32Combine {
    /** The largest prime below 2^16: Adler-32's modulus. */
    private static final long BASE = 65_521;

    /** Adler-32 of nothing: where a running checksum starts. */
    public static final long EMPTY = 1;

    private Adler32Combine() {}

    /**
     * The Adler-32 of A then B. With A's sums (a1, b1) and B's (a2, b2) over n bytes: a = a1 + a2 - 1 and b = b1 + b2 +
     * n * (a1 - 1), every sum mod 65521 (B's sums started from a = 1, so A's a1 - 1 is what each of B's n bytes adds to
     * b on top of them).
     */
    public static long combine(long adlerA, long adlerB, long lengthB) {
        if (lengthB < 0) {
            throw new IllegalArgumentException("negative length " + lengthB);
        }
        long rem = lengthB % BASE;
        long a1 = adlerA & 0xffff;
        long b1 = (adlerA >>> 16) & 0xffff;
        long a2 = adlerB & 0xffff;
        long b2 = (adlerB >>> 16) & 0xffff;
        long a = (a1 + a2 + BASE - 1) % BASE;
        long b = (b1 + b2 + rem * a1 % BASE + BASE - rem) % BASE;
        return (b << 16) | a;
    }
}
