package labbook.filecrypt.pgp;

import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.openpgp.operator.PGPDigestCalculator;

/**
 * OpenPGP's hashes on the JDK's MessageDigest: the names {@link S2kKey} looks them up by, and a BouncyCastle digest
 * calculator for the encryptor's MDC. Why: BouncyCastle's own digests are pure Java, and the JDK's SHA-1 and SHA-2
 * compile to SHA-NI (or AVX2) on HotSpot.
 */
final class JdkDigests {
    private JdkDigests() {}

    /** The JDK's name of an OpenPGP hash, or null when the JDK has none (RIPEMD-160). */
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

    /** A calculator for {@code algorithm}, an OpenPGP hash tag the JDK has ({@link #jdkName} not null). */
    static PGPDigestCalculator calculator(int algorithm) {
        String name = jdkName(algorithm);
        if (name == null) {
            throw new IllegalArgumentException("the JDK has no OpenPGP hash " + algorithm);
        }
        try {
            return new Calculator(algorithm, MessageDigest.getInstance(name));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no " + name + ": " + e.getMessage(), e);
        }
    }

    private static final class Calculator extends OutputStream implements PGPDigestCalculator {
        private final int algorithm;
        private final MessageDigest digest;

        Calculator(int algorithm, MessageDigest digest) {
            this.algorithm = algorithm;
            this.digest = digest;
        }

        @Override
        public void write(int b) {
            digest.update((byte) b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            digest.update(b, off, len);
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
            return digest.digest();
        }

        @Override
        public void reset() {
            digest.reset();
        }
    }
}
