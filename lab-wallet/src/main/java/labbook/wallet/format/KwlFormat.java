package labbook.wallet.format;

/** The two generations this lab writes: what 2009's KDE4 wrote, and what KF5 and later write. */
public enum KwlFormat {
    /** Header 00 00 00 00: legacy SHA-1 key, little-endian-word Blowfish, ECB, standard SHA-1. */
    KDE4(new KwlHeader(0, 0, KwlHeader.CIPHER_BLOWFISH_ECB, KwlHeader.HASH_SHA1), Dialect.KDE4),
    /** Header 00 01 03 02: PBKDF2-SHA512 key (with a .salt file), standard Blowfish CBC, little-endian-word SHA-1. */
    KF5(new KwlHeader(0, 1, KwlHeader.CIPHER_BLOWFISH_CBC, KwlHeader.HASH_PBKDF2_SHA512), Dialect.KF5);

    @SuppressWarnings("ImmutableEnumChecker") // a header of final fields, never changed
    private final KwlHeader header;

    @SuppressWarnings("ImmutableEnumChecker") // a dialect of final fields, never changed
    private final Dialect dialect;

    KwlFormat(KwlHeader header, Dialect dialect) {
        this.header = header;
        this.dialect = dialect;
    }

    public KwlHeader header() {
        return header;
    }

    public Dialect dialect() {
        return dialect;
    }

    public boolean needsSalt() {
        return header.pbkdf2Key();
    }
}
