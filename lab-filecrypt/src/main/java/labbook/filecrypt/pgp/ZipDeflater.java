package labbook.filecrypt.pgp;

import java.util.Locale;
import labbook.core.LabException;

/**
 * Which deflate writes the ZIP (raw deflate) packet.
 *
 * <p>gpg's ZIP is zlib's raw deflate with an 8 KiB window ({@code windowBits -13}); the JDK's
 * {@link java.util.zip.Deflater} always uses 32 KiB, so at the same level it finds longer matches
 * and writes smaller files (2 MB of text at level 6: 732,173 B from gpg, 664,580 B from the JDK).
 * To compare sizes like for like, the default is JZlib with gpg's window.
 */
public enum ZipDeflater {
    /** JZlib, raw deflate, 8 KiB window, memLevel 8: gpg's sizes, in pure Java. */
    GPG_WINDOW,
    /** The JDK's Deflater (native zlib), raw deflate, 32 KiB window: smaller output than gpg. */
    JDK;

    public String label() {
        return this == GPG_WINDOW ? "jzlib-8k" : "jdk-32k";
    }

    public static ZipDeflater parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("jzlib-8k") || t.equals("gpg")) {
            return GPG_WINDOW;
        }
        if (t.equals("jdk-32k") || t.equals("jdk")) {
            return JDK;
        }
        throw new LabException("unknown ZIP deflater '" + text + "' (use jzlib-8k or jdk-32k)");
    }
}
