package labbook.filecrypt.pgp;

import org.bouncycastle.bcpg.S2K;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.operator.bc.BcPBEDataDecryptorFactory;
import org.bouncycastle.openpgp.operator.bc.BcPGPDigestCalculatorProvider;

/**
 * BouncyCastle's passphrase decryptor factory with the S2K key derivation on the JDK's digest ({@link S2kKey}, which
 * says why). An S2K on a digest {@link JdkDigests} does not name (RIPEMD-160, which the JDK lacks, and MD5) stays on
 * BC's code; so does a wrapped session key. Argon2 and AEAD never come here: the decryptor refuses them first
 * ({@link SupportedFormats}).
 */
final class JdkS2kDecryptorFactory extends BcPBEDataDecryptorFactory {
    private final char[] passphrase;

    JdkS2kDecryptorFactory(char[] passphrase) {
        super(passphrase, new BcPGPDigestCalculatorProvider());
        this.passphrase = passphrase;
    }

    @Override
    public byte[] makeKeyFromPassPhrase(int keyAlgorithm, S2K s2k) throws PGPException {
        if (!S2kKey.handles(s2k.getType(), s2k.getHashAlgorithm())) {
            return super.makeKeyFromPassPhrase(keyAlgorithm, s2k);
        }
        return S2kKey.derive(keyAlgorithm, s2k, passphrase);
    }
}
