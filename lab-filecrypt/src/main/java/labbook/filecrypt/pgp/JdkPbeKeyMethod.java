package labbook.filecrypt.pgp;

import java.security.SecureRandom;
import java.util.Arrays;
import org.bouncycastle.bcpg.ContainedPacket;
import org.bouncycastle.bcpg.S2K;
import org.bouncycastle.bcpg.SymmetricKeyEncSessionPacket;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.operator.PGPDataEncryptorBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPBEKeyEncryptionMethodGenerator;

/**
 * gpg {@code -c}'s key packet: a v4 SKESK with an iterated and salted S2K and no encrypted session key (the S2K's
 * output is the message key), the one layout {@link PgpEncryptor} writes. It is BouncyCastle's generator with the key
 * derived by {@link S2kKey}: BouncyCastle keeps its S2K in a private field, so this class makes its own and writes the
 * packet from it.
 *
 * <p>BouncyCastle 1.82's own generator, asked for no session key, still encrypts the S2K's key under itself into the
 * packet (gpg lists it as "seskey 256 bits"; gpg -c writes none). Here the packet is gpg's: it is handed the key it
 * derived, and writes the S2K alone.
 */
final class JdkPbeKeyMethod extends BcPBEKeyEncryptionMethodGenerator {
    private final char[] passphrase;
    private final S2K s2k;
    private byte[] key;

    JdkPbeKeyMethod(char[] passphrase, S2kDigest digest, int encodedCount, SecureRandom random) {
        super(passphrase, JdkDigests.calculator(digest.tag()), encodedCount);
        this.passphrase = passphrase;
        byte[] salt = new byte[8];
        random.nextBytes(salt);
        this.s2k = new S2K(digest.tag(), salt, encodedCount);
    }

    @Override
    public byte[] getKey(int cipherTag) throws PGPException {
        key = S2kKey.derive(cipherTag, s2k, passphrase);
        return key.clone();
    }

    @Override
    public ContainedPacket generate(PGPDataEncryptorBuilder encryptor, byte[] sessionInfo) throws PGPException {
        // BouncyCastle passes the data's key: the S2K's own when it encrypts the data directly
        if ((sessionInfo != null && !Arrays.equals(sessionInfo, key)) || encryptor.getAeadAlgorithm() > 0) {
            throw new PGPException(
                    "only gpg -c's layout is written here: the S2K's key encrypts the data, no session key, no AEAD");
        }
        return SymmetricKeyEncSessionPacket.createV4Packet(encryptor.getAlgorithm(), s2k, null);
    }
}
