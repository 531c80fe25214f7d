package labbook.filecrypt.pgp;

import java.util.Locale;
import labbook.core.LabException;

/**
 * How the SEIPD (encrypted, integrity protected) layer is computed when encrypting.
 *
 * <p>This is where a naive BouncyCastle pipeline loses to gpg at {@code -z 0}: the cipher and the
 * MDC's SHA-1 see every byte, and which implementation of each runs decides the speed.
 */
public enum CipherPath {
    /**
     * The lab's path: the JDK's AES block function (AES-NI) in a tight CFB loop ({@link JdkAesCfb};
     * the JDK's {@code AES/CFB/NoPadding} when that is not opened to us), and the JDK's SHA-1
     * (SHA-NI where the CPU has it) for the MDC. BouncyCastle still frames every packet.
     */
    JDK_FAST,
    /** As {@link #JDK_FAST} but always through the public {@code Cipher} API: isolates what the direct CFB loop gains. */
    JDK_CIPHER,
    /** BouncyCastle's own JCE builder on the JDK provider: JDK AES, but BC's pure-Java SHA-1 for the MDC. */
    BC_JCE,
    /** BouncyCastle's lightweight API: BC's pure-Java AES engine and SHA-1. */
    BC_LIGHTWEIGHT;

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static CipherPath parse(String text) {
        for (CipherPath p : values()) {
            if (p.label().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new LabException("unknown cipher path '" + text + "' (use jdk-fast, jdk-cipher, bc-jce or bc-lightweight)");
    }
}
