package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.bcpg.S2K;
import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.openpgp.operator.bc.BcPBEDataDecryptorFactory;
import org.bouncycastle.openpgp.operator.bc.BcPGPDigestCalculatorProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The lab's chunked S2K gives BouncyCastle's key, byte for byte, whatever the digest, key length and count. */
class S2kKeyTest {
    @ParameterizedTest(name = "hash {0}, cipher {1}, count byte {2}, passphrase {3}")
    @CsvSource({
        // one hash context, the usual case: AES-256 keyed by SHA-256
        HashAlgorithmTags.SHA256 + "," + SymmetricKeyAlgorithmTags.AES_256 + ",96,correct horse",
        // the largest count, 65,011,712 bytes hashed
        HashAlgorithmTags.SHA256 + "," + SymmetricKeyAlgorithmTags.AES_256 + ",255,correct horse",
        // a key longer than the digest: SHA-1's 20 bytes for AES-256's 32 take a second context
        HashAlgorithmTags.SHA1 + "," + SymmetricKeyAlgorithmTags.AES_256 + ",96,correct horse",
        HashAlgorithmTags.SHA224 + "," + SymmetricKeyAlgorithmTags.AES_256 + ",16,x",
        HashAlgorithmTags.SHA512 + "," + SymmetricKeyAlgorithmTags.AES_128 + ",0,päßwört ünïcödé",
        HashAlgorithmTags.SHA384 + "," + SymmetricKeyAlgorithmTags.CAST5 + ",200,p"
    })
    void givesBouncyCastlesKey(int hash, int cipher, int countByte, String passphrase) throws Exception {
        byte[] salt = {1, 2, 3, 4, 5, 6, 7, (byte) 0xF8};
        S2K s2k = new S2K(hash, salt, countByte);
        byte[] expected = new BcPBEDataDecryptorFactory(passphrase.toCharArray(), new BcPGPDigestCalculatorProvider())
                .makeKeyFromPassPhrase(cipher, s2k);
        assertThat(S2kKey.derive(cipher, s2k, passphrase.toCharArray())).isEqualTo(expected);
    }

    @ParameterizedTest(name = "passphrase of {0} characters")
    @CsvSource({"1100", "70000"})
    void aCountBelowOnePeriodStillHashesTheWholeSaltAndPassphrase(int length) throws Exception {
        S2K s2k = new S2K(HashAlgorithmTags.SHA256, new byte[8], 0); // count byte 0: 1024 bytes
        char[] passphrase = "p".repeat(length).toCharArray();
        byte[] expected = new BcPBEDataDecryptorFactory(passphrase, new BcPGPDigestCalculatorProvider())
                .makeKeyFromPassPhrase(SymmetricKeyAlgorithmTags.AES_256, s2k);
        assertThat(S2kKey.derive(SymmetricKeyAlgorithmTags.AES_256, s2k, passphrase))
                .isEqualTo(expected);
    }
}
