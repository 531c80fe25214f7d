package labbook.wallet.format;

import java.security.MessageDigest;

/** The payload's SHA-1, standard or with KF5's little-endian words, fed piece by piece. */
interface PayloadDigest {
    void update(byte[] b, int off, int len);

    void finish(byte[] out, int off);

    static PayloadDigest of(boolean littleEndianWords) {
        if (littleEndianWords) {
            LittleEndianWordSha1 d = new LittleEndianWordSha1();
            return new PayloadDigest() {
                public void update(byte[] b, int off, int len) {
                    d.update(b, off, len);
                }

                public void finish(byte[] out, int off) {
                    d.doFinal(out, off);
                }
            };
        }
        MessageDigest d = WalletKeys.md("SHA-1");
        return new PayloadDigest() {
            public void update(byte[] b, int off, int len) {
                d.update(b, off, len);
            }

            public void finish(byte[] out, int off) {
                try {
                    d.digest(out, off, 20);
                } catch (java.security.DigestException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }
}
