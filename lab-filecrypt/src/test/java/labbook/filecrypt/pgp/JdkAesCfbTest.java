package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The direct CFB loop must write exactly what the JDK's AES/CFB/NoPadding writes, whatever the chunking. */
class JdkAesCfbTest {
    @Test
    void sameCiphertextAsTheJdkCipherForAnyChunking() throws Exception {
        Random random = new Random(7);
        for (int keyBytes : new int[] {16, 24, 32}) {
            byte[] key = new byte[keyBytes];
            random.nextBytes(key);
            byte[] plain = new byte[100_003];
            random.nextBytes(plain);
            Cipher jdk = Cipher.getInstance("AES/CFB/NoPadding");
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(new byte[16]));
            byte[] expected = jdk.doFinal(plain);

            JdkAesCfb cfb = JdkAesCfb.encryptor(key);
            byte[] actual = new byte[plain.length];
            int off = 0;
            while (off < plain.length) {
                int n = Math.min(plain.length - off, random.nextInt(70));
                cfb.encrypt(plain, off, n, actual, off);
                off += n;
            }
            assertThat(actual).as("AES-%d", keyBytes * 8).isEqualTo(expected);
        }
    }
}
