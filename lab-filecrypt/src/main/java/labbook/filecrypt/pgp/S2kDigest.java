package labbook.filecrypt.pgp;

import java.util.Locale;
import labbook.core.LabException;
import org.bouncycastle.bcpg.HashAlgorithmTags;

/** Hash algorithms for the iterated and salted S2K, by gpg's {@code --s2k-digest-algo} names. */
public enum S2kDigest {
    SHA1(HashAlgorithmTags.SHA1),
    SHA224(HashAlgorithmTags.SHA224),
    SHA256(HashAlgorithmTags.SHA256),
    SHA384(HashAlgorithmTags.SHA384),
    SHA512(HashAlgorithmTags.SHA512),
    RIPEMD160(HashAlgorithmTags.RIPEMD160);

    private final int tag;

    S2kDigest(int tag) {
        this.tag = tag;
    }

    public int tag() {
        return tag;
    }

    public String gpgName() {
        return name();
    }

    public static S2kDigest parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT).replace("-", "");
        for (S2kDigest d : values()) {
            if (d.name().equals(t)) {
                return d;
            }
        }
        throw new LabException(
                "unknown S2K digest '" + text + "' (use SHA1, SHA224, SHA256, SHA384, SHA512 or RIPEMD160)");
    }
}
