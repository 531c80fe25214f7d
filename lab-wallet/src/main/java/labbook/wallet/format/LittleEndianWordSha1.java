package labbook.wallet.format;

import org.bouncycastle.crypto.digests.SHA1Digest;

/**
 * KF5 KWallet's SHA-1: the standard padded message, but every 32-bit word loaded little-endian and every word of the
 * result stored little-endian (its sha1.cc is built as if the machine were big-endian). Equivalently: byte-swap each
 * word of the padded message, run the standard compression, byte-swap each word of the output. Built on BouncyCastle's
 * SHA-1 by swapping the words it is fed; the compression function itself is BouncyCastle's.
 */
public final class LittleEndianWordSha1 extends SHA1Digest {
    private final byte[] word = new byte[4];

    public static byte[] digest(byte[] data, int off, int len) {
        LittleEndianWordSha1 d = new LittleEndianWordSha1();
        d.update(data, off, len);
        byte[] out = new byte[20];
        d.doFinal(out, 0);
        return out;
    }

    @Override
    protected void processWord(byte[] in, int inOff) {
        word[0] = in[inOff + 3];
        word[1] = in[inOff + 2];
        word[2] = in[inOff + 1];
        word[3] = in[inOff];
        super.processWord(word, 0);
    }

    /** The big-endian length words of the padding are loaded little-endian too. */
    @Override
    protected void processLength(long bitLength) {
        long hi = Integer.reverseBytes((int) (bitLength >>> 32)) & 0xFFFFFFFFL;
        long lo = Integer.reverseBytes((int) bitLength) & 0xFFFFFFFFL;
        super.processLength((hi << 32) | lo);
    }

    @Override
    public int doFinal(byte[] out, int outOff) {
        int n = super.doFinal(out, outOff);
        Words.swap(out, outOff, n);
        return n;
    }

    @Override
    public String getAlgorithmName() {
        return "SHA-1 (KWallet little-endian words)";
    }
}
