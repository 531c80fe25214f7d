package labbook.wallet.format;

import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.engines.BlowfishEngine;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * KWallet's use of Blowfish (BouncyCastle's engine): the whole buffer in "ECB" (cipher 0, what
 * 2009 called CBC) or CBC with an all-zero IV (cipher 3), and optionally KDE4's little-endian
 * loading of each 32-bit word. Byte-swapping every word before and after standard Blowfish is
 * exactly the little-endian cipher, in CBC too, since the swap commutes with XOR.
 */
public final class BlowfishCodec {
    private final byte[] key;
    private final boolean cbc;
    private final boolean littleEndianWords;

    public BlowfishCodec(byte[] key, boolean cbc, boolean littleEndianWords) {
        this.key = key.clone();
        this.cbc = cbc;
        this.littleEndianWords = littleEndianWords;
    }

    public void encrypt(byte[] buf, int off, int len) {
        run(true, buf, off, len);
    }

    public void decrypt(byte[] buf, int off, int len) {
        run(false, buf, off, len);
    }

    private void run(boolean encrypt, byte[] buf, int off, int len) {
        if (len % 8 != 0) {
            throw new IllegalArgumentException("Blowfish needs whole 8-byte blocks, got " + len + " bytes");
        }
        BlockCipher cipher;
        if (cbc) {
            cipher = CBCBlockCipher.newInstance(new BlowfishEngine());
            cipher.init(encrypt, new ParametersWithIV(new KeyParameter(key), new byte[8]));
        } else {
            cipher = new BlowfishEngine();
            cipher.init(encrypt, new KeyParameter(key));
        }
        if (littleEndianWords) {
            Words.swap(buf, off, len);
        }
        for (int i = off; i < off + len; i += 8) {
            cipher.processBlock(buf, i, buf, i);
        }
        if (littleEndianWords) {
            Words.swap(buf, off, len);
        }
    }
}
