package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * CFB decryption through AES/ECB must give exactly what the JDK's AES/CFB/NoPadding decryption gives, whatever the
 * chunking.
 */
class EcbKeyStreamCfbDecryptorTest {
    @Test
    void samePlaintextAsTheJdkCfbForAnyChunking() throws Exception {
        Random random = new Random(11);
        for (int keyBytes : new int[] {16, 24, 32}) {
            byte[] key = new byte[keyBytes];
            random.nextBytes(key);
            byte[] ciphertext = new byte[100_003];
            random.nextBytes(ciphertext);
            byte[] expected = jdkCfbDecrypt(key, ciphertext);
            // small and odd reads (blocks split across reads), whole blocks, and runs longer than the ECB buffer
            for (int maxRead : new int[] {1, 17, 70, 4096, 100_003}) {
                EcbKeyStreamCfbDecryptor cfb = new EcbKeyStreamCfbDecryptor(key, 1024);
                byte[] actual = ciphertext.clone();
                int off = 0;
                while (off < actual.length) {
                    int n = Math.min(actual.length - off, random.nextInt(maxRead + 1));
                    cfb.decrypt(actual, off, n);
                    off += n;
                }
                assertThat(actual)
                        .as("AES-%d, reads up to %d bytes", keyBytes * 8, maxRead)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void inverseOfTheEncryptor() throws Exception {
        byte[] key = new byte[32];
        byte[] plain = new byte[5000];
        new Random(5).nextBytes(plain);
        byte[] buf = new byte[plain.length];
        CbcKeyStreamCfb.encryptor(key, 64).encrypt(plain, 0, plain.length, buf, 0);
        EcbKeyStreamCfbDecryptor cfb = new EcbKeyStreamCfbDecryptor(key, 64);
        cfb.decrypt(buf, 0, 18); // the OpenPGP prefix, then the rest out of block alignment
        cfb.decrypt(buf, 18, buf.length - 18);
        assertThat(buf).isEqualTo(plain);
    }

    private static byte[] jdkCfbDecrypt(byte[] key, byte[] ciphertext) throws Exception {
        Cipher jdk = Cipher.getInstance("AES/CFB/NoPadding");
        jdk.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(new byte[16]));
        return jdk.doFinal(ciphertext);
    }
}
