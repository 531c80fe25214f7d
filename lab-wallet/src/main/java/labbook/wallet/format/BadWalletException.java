package labbook.wallet.format;

/**
 * A wallet file that cannot be opened: wrong password, damaged, truncated, not a wallet, or a cipher this lab does not
 * support. The message says why, in words a user can act on, and never holds a secret; the file layer adds the file's
 * name.
 */
public class BadWalletException extends Exception {
    private static final long serialVersionUID = 1L;

    public BadWalletException(String reason) {
        super(reason);
    }
}
