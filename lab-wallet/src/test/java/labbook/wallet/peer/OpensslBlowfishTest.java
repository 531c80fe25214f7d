package labbook.wallet.peer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import labbook.wallet.format.BlowfishCodec;
import org.junit.jupiter.api.Test;

/** The lab's Blowfish against OpenSSL's, the real system library, byte for byte; and the harness's timings. */
class OpensslBlowfishTest {
    @Test
    void theSystemLibraryPassesThePublishedVector() {
        OpensslBlowfish.check();
    }

    @Test
    void theLabsCbcIsOpensslsByteForByte() {
        Random random = new Random(11);
        for (int trial = 0; trial < 20; trial++) {
            byte[] key = new byte[new int[] {20, 56, 16, 4 + random.nextInt(53)}[trial % 4]];
            random.nextBytes(key);
            byte[] plain = new byte[8 * random.nextInt(20_000)];
            random.nextBytes(plain);
            byte[] ours = plain.clone();
            new BlowfishCodec(key, true, false).encrypt(ours, 0, ours.length);
            assertThat(OpensslBlowfish.cbc(key, plain)).as("trial %d", trial).isEqualTo(ours);
        }
    }

    @Test
    void timesEachRepeatOfOnePassOverTheBufferInEitherMode() {
        for (OpensslBlowfish.Mode mode : OpensslBlowfish.Mode.values()) {
            List<Double> ms = OpensslBlowfish.ms(mode, 1 << 20, 3);
            assertThat(ms)
                    .as("%s", mode)
                    .hasSize(3)
                    .allSatisfy(t -> assertThat(t).isPositive());
        }
    }
}
