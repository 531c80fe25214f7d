package labbook.filecrypt.pgp;

import static org.assertj.core.api.Assertions.assertThat;

import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.bcpg.S2K;
import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.openpgp.operator.bc.BcPBEDataDecryptorFactory;
import org.bouncycastle.openpgp.operator.bc.BcPGPDigestCalculatorProvider;
import org.junit.jupiter.api.Test;

/**
 * The S2K on the JDK's digests must derive BouncyCastle's key, byte for byte, for every S2K shape gpg writes and reads.
 */
class JdkS2kDecryptorFactoryTest {
    private static final byte[] SALT = {1, 2, 3, 4, 5, 6, 7, 8};
    private static final int[] DIGESTS = {
        HashAlgorithmTags.SHA1,
        HashAlgorithmTags.SHA224,
        HashAlgorithmTags.SHA256,
        HashAlgorithmTags.SHA384,
        HashAlgorithmTags.SHA512,
        HashAlgorithmTags.RIPEMD160
    };
    private static final int[] CIPHERS = {
        SymmetricKeyAlgorithmTags.AES_128,
        SymmetricKeyAlgorithmTags.AES_256,
        SymmetricKeyAlgorithmTags.TRIPLE_DES,
        SymmetricKeyAlgorithmTags.CAST5
    };

    @Test
    void sameKeyAsBouncyCastle() throws Exception {
        // coded counts: 0 (1,024 bytes), 96 (65,536, the lab's pinned count), 255 (65,011,712, the most), and odd
        // passphrase lengths
        for (String pass :
                new String[] {"", "p", "labbook filecrypt benchmark passphrase", "päss wörd \u20ac".repeat(40)}) {
            for (int digest : DIGESTS) {
                for (int cipher : CIPHERS) {
                    for (S2K s2k : new S2K[] {
                        S2K.simpleS2K(digest),
                        S2K.saltedS2K(digest, SALT),
                        S2K.saltedAndIteratedS2K(digest, SALT, 0),
                        S2K.saltedAndIteratedS2K(digest, SALT, 96)
                    }) {
                        assertSameKey(pass, cipher, s2k);
                    }
                }
            }
        }
        assertSameKey(
                "labbook",
                SymmetricKeyAlgorithmTags.AES_256,
                S2K.saltedAndIteratedS2K(HashAlgorithmTags.SHA256, SALT, 255));
        // AES-256 from SHA-1: two hash contexts, the second preloaded with a zero byte
        assertSameKey(
                "labbook",
                SymmetricKeyAlgorithmTags.AES_256,
                S2K.saltedAndIteratedS2K(HashAlgorithmTags.SHA1, SALT, 200));
    }

    private static void assertSameKey(String pass, int cipher, S2K s2k) throws Exception {
        byte[] jdk = new JdkS2kDecryptorFactory(pass.toCharArray()).makeKeyFromPassPhrase(cipher, s2k);
        byte[] bc = new BcPBEDataDecryptorFactory(pass.toCharArray(), new BcPGPDigestCalculatorProvider())
                .makeKeyFromPassPhrase(cipher, s2k);
        assertThat(jdk)
                .as(
                        "passphrase of %d chars, cipher %d, S2K type %d, digest %d, count %d",
                        pass.length(), cipher, s2k.getType(), s2k.getHashAlgorithm(), s2k.getIterationCount())
                .isEqualTo(bc);
    }
}
