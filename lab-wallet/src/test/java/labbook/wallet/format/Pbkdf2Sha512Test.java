package labbook.wallet.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The lab's PBKDF2-HMAC-SHA512 against BouncyCastle's and the JDK's, and a published vector. */
class Pbkdf2Sha512Test {
    /**
     * Password lengths around HMAC's 128-byte block (longer ones are hashed first), key lengths around SHA-512's 64
     * bytes (a second block of output), one iteration and many.
     */
    @ParameterizedTest
    @CsvSource({
        "0, 56, 1",
        "1, 56, 2",
        "12, 56, 1000",
        "127, 64, 3",
        "128, 65, 3",
        "129, 56, 3",
        "300, 130, 7",
        "28, 56, 50000"
    })
    void sameKeyAsBouncyCastle(int passwordBytes, int keyBytes, int iterations) {
        Random random = new Random(passwordBytes * 31L + keyBytes);
        byte[] password = new byte[passwordBytes];
        random.nextBytes(password);
        byte[] salt = new byte[WalletKeys.KEY_BYTES];
        random.nextBytes(salt);

        PKCS5S2ParametersGenerator bc = new PKCS5S2ParametersGenerator(new SHA512Digest());
        bc.init(password, salt, iterations);
        byte[] expected = ((KeyParameter) bc.generateDerivedParameters(keyBytes * 8)).getKey();

        assertThat(Pbkdf2Sha512.derive(password, salt, iterations, keyBytes)).isEqualTo(expected);
    }

    @Test
    void sameKeyAsTheJdkForAWalletsParameters() throws Exception {
        String password = "pässwörd, not ASCII";
        byte[] salt = new byte[WalletKeys.KEY_BYTES];
        new Random(7).nextBytes(salt);
        byte[] jdk = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512")
                .generateSecret(new PBEKeySpec(
                        password.toCharArray(), salt, WalletKeys.PBKDF2_ITERATIONS, WalletKeys.KEY_BYTES * 8))
                .getEncoded();

        assertThat(WalletKeys.pbkdf2(password.getBytes(StandardCharsets.UTF_8), salt))
                .isEqualTo(jdk);
    }

    /**
     * The PBKDF2-HMAC-SHA512 vector published most often, on RFC 6070's inputs ("password", "salt", one iteration, 64
     * bytes); OpenSSL's PKCS5_PBKDF2_HMAC gives the same (Python's {@code hashlib.pbkdf2_hmac}).
     */
    @Test
    void publishedVector() {
        byte[] key = Pbkdf2Sha512.derive(
                "password".getBytes(StandardCharsets.US_ASCII), "salt".getBytes(StandardCharsets.US_ASCII), 1, 64);
        assertThat(HexFormat.of().formatHex(key))
                .isEqualTo("867f70cf1ade02cff3752599a3a53dc4af34c7a669815ae5d513554e1c8cf252"
                        + "c02d470a285a0501bad999bfe943c08f050235d7d68b1da55e63f73b60a57fce");
    }

    @Test
    void refusesNoIterationsOrNoKey() {
        byte[] salt = new byte[8];
        assertThatThrownBy(() -> Pbkdf2Sha512.derive(new byte[1], salt, 0, 56))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Pbkdf2Sha512.derive(new byte[1], salt, 1, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
