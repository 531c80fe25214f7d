package labbook.filecrypt.pgp;

import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.operator.PGPDigestCalculator;
import org.bouncycastle.openpgp.operator.PGPDigestCalculatorProvider;
import org.bouncycastle.openpgp.operator.bc.BcPGPDigestCalculatorProvider;

/**
 * BouncyCastle's digest calculators on the JDK's MessageDigest, for the encryptor's MDC (and the
 * names {@link S2kKey} looks digests up by). Why: BC's own digests are pure Java, and the JDK's
 * SHA-1 and SHA-2 compile to SHA-NI (or AVX2) on HotSpot. BouncyCastle also writes its packet
 * headers and the literal packet's few bytes into the MDC, so small writes are gathered into 8 KiB
 * before they reach the digest. Digests the JDK lacks (RIPEMD-160) stay on BC.
 */
public final class JdkDigests implements PGPDigestCalculatorProvider {
    private static final int GATHER = 8 << 10;

    @Override
    public PGPDigestCalculator get(int algorithm) throws PGPException {
        String name = jdkName(algorithm);
        if (name == null) {
            return new BcPGPDigestCalculatorProvider().get(algorithm);
        }
        try {
            return new Calculator(algorithm, MessageDigest.getInstance(name));
        } catch (NoSuchAlgorithmException e) {
            throw new PGPException("the JDK has no " + name + ": " + e.getMessage(), e);
        }
    }

    /** The calculator for {@code algorithm} (an OpenPGP hash tag), for callers that cannot take a checked exception. */
    static PGPDigestCalculator calculator(int algorithm) {
        try {
            return new JdkDigests().get(algorithm);
        } catch (PGPException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** The JDK's name of an OpenPGP hash, or null when the JDK has none. */
    static String jdkName(int algorithm) {
        return switch (algorithm) {
            case HashAlgorithmTags.SHA1 -> "SHA-1";
            case HashAlgorithmTags.SHA224 -> "SHA-224";
            case HashAlgorithmTags.SHA256 -> "SHA-256";
            case HashAlgorithmTags.SHA384 -> "SHA-384";
            case HashAlgorithmTags.SHA512 -> "SHA-512";
            default -> null;
        };
    }

    /**
     * Gathers writes into {@link #GATHER} bytes for the digest. Not a BufferedOutputStream: its
     * synchronized writes take a lock per call, and a digest call per small write costs more than gathering.
     */
    private static final class Calculator extends OutputStream implements PGPDigestCalculator {
        private final int algorithm;
        private final MessageDigest digest;
        private final byte[] gathered = new byte[GATHER];
        private int count;

        Calculator(int algorithm, MessageDigest digest) {
            this.algorithm = algorithm;
            this.digest = digest;
        }

        @Override
        public void write(int b) {
            if (count == GATHER) {
                drain();
            }
            gathered[count++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (len > GATHER - count) {
                drain();
                if (len >= GATHER) {
                    digest.update(b, off, len); // the MDC's 64 KiB chunks go straight through
                    return;
                }
            }
            System.arraycopy(b, off, gathered, count, len);
            count += len;
        }

        private void drain() {
            digest.update(gathered, 0, count);
            count = 0;
        }

        @Override
        public int getAlgorithm() {
            return algorithm;
        }

        @Override
        public OutputStream getOutputStream() {
            return this;
        }

        @Override
        public byte[] getDigest() {
            drain();
            return digest.digest();
        }

        @Override
        public void reset() {
            count = 0;
            digest.reset();
        }
    }
}
