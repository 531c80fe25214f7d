package labbook.wallet.format;

import java.security.MessageDigest;

/** The payload's SHA-1, standard or with KF5's little-endian words, fed piece by piece. */
interface PayloadDigest {
    /**
     * Each sync's SHA-1 is a clone of this one: {@link MessageDigest#getInstance} looks the provider up every time, on
     * the path before a sync's walk starts.
     */
    MessageDigest SHA1 = WalletKeys.md("SHA-1");

    void update(byte[] b, int off, int len);

    void finish(byte[] out, int off);

    static PayloadDigest of(boolean littleEndianWords) {
        if (littleEndianWords) {
            LittleEndianWordSha1 d = new LittleEndianWordSha1();
            return new PayloadDigest() {
                @Override
                public void update(byte[] b, int off, int len) {
                    d.update(b, off, len);
                }

                @Override
                public void finish(byte[] out, int off) {
                    d.doFinal(out, off);
                }
            };
        }
        MessageDigest d = freshSha1();
        return new PayloadDigest() {
            @Override
            public void update(byte[] b, int off, int len) {
                d.update(b, off, len);
            }

            @Override
            public void finish(byte[] out, int off) {
                try {
                    d.digest(out, off, 20);
                } catch (java.security.DigestException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }

    private static MessageDigest freshSha1() {
        try {
            return (MessageDigest) SHA1.clone();
        } catch (CloneNotSupportedException e) {
            return WalletKeys.md("SHA-1"); // a provider whose SHA-1 cannot be cloned
        }
    }
}
