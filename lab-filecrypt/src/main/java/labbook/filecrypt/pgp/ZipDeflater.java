package labbook.filecrypt.pgp;

import java.util.Locale;
import labbook.core.KebabLabel;
import labbook.core.LabException;

/**
 * Which deflate writes the ZIP (raw deflate) packet.
 *
 * <p>gpg's ZIP is zlib's raw deflate with an 8 KiB window ({@code windowBits -13}); the JDK's
 * {@link java.util.zip.Deflater} always uses 32 KiB, so at the same level it finds longer matches and writes smaller
 * files (2 MB of text at level 6: 732,173 B from gpg, 664,580 B from the JDK), and at level 9 it takes far longer. To
 * compare like for like, the default is gpg's window: the system zlib itself where the JVM allows native calls
 * ({@link NativeZlib}), else JZlib.
 */
public enum ZipDeflater implements KebabLabel {
    /** The system zlib through the foreign-function API, 8 KiB window: what gpg runs. */
    ZLIB_8K,
    /** JZlib (pure Java), 8 KiB window, memLevel 8: gpg's sizes, about twice zlib's time. */
    JZLIB_8K,
    /** The JDK's Deflater (native zlib), 32 KiB window: smaller output than gpg's. */
    JDK_32K;

    /** gpg's window, as fast as this JVM allows: native zlib if it can be called, else JZlib. */
    public static ZipDeflater gpgWindow() {
        return NativeZlib.available() ? ZLIB_8K : JZLIB_8K;
    }

    /** zlib-8k, jzlib-8k, jdk-32k, or auto (= {@link #gpgWindow()}). */
    public static ZipDeflater parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("auto")) {
            return gpgWindow();
        }
        for (ZipDeflater d : values()) {
            if (d.label().equals(t)) {
                if (d == ZLIB_8K && !NativeZlib.available()) {
                    throw new LabException("--zip-deflater zlib-8k is not available here: " + NativeZlib.describe());
                }
                return d;
            }
        }
        throw new LabException("unknown ZIP deflater '" + text + "' (use auto, zlib-8k, jzlib-8k or jdk-32k)");
    }
}
