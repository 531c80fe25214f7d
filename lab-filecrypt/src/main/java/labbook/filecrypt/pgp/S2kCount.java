package labbook.filecrypt.pgp;

import labbook.core.LabException;

/**
 * The iterated-and-salted S2K count, which OpenPGP stores in one byte (RFC 4880, 3.7.1.3): {@code count = (16 + (c &
 * 15)) << ((c >> 4) + 6)}, from 1,024 to 65,011,712 bytes hashed. gpg's {@code --s2k-count N} rounds N up to the next
 * count one byte can say; so does this class, so both sides hash the same number of bytes.
 */
public final class S2kCount {
    public static final int MIN = 1024;
    public static final int MAX = 65_011_712;

    private S2kCount() {}

    public static long decode(int codedByte) {
        return (16L + (codedByte & 15)) << ((codedByte >> 4) + 6);
    }

    /** The smallest coded byte whose count is at least {@code count}. */
    public static int encode(long count) {
        if (count < MIN || count > MAX) {
            throw new LabException("S2K count " + count + " is out of range (" + MIN + " to " + MAX + ")");
        }
        for (int c = 0; c < 256; c++) {
            if (decode(c) >= count) {
                return c;
            }
        }
        throw new AssertionError("unreachable: " + count);
    }

    /** The count gpg really uses for {@code --s2k-count count}. */
    public static long effective(long count) {
        return decode(encode(count));
    }
}
