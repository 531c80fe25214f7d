package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** CFB computed through AES/CBC must write exactly what the JDK's AES/CFB/NoPadding writes, whatever the chunking. */
class CbcKeyStreamCfbTest {
    @Test
    void sameCiphertextAsTheJdkCfbForAnyChunking() throws Exception {
        Random random = new Random(7);
        for (int keyBytes : new int[] {16, 24, 32}) {
            byte[] key = new byte[keyBytes];
            random.nextBytes(key);
            byte[] plain = new byte[100_003];
            random.nextBytes(plain);
            byte[] expected = jdkCfb(key, plain);
            // small and odd writes (blocks split across writes), whole blocks, and runs longer than the CBC buffer
            for (int maxWrite : new int[] {1, 17, 70, 4096, 100_003}) {
                CbcKeyStreamCfb cfb = CbcKeyStreamCfb.encryptor(key, 1024);
                byte[] actual = new byte[plain.length];
                int off = 0;
                while (off < plain.length) {
                    int n = Math.min(plain.length - off, random.nextInt(maxWrite + 1));
                    cfb.encrypt(plain, off, n, actual, off);
                    off += n;
                }
                assertThat(actual)
                        .as("AES-%d, writes up to %d bytes", keyBytes * 8, maxWrite)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void writesIntoAnOffsetOfTheOutput() throws Exception {
        byte[] key = new byte[32];
        byte[] plain = new byte[1000];
        new Random(3).nextBytes(plain);
        byte[] out = new byte[1005];
        CbcKeyStreamCfb cfb = CbcKeyStreamCfb.encryptor(key, 64);
        cfb.encrypt(plain, 0, 18, out, 5);
        cfb.encrypt(plain, 18, 982, out, 23);
        assertThat(java.util.Arrays.copyOfRange(out, 5, 1005)).isEqualTo(jdkCfb(key, plain));
    }

    private static byte[] jdkCfb(byte[] key, byte[] plain) throws Exception {
        Cipher jdk = Cipher.getInstance("AES/CFB/NoPadding");
        jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(new byte[16]));
        return jdk.doFinal(plain);
    }
}
