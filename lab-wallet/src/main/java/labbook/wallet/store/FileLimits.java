package labbook.wallet.store;

/**
 * The size limits of the files the wallet tools read, each read through lab-core's {@link labbook.core.BoundedFile} (a
 * password file's is {@link labbook.core.BoundedFile#SECRET_BYTES}).
 */
public final class FileLimits {
    /** A .salt file holds 56 bytes. */
    public static final int SALT_BYTES = 4 * 1024;
    /** A wallet: 64 MiB, over half a million entries of the seed's size (the full sweep's 100,000 make 12 MB). */
    public static final int WALLET_BYTES = 64 * 1024 * 1024;
    /** A wallet's JSON, as dump prints it (base64 and quoting make it larger than the wallet). */
    public static final int JSON_BYTES = 128 * 1024 * 1024;

    private FileLimits() {}
}
