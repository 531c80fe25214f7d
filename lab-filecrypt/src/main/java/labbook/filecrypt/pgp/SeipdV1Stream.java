package labbook.filecrypt.pgp;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import org.bouncycastle.bcpg.SymmetricEncIntegrityPacket;
import org.bouncycastle.openpgp.PGPDataValidationException;
import org.bouncycastle.openpgp.PGPEncryptedData;
import org.bouncycastle.openpgp.PGPSessionKey;

/**
 * The plaintext of a SEIPD v1 packet (RFC 4880, 5.13) encrypted with AES, decrypted and checked by the JDK: AES by
 * {@link EcbKeyStreamCfbDecryptor}, the MDC's SHA-1 by {@link MessageDigest}. It reads the packet's raw body from
 * BouncyCastle, which still parses every packet around and inside it.
 *
 * <p>Why not a {@code PGPDataDecryptor} plugged into BC: BC then reads the plaintext through its own look-ahead stream,
 * which holds back the 22 bytes of the MDC packet one byte at a time through a ring of ints; with the cipher and hash
 * on the JDK, that loop was the largest cost left. Here the hold-back is one array copy per 64 KiB read.
 *
 * <p>Layout: 16 random bytes and their last two repeated (the quick check, which a wrong key fails with 1 chance in
 * 65,536 of passing), the data, then the MDC packet {@code D3 14} and the SHA-1 of everything before its 20 bytes. The
 * MDC is known only at the end: {@link #verify} says whether it matched, and no caller may trust the plaintext before.
 */
final class SeipdV1Stream extends InputStream {
    private static final int BLOCK = 16;
    private static final int MDC = 22;
    private static final int CHUNK = 1 << 16;

    private final InputStream raw;
    private final EcbKeyStreamCfbDecryptor cfb;
    private final MessageDigest sha1;
    /** Decrypted bytes: [pos, limit) not yet read by the caller, [limit, filled) held back (the last 22 so far). */
    private final byte[] buf = new byte[CHUNK + MDC];

    private final byte[] one = new byte[1];
    private int pos;
    private int limit;
    private int filled;
    private boolean ended;
    private boolean mdcMatched;

    private SeipdV1Stream(InputStream raw, EcbKeyStreamCfbDecryptor cfb, MessageDigest sha1) {
        this.raw = raw;
        this.cfb = cfb;
        this.sha1 = sha1;
    }

    /** Whether this class decrypts {@code data} under {@code key}: a SEIPD v1 packet and an AES key. */
    static boolean handles(PGPEncryptedData data, PGPSessionKey key) {
        return data.getEncData() instanceof SymmetricEncIntegrityPacket p
                && p.getVersion() == SymmetricEncIntegrityPacket.VERSION_1
                && SymmetricCipher.AES128.tag() <= key.getAlgorithm()
                && key.getAlgorithm() <= SymmetricCipher.AES256.tag();
    }

    /**
     * Opens the packet's body ({@link PGPEncryptedData#getInputStream()}) and checks the prefix; a
     * {@link PGPDataValidationException} says the key is wrong.
     */
    static SeipdV1Stream open(InputStream raw, PGPSessionKey key) throws IOException, PGPDataValidationException {
        try {
            SeipdV1Stream s = new SeipdV1Stream(
                    raw, new EcbKeyStreamCfbDecryptor(key.getKey(), CHUNK), MessageDigest.getInstance("SHA-1"));
            s.checkPrefix();
            return s;
        } catch (GeneralSecurityException e) {
            throw new IOException("the JDK cannot do AES or SHA-1: " + e.getMessage(), e);
        }
    }

    private void checkPrefix() throws IOException, GeneralSecurityException, PGPDataValidationException {
        byte[] prefix = raw.readNBytes(BLOCK + 2);
        if (prefix.length < BLOCK + 2) {
            throw new EOFException("the encrypted data end inside their prefix");
        }
        cfb.decrypt(prefix, 0, prefix.length);
        if (prefix[BLOCK - 2] != prefix[BLOCK] || prefix[BLOCK - 1] != prefix[BLOCK + 1]) {
            throw new PGPDataValidationException("data check failed.");
        }
        sha1.update(prefix);
    }

    @Override
    public int read() throws IOException {
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (pos == limit) {
            if (ended) {
                return -1;
            }
            fill();
        }
        int n = Math.min(len, limit - pos);
        System.arraycopy(buf, pos, b, off, n);
        pos += n;
        return n;
    }

    /** Reads, decrypts and hashes the next run; what may be the MDC packet stays held back. */
    private void fill() throws IOException {
        int held = filled - limit;
        System.arraycopy(buf, limit, buf, 0, held);
        pos = 0;
        limit = 0;
        filled = held;
        int n = raw.read(buf, filled, buf.length - filled);
        if (n < 0) {
            ended = true;
            mdcMatched = mdcMatches();
            return;
        }
        try {
            cfb.decrypt(buf, filled, n);
        } catch (GeneralSecurityException e) {
            throw new IOException("AES failed: " + e.getMessage(), e);
        }
        filled += n;
        limit = Math.max(0, filled - MDC);
        sha1.update(buf, 0, limit);
    }

    /** At the end: the 22 bytes held back are an MDC packet holding the SHA-1 of all before its hash. */
    private boolean mdcMatches() throws EOFException {
        if (filled < MDC) {
            throw new EOFException("the encrypted data end before their MDC packet");
        }
        int at = filled - MDC;
        if (buf[at] != (byte) 0xD3 || buf[at + 1] != 0x14) {
            return false;
        }
        sha1.update(buf, at, 2);
        return MessageDigest.isEqual(sha1.digest(), Arrays.copyOfRange(buf, at + 2, filled));
    }

    /** Reads whatever the caller left (signatures, padding) and says whether the MDC matched. */
    boolean verify() throws IOException {
        byte[] rest = new byte[CHUNK];
        while (read(rest, 0, rest.length) >= 0) {
            // drained: the MDC is checked at the end
        }
        return mdcMatched;
    }

    /**
     * Leaves the packet's stream open: {@link #verify} may still read from it after BC closes the literal data's
     * stream.
     */
    @Override
    public void close() {}
}
