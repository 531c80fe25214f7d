package labbook.filecrypt.pgp;

import java.util.Locale;
import labbook.core.LabException;
import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;

/** The ciphers gpg 2.2 offers for {@code -c}, by gpg's {@code --cipher-algo} names. */
public enum SymmetricCipher {
    AES128("AES", SymmetricKeyAlgorithmTags.AES_128),
    AES192("AES192", SymmetricKeyAlgorithmTags.AES_192),
    AES256("AES256", SymmetricKeyAlgorithmTags.AES_256),
    TWOFISH("TWOFISH", SymmetricKeyAlgorithmTags.TWOFISH),
    CAMELLIA128("CAMELLIA128", SymmetricKeyAlgorithmTags.CAMELLIA_128),
    CAMELLIA192("CAMELLIA192", SymmetricKeyAlgorithmTags.CAMELLIA_192),
    CAMELLIA256("CAMELLIA256", SymmetricKeyAlgorithmTags.CAMELLIA_256),
    TRIPLEDES("3DES", SymmetricKeyAlgorithmTags.TRIPLE_DES),
    CAST5("CAST5", SymmetricKeyAlgorithmTags.CAST5),
    BLOWFISH("BLOWFISH", SymmetricKeyAlgorithmTags.BLOWFISH);

    private final String gpgName;
    private final int tag;

    SymmetricCipher(String gpgName, int tag) {
        this.gpgName = gpgName;
        this.tag = tag;
    }

    public String gpgName() {
        return gpgName;
    }

    public int tag() {
        return tag;
    }

    public boolean isAes() {
        return this == AES128 || this == AES192 || this == AES256;
    }

    /** gpg's names (AES, AES128, AES192, AES256, TWOFISH, CAMELLIA128..256, 3DES, CAST5, BLOWFISH), any case. */
    public static SymmetricCipher parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        if (t.equals("AES128")) {
            return AES128;
        }
        for (SymmetricCipher c : values()) {
            if (c.gpgName.equals(t) || c.name().equals(t)) {
                return c;
            }
        }
        throw new LabException("unknown cipher '" + text + "' (use AES, AES192, AES256, TWOFISH, CAMELLIA128, "
                + "CAMELLIA192, CAMELLIA256, 3DES, CAST5 or BLOWFISH)");
    }
}
