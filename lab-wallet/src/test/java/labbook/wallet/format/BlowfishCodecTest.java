package labbook.wallet.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.Locale;
import java.util.Random;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.engines.BlowfishEngine;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The lab's Blowfish block loop against BouncyCastle's engine, byte for byte: both modes, both word orders, keys of
 * every length KWallet uses and others, buffers cut into pieces at block boundaries; and the published test vectors.
 * The fixture and real-backend wallets that open and dump identically (FixtureWalletsTest, the kwallet5 tests) check
 * the same code on real files.
 */
class BlowfishCodecTest {
    private static final HexFormat HEX = HexFormat.of();

    /** Eric Young's Blowfish ECB vectors (schneier.com/wp-content/uploads/2015/12/vectors-2.txt). */
    @ParameterizedTest(name = "key {0}")
    @CsvSource({
        "0000000000000000, 0000000000000000, 4EF997456198DD78",
        "FFFFFFFFFFFFFFFF, FFFFFFFFFFFFFFFF, 51866FD5B85ECB8A",
        "3000000000000000, 1000000000000001, 7D856F9A613063F2",
        "0123456789ABCDEF, 1111111111111111, 61F9C3802281B096",
        "FEDCBA9876543210, 0123456789ABCDEF, 0ACEAB0FC6A0A28D"
    })
    void thePublishedVectors(String key, String plain, String cipher) {
        byte[] block = HEX.parseHex(plain.toLowerCase(Locale.ROOT));
        new BlowfishCodec(HEX.parseHex(key.toLowerCase(Locale.ROOT)), false, false).encrypt(block, 0, 8);
        assertThat(HEX.formatHex(block)).isEqualToIgnoringCase(cipher);
        new BlowfishCodec(HEX.parseHex(key.toLowerCase(Locale.ROOT)), false, false).decrypt(block, 0, 8);
        assertThat(HEX.formatHex(block)).isEqualToIgnoringCase(plain);
    }

    @ParameterizedTest(name = "cbc={0} little-endian words={1}")
    @CsvSource({"false, false", "false, true", "true, false", "true, true"})
    void sameBytesAsBouncyCastleInEveryModeAndWordOrder(boolean cbc, boolean littleEndianWords) {
        Random random = new Random(cbc ? 7 : 3);
        for (int trial = 0; trial < 200; trial++) {
            byte[] key = new byte[new int[] {20, 56, 16, 8, 4 + random.nextInt(53)}[trial % 5]];
            random.nextBytes(key);
            byte[] plain = new byte[8 * random.nextInt(600)];
            random.nextBytes(plain);
            BlowfishCodec codec = new BlowfishCodec(key, cbc, littleEndianWords);
            byte[] expected = bouncyCastle(key, cbc, littleEndianWords, plain);

            byte[] whole = plain.clone();
            codec.encrypt(whole, 0, whole.length);
            assertThat(whole).as("trial %d", trial).isEqualTo(expected);

            // a sync encrypts its file in pieces, chaining across them
            byte[] pieces = plain.clone();
            BlowfishCodec.Stream stream = codec.encryptor();
            for (int at = 0; at < pieces.length; ) {
                int n = Math.min(pieces.length - at, 8 * random.nextInt(40));
                stream.update(pieces, at, n);
                at += n;
            }
            assertThat(pieces).as("trial %d in pieces", trial).isEqualTo(expected);

            codec.decrypt(whole, 0, whole.length);
            assertThat(whole).as("trial %d decrypted", trial).isEqualTo(plain);
        }
    }

    @ParameterizedTest(name = "at {0}, {1} bytes")
    @CsvSource({"0, 12", "-8, 8", "8, 16"})
    void refusesPartBlocksAndRangesOutsideTheBuffer(int off, int len) {
        byte[] key = new byte[20];
        assertThatThrownBy(() -> new BlowfishCodec(key, true, false).encrypt(new byte[16], off, len))
                .isInstanceOfAny(IllegalArgumentException.class, IndexOutOfBoundsException.class);
    }

    /** BouncyCastle's engine (CBC through its mode) on a copy, KDE4's word order by swapping before and after. */
    private static byte[] bouncyCastle(byte[] key, boolean cbc, boolean littleEndianWords, byte[] plain) {
        byte[] buf = plain.clone();
        BlockCipher cipher;
        if (cbc) {
            cipher = CBCBlockCipher.newInstance(new BlowfishEngine());
            cipher.init(true, new ParametersWithIV(new KeyParameter(key), new byte[8]));
        } else {
            cipher = new BlowfishEngine();
            cipher.init(true, new KeyParameter(key));
        }
        if (littleEndianWords) {
            Words.swap(buf, 0, buf.length);
        }
        for (int i = 0; i < buf.length; i += 8) {
            cipher.processBlock(buf, i, buf, i);
        }
        if (littleEndianWords) {
            Words.swap(buf, 0, buf.length);
        }
        return buf;
    }
}
