package labbook.filecrypt.pgp;

import java.io.IOException;
import java.io.OutputStream;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.operator.PGPDataEncryptor;
import org.bouncycastle.openpgp.operator.PGPDataEncryptorBuilder;
import org.bouncycastle.openpgp.operator.PGPDigestCalculator;

/**
 * The SEIPD v1 layer (AES in OpenPGP's CFB mode, MDC by SHA-1) computed by the JDK, plugged into BouncyCastle's
 * {@code PGPEncryptedDataGenerator}, which still writes every packet.
 *
 * <p>Why: with BC's own builders the MDC's SHA-1 is BC's pure-Java digest and (lightweight API) so is AES. The JDK
 * compiles AES's block function to AES-NI and SHA-1 to SHA-NI. SEIPD v1 is plain CFB with a zero IV over "random
 * prefix, data, MDC" (no resync), which is exactly the JDK's {@code AES/CFB/NoPadding}; faster is the same CFB computed
 * through the JDK's AES/CBC ({@link CbcKeyStreamCfb}), public API only. Either way data go through in 64 KiB chunks and
 * one reused buffer.
 */
final class FastCfbEncryptorBuilder implements PGPDataEncryptorBuilder {
    private static final int CHUNK = 1 << 16;

    private final SymmetricCipher cipher;
    private final SecureRandom random;
    private final boolean cbcKeyStream;

    /**
     * {@code cbcKeyStream}: CFB through AES/CBC ({@link CipherPath#JDK_FAST}), else through AES/CFB
     * ({@link CipherPath#JDK_CIPHER}).
     */
    FastCfbEncryptorBuilder(SymmetricCipher cipher, SecureRandom random, boolean cbcKeyStream) {
        if (!cipher.isAes()) {
            throw new IllegalArgumentException("the JDK path does AES only, not " + cipher);
        }
        this.cipher = cipher;
        this.random = random;
        this.cbcKeyStream = cbcKeyStream;
    }

    @Override
    public int getAlgorithm() {
        return cipher.tag();
    }

    @Override
    public int getAeadAlgorithm() {
        return -1;
    }

    @Override
    public int getChunkSize() {
        return 0;
    }

    @Override
    public boolean isV5StyleAEAD() {
        return false;
    }

    @Override
    public SecureRandom getSecureRandom() {
        return random;
    }

    @Override
    public PGPDataEncryptorBuilder setWithIntegrityPacket(boolean withIntegrityPacket) {
        if (!withIntegrityPacket) {
            throw new UnsupportedOperationException("the lab always writes integrity-protected data");
        }
        return this;
    }

    @Override
    public PGPDataEncryptorBuilder setWithAEAD(int aeadAlgorithm, int chunkSize) {
        throw new UnsupportedOperationException("AEAD is not on the JDK path");
    }

    @Override
    public PGPDataEncryptorBuilder setUseV5AEAD() {
        throw new UnsupportedOperationException("AEAD is not on the JDK path");
    }

    @Override
    public PGPDataEncryptorBuilder setUseV6AEAD() {
        throw new UnsupportedOperationException("AEAD is not on the JDK path");
    }

    @Override
    public PGPDataEncryptor build(byte[] keyBytes) throws PGPException {
        try {
            PGPDigestCalculator mdc = JdkDigests.calculator(HashAlgorithmTags.SHA1);
            OutputStreamFactory streams;
            if (cbcKeyStream) {
                CbcKeyStreamCfb cfb = CbcKeyStreamCfb.encryptor(keyBytes, CHUNK);
                streams = out -> new CbcKeyStreamStream(out, cfb);
            } else {
                Cipher c = Cipher.getInstance("AES/CFB/NoPadding");
                c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(keyBytes, "AES"), new IvParameterSpec(new byte[16]));
                streams = out -> new CipherChunkStream(out, c);
            }
            return new PGPDataEncryptor() {
                @Override
                public OutputStream getOutputStream(OutputStream out) {
                    return streams.wrap(out);
                }

                @Override
                public PGPDigestCalculator getIntegrityCalculator() {
                    return mdc;
                }

                @Override
                public int getBlockSize() {
                    return 16;
                }
            };
        } catch (GeneralSecurityException e) {
            throw new PGPException("the JDK cannot do AES or SHA-1: " + e.getMessage(), e);
        }
    }

    private interface OutputStreamFactory {
        OutputStream wrap(OutputStream out);
    }

    /**
     * Encrypts whatever is written in 64 KiB chunks into one reused buffer; close() finishes CFB and closes the packet
     * stream. The two subclasses differ only in the code that encrypts a chunk, which is what
     * {@link CipherPath#JDK_FAST} and {@link CipherPath#JDK_CIPHER} compare.
     */
    private abstract static class ChunkedCfbStream extends BlockWriteStream {
        private final OutputStream out;
        private final byte[] buffer;
        private boolean closed;

        ChunkedCfbStream(OutputStream out, int bufferBytes) {
            this.out = out;
            this.buffer = new byte[bufferBytes];
        }

        /** Encrypts {@code n} bytes of {@code b} from {@code off} into {@code dst}; returns the bytes produced. */
        abstract int encrypt(byte[] b, int off, int n, byte[] dst) throws IOException;

        /** Writes what the cipher still holds into {@code dst}; returns the bytes produced. */
        abstract int finish(byte[] dst) throws IOException;

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            while (len > 0) {
                int n = Math.min(len, CHUNK);
                out.write(buffer, 0, encrypt(b, off, n, buffer));
                off += n;
                len -= n;
            }
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            out.write(buffer, 0, finish(buffer));
            out.close();
        }
    }

    /** CFB through the JDK's AES/CBC ({@link CbcKeyStreamCfb}): a byte in, a byte out, nothing held back. */
    private static final class CbcKeyStreamStream extends ChunkedCfbStream {
        private final CbcKeyStreamCfb cfb;

        CbcKeyStreamStream(OutputStream out, CbcKeyStreamCfb cfb) {
            super(out, CHUNK);
            this.cfb = cfb;
        }

        @Override
        int encrypt(byte[] b, int off, int n, byte[] dst) throws IOException {
            try {
                cfb.encrypt(b, off, n, dst, 0);
            } catch (GeneralSecurityException e) {
                throw new IOException("AES/CBC failed: " + e.getMessage(), e);
            }
            return n;
        }

        @Override
        int finish(byte[] dst) {
            return 0;
        }
    }

    /** CFB through the JDK's public {@code AES/CFB/NoPadding} cipher, which may hold back up to a block. */
    private static final class CipherChunkStream extends ChunkedCfbStream {
        private final Cipher cipher;

        CipherChunkStream(OutputStream out, Cipher cipher) {
            super(out, CHUNK + 16);
            this.cipher = cipher;
        }

        @Override
        int encrypt(byte[] b, int off, int n, byte[] dst) throws IOException {
            try {
                return cipher.update(b, off, n, dst, 0);
            } catch (GeneralSecurityException e) {
                throw new IOException("AES/CFB failed: " + e.getMessage(), e);
            }
        }

        @Override
        int finish(byte[] dst) throws IOException {
            try {
                return cipher.doFinal(dst, 0);
            } catch (GeneralSecurityException e) {
                throw new IOException("AES/CFB failed: " + e.getMessage(), e);
            }
        }
    }
}
