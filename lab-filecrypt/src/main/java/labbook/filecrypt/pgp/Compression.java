package labbook.filecrypt.pgp;

import java.util.Locale;
import labbook.core.LabException;
import org.bouncycastle.bcpg.CompressionAlgorithmTags;

/** The OpenPGP compression algorithms, named as gpg's {@code --compress-algo} names them. */
public enum Compression {
    NONE(CompressionAlgorithmTags.UNCOMPRESSED),
    ZIP(CompressionAlgorithmTags.ZIP),
    ZLIB(CompressionAlgorithmTags.ZLIB),
    BZIP2(CompressionAlgorithmTags.BZIP2);

    private final int tag;

    Compression(int tag) {
        this.tag = tag;
    }

    /** The algorithm id in the OpenPGP compressed data packet. */
    public int tag() {
        return tag;
    }

    /** gpg's spelling: zip, zlib, bzip2, none. */
    public String gpgName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Accepts gpg's names ({@code zip}, {@code zlib}, {@code bzip2}, {@code none}/{@code uncompressed}) and ids 0-3.
     */
    public static Compression parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "none", "uncompressed", "0" -> NONE;
            case "zip", "1" -> ZIP;
            case "zlib", "2" -> ZLIB;
            case "bzip2", "3" -> BZIP2;
            default ->
                throw new LabException("unknown compression algorithm '" + text + "' (use zip, zlib, bzip2 or none)");
        };
    }
}
