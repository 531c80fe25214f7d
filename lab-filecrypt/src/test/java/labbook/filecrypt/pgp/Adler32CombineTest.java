package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.zip.Adler32;
import org.junit.jupiter.api.Test;

class Adler32CombineTest {
    @Test
    void combinedChecksumsEqualTheChecksumOfTheConcatenation() {
        Random random = new Random(13);
        // lengths around the modulus and its multiples, where the reduction of n matters; all-0xff
        // bytes drive the sums to their largest values
        int[] lengths = {0, 1, 2, 5551, 65_520, 65_521, 65_522, 131_042, 131_072, 200_000};
        for (int lengthA : lengths) {
            for (int lengthB : lengths) {
                for (boolean saturated : new boolean[] {false, true}) {
                    byte[] a = bytes(random, lengthA, saturated);
                    byte[] b = bytes(random, lengthB, saturated);
                    long expected = adler(a, b);
                    assertThat(Adler32Combine.combine(adler(a), adler(b), b.length))
                            .as("%d + %d bytes%s", lengthA, lengthB, saturated ? " of 0xff" : "")
                            .isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void manyBlocksCombineInOrder() {
        Random random = new Random(7);
        Adler32 whole = new Adler32();
        long combined = Adler32Combine.EMPTY;
        for (int i = 0; i < 200; i++) {
            byte[] block = bytes(random, random.nextInt(140_000), i % 3 == 0);
            whole.update(block);
            combined = Adler32Combine.combine(combined, adler(block), block.length);
        }
        assertThat(combined).isEqualTo(whole.getValue());
    }

    private static byte[] bytes(Random random, int n, boolean saturated) {
        byte[] b = new byte[n];
        if (saturated) {
            java.util.Arrays.fill(b, (byte) 0xff);
        } else {
            random.nextBytes(b);
        }
        return b;
    }

    private static long adler(byte[]... parts) {
        Adler32 adler = new Adler32();
        for (byte[] p : parts) {
            adler.update(p);
        }
        return adler.getValue();
    }
}
