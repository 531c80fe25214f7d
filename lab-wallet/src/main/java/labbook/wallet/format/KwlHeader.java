package labbook.wallet.format;

/**
 * The four bytes after the magic: major, minor (0 legacy SHA-1 key, 1 PBKDF2 key), cipher (0 Blowfish "ECB", 1 3DES, 2
 * GPG, 3 Blowfish CBC) and hash (0 SHA-1, 1 MD5, 2 PBKDF2-SHA512).
 */
public record KwlHeader(int major, int minor, int cipher, int hash) {
    public static final int CIPHER_BLOWFISH_ECB = 0;
    public static final int CIPHER_3DES = 1;
    public static final int CIPHER_GPG = 2;
    public static final int CIPHER_BLOWFISH_CBC = 3;
    public static final int HASH_SHA1 = 0;
    public static final int HASH_MD5 = 1;
    public static final int HASH_PBKDF2_SHA512 = 2;

    public static KwlHeader of(byte[] file, int offset) {
        return new KwlHeader(
                file[offset] & 0xFF, file[offset + 1] & 0xFF, file[offset + 2] & 0xFF, file[offset + 3] & 0xFF);
    }

    public boolean pbkdf2Key() {
        return minor == 1;
    }

    public boolean cbc() {
        return cipher == CIPHER_BLOWFISH_CBC;
    }

    /** Refuses what KWallet's own reader refuses (same checks, same order: version, then cipher and hash). */
    public void checkSupported() throws BadWalletException {
        if (major != 0 || (minor != 0 && minor != 1)) {
            throw new BadWalletException("unsupported wallet version " + major + "." + minor);
        }
        switch (cipher) {
            case CIPHER_BLOWFISH_ECB, CIPHER_BLOWFISH_CBC -> {}
            case CIPHER_3DES ->
                throw new BadWalletException(
                        "its cipher is 3DES (cipher 1), which KWallet never implemented and this lab does not support");
            case CIPHER_GPG ->
                throw new BadWalletException(
                        "it is a GPG-encrypted wallet (cipher 2), which this lab does not support");
            default -> throw new BadWalletException("unknown cipher " + cipher);
        }
        switch (hash) {
            case HASH_SHA1, HASH_PBKDF2_SHA512 -> {}
            case HASH_MD5 -> throw new BadWalletException("its hash is MD5 (hash 1), which KWallet never implemented");
            default -> throw new BadWalletException("unknown hash " + hash);
        }
    }

    @Override
    public String toString() {
        return String.format("%02x %02x %02x %02x", major, minor, cipher, hash);
    }
}
