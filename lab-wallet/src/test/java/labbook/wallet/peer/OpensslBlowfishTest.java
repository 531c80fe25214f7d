package labbook.wallet.peer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import labbook.wallet.format.BlowfishCodec;
import labbook.wallet.format.Pbkdf2Sha512;
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

    /** The lab's PBKDF2-HMAC-SHA512 against OpenSSL's, at a wallet's sizes and around HMAC's and SHA-512's blocks. */
    @Test
    void theLabsPbkdf2IsOpensslsByteForByte() {
        Random random = new Random(13);
        int[][] cases = {{28, 56, 56, 50_000}, {0, 56, 56, 1}, {128, 16, 64, 3}, {129, 56, 65, 2}, {300, 0, 130, 5}};
        for (int[] c : cases) {
            byte[] password = new byte[c[0]];
            byte[] salt = new byte[c[1]];
            random.nextBytes(password);
            random.nextBytes(salt);
            assertThat(OpensslBlowfish.pbkdf2(password, salt, c[3], c[2]))
                    .as("password %d bytes, salt %d, key %d, %d iterations", c[0], c[1], c[2], c[3])
                    .isEqualTo(Pbkdf2Sha512.derive(password, salt, c[3], c[2]));
        }
    }

    @Test
    void timesEachRepeatOfOneDerivation() {
        assertThat(OpensslBlowfish.pbkdf2Ms(1000, 3))
                .hasSize(3)
                .allSatisfy(t -> assertThat(t).isPositive());
    }
}
