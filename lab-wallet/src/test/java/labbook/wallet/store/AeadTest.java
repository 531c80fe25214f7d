package labbook.wallet.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Aead#seal} feeds the cipher in pieces, and {@link Aead#sealInPlace} seals a buffer where it lies as it becomes
 * final; the file each makes must be AES-256-GCM's one-shot output, byte for byte.
 */
class AeadTest {
    private static final int PIECE = Aead.SEAL_PIECE_BYTES;

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 15, PIECE - 1, PIECE, PIECE + 1, 3 * PIECE, 3 * PIECE + 7, 1_020_026})
    void sealInPiecesIsTheOneShotCiphertextAndOpens(int length) throws Exception {
        Random random = new Random(length);
        byte[] key = new byte[Aead.KEY_BYTES];
        byte[] nonce = new byte[Aead.NONCE_BYTES];
        byte[] plain = new byte[length];
        random.nextBytes(key);
        random.nextBytes(nonce);
        random.nextBytes(plain);
        int aad = 46;
        byte[] sealed = new byte[aad + length + Aead.TAG_BYTES];
        random.nextBytes(sealed); // the associated data, and junk the seal must overwrite
        byte[] header = Arrays.copyOf(sealed, aad);

        Aead.seal(key, nonce, sealed, aad, plain, 0, length, aad);

        Cipher oneShot = Cipher.getInstance("AES/GCM/NoPadding");
        oneShot.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, nonce));
        oneShot.updateAAD(header);
        assertThat(Arrays.copyOfRange(sealed, aad, sealed.length)).isEqualTo(oneShot.doFinal(plain));
        assertThat(Aead.open(key, nonce, sealed, 0, aad, sealed, aad, sealed.length - aad))
                .isEqualTo(plain);

        // a sync's way: the plaintext in the file buffer, sealed in place as it becomes final at odd points
        byte[] inPlace = Arrays.copyOf(header, aad + length + Aead.TAG_BYTES);
        System.arraycopy(plain, 0, inPlace, aad, length);
        Aead.InPlaceSealer sealer = Aead.sealInPlace(key, nonce, inPlace, aad);
        for (int at = aad; at < aad + length; at += 1 + random.nextInt(3 * PIECE)) {
            assertThat(sealer.sealUpTo(at)).isLessThanOrEqualTo(at);
        }
        assertThat(sealer.finish(aad + length)).isEqualTo(inPlace.length);
        assertThat(inPlace).isEqualTo(sealed);
    }
}
