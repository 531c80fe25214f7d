package labbook.filecrypt.pgp;

import java.util.Locale;
import labbook.core.LabException;

/**
 * How the SEIPD (encrypted, integrity protected) layer is computed when encrypting.
 *
 * <p>This is where a naive BouncyCastle pipeline loses to gpg at {@code -z 0}: the cipher and the MDC's SHA-1 see every
 * byte, and which implementation of each runs decides the speed.
 */
public enum CipherPath {
    /**
     * The lab's path: CFB computed through the JDK's {@code AES/CBC/NoPadding} (its loop compiled to AES-NI; see
     * {@link CbcKeyStreamCfb}), and the JDK's SHA-1 (SHA-NI where the CPU has it) for the MDC. Public API only, the
     * same on every JDK. BouncyCastle still frames every packet.
     */
    JDK_FAST,
    /**
     * As {@link #JDK_FAST} but through the JDK's {@code AES/CFB/NoPadding}: isolates what computing CFB through CBC
     * gains.
     */
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
        throw new LabException(
                "unknown cipher path '" + text + "' (use jdk-fast, jdk-cipher, bc-jce or bc-lightweight)");
    }
}
