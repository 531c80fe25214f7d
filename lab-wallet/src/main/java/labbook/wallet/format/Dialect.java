package labbook.wallet.format;

/**
 * KWallet's byte-order quirks, which the header does not record: whether its Blowfish loads each 32-bit word
 * little-endian (KDE4 era, including kwalletd 4.14 writing PBKDF2/CBC wallets) and whether its SHA-1 digest loads and
 * stores words little-endian (KF5 and later).
 */
public record Dialect(boolean blowfishLittleEndianWords, boolean sha1LittleEndianWords) {
    /** What the 2009 benchmark ran, and kwalletd up to 4.14 / kde-runtime 15.04. */
    public static final Dialect KDE4 = new Dialect(true, false);
    /** KF5 and later: standard Blowfish, little-endian-word SHA-1. */
    public static final Dialect KF5 = new Dialect(false, true);

    public static final Dialect BOTH_LITTLE = new Dialect(true, true);
    public static final Dialect STANDARD = new Dialect(false, false);

    @Override
    public String toString() {
        return "blowfish " + (blowfishLittleEndianWords ? "LE-words" : "standard") + ", sha1 "
                + (sha1LittleEndianWords ? "LE-words" : "standard");
    }
}
