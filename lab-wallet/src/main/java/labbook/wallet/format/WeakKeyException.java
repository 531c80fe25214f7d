package labbook.wallet.format;

/**
 * A Blowfish key whose S-boxes hold a duplicate entry. KWallet's BlowFish::init refuses such keys (so a wallet with one
 * can be neither written nor opened), and so does this lab.
 */
public class WeakKeyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public WeakKeyException() {
        super("weak Blowfish key (duplicate S-box entries), which KWallet refuses");
    }
}
