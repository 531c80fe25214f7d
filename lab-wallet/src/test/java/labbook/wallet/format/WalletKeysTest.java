package labbook.wallet.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.MessageDigest;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The legacy key at every piece boundary, against a plain reading of the format notes (JDK SHA-1 only). */
class WalletKeysTest {
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 49, 64, 100})
    void legacyKeyAtEveryBoundary(int length) throws Exception {
        byte[] pw = new byte[length];
        for (int i = 0; i < length; i++) {
            pw[i] = (byte) ('a' + i % 26);
        }
        assertThat(WalletKeys.legacy(pw, false)).isEqualTo(expected(pw));
    }

    /** len <= 16: B1; <= 32: B1||B2; <= 48: B1||B2||B3[0,16); else 14 bytes of each of B1..B4. */
    private static byte[] expected(byte[] pw) throws Exception {
        int n = pw.length;
        byte[][] b = new byte[4][];
        for (int i = 0; i < 4; i++) {
            int from = 16 * i;
            int to = i == 3 ? n : Math.min(n, from + 16);
            b[i] = from <= n ? sha2000(Arrays.copyOfRange(pw, Math.min(from, n), Math.max(from, to))) : null;
        }
        if (n <= 16) {
            return b[0];
        }
        if (n <= 32) {
            return cat(b[0], b[1]);
        }
        if (n <= 48) {
            return cat(cat(b[0], b[1]), Arrays.copyOf(b[2], 16));
        }
        return cat(
                cat(Arrays.copyOf(b[0], 14), Arrays.copyOf(b[1], 14)),
                cat(Arrays.copyOf(b[2], 14), Arrays.copyOf(b[3], 14)));
    }

    private static byte[] sha2000(byte[] piece) throws Exception {
        byte[] h = piece;
        for (int i = 0; i < 2000; i++) {
            h = MessageDigest.getInstance("SHA-1").digest(h);
        }
        return h;
    }

    private static byte[] cat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
