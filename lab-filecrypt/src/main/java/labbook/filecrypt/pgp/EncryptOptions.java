package labbook.filecrypt.pgp;

import labbook.core.LabException;

/**
 * Everything that shapes an encrypted file, as gpg's options name it: {@code --cipher-algo}, {@code --compress-algo},
 * {@code -z}, {@code --s2k-count}, {@code --s2k-digest-algo}, {@code --armor}; plus which deflate writes ZIP and which
 * code computes the cipher layer (the lab's two knobs), and how many threads compress.
 *
 * @param level 0-9 as gpg's {@code -z}; 0 writes no compressed packet at all, whatever the algorithm
 * @param s2kCount bytes hashed by the S2K, rounded up as gpg rounds {@code --s2k-count}
 * @param threads compressing threads: 1 is gpg's way (and the lab's measured engines'); above 1, ZIP and ZLIB are
 *     deflated by {@link ParallelDeflateStream} into the same kind of stream, and BZIP2 stays on one thread
 */
public record EncryptOptions(
        SymmetricCipher cipher,
        Compression compression,
        int level,
        long s2kCount,
        S2kDigest s2kDigest,
        boolean armor,
        ZipDeflater zipDeflater,
        CipherPath cipherPath,
        int threads) {

    /** The S2K count the lab pins on both sides in timed runs (gpg would otherwise calibrate to ~100 ms). */
    public static final long PINNED_S2K_COUNT = 65_536;

    /** gpg -c's defaults, as Debian's gpg 2.2 has them: {@link #defaults()} and the encrypt command's fallbacks. */
    public static final SymmetricCipher DEFAULT_CIPHER = SymmetricCipher.AES256;

    public static final Compression DEFAULT_COMPRESSION = Compression.ZIP;
    public static final int DEFAULT_LEVEL = 6;
    /**
     * SHA-1: gpg's default S2K hash, 2.2's as 2.0.22's, which the crypto tool left unset (the S2K mode, 3, is gpg's
     * default too; its count is the one setting the lab pins: 2.2 calibrates it, 2.0 used 65,536).
     */
    public static final S2kDigest DEFAULT_S2K_DIGEST = S2kDigest.SHA1;
    /** The lab's own cipher layer ({@link CipherPath#JDK_FAST}): the fastest of its four. */
    public static final CipherPath DEFAULT_CIPHER_PATH = CipherPath.JDK_FAST;

    /** More threads than this only cost memory (each holds a few 128 KiB blocks). */
    public static final int MAX_THREADS = 256;

    public EncryptOptions {
        if (level < 0 || level > 9) {
            throw new LabException("compression level " + level + " is out of range (0 to 9)");
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw new LabException("compression threads " + threads + " is out of range (1 to " + MAX_THREADS + ")");
        }
        S2kCount.encode(s2kCount);
    }

    /** The {@code encrypt} command's default thread count: one per core this JVM may use. */
    public static int defaultThreads() {
        return Math.min(Runtime.getRuntime().availableProcessors(), MAX_THREADS);
    }

    /** gpg -c as Debian's gpg 2.2 does it (AES-256, MDC, ZIP level 6) with the lab's pinned S2K count. */
    public static EncryptOptions defaults() {
        return new EncryptOptions(
                DEFAULT_CIPHER,
                DEFAULT_COMPRESSION,
                DEFAULT_LEVEL,
                PINNED_S2K_COUNT,
                DEFAULT_S2K_DIGEST,
                false,
                ZipDeflater.gpgWindow(),
                DEFAULT_CIPHER_PATH,
                1);
    }

    public EncryptOptions withLevel(int newLevel) {
        return new EncryptOptions(
                cipher, compression, newLevel, s2kCount, s2kDigest, armor, zipDeflater, cipherPath, threads);
    }

    public EncryptOptions withCompression(Compression algo) {
        return new EncryptOptions(cipher, algo, level, s2kCount, s2kDigest, armor, zipDeflater, cipherPath, threads);
    }

    public EncryptOptions withCipher(SymmetricCipher c) {
        return new EncryptOptions(c, compression, level, s2kCount, s2kDigest, armor, zipDeflater, cipherPath, threads);
    }

    public EncryptOptions withS2k(long count, S2kDigest digest) {
        return new EncryptOptions(cipher, compression, level, count, digest, armor, zipDeflater, cipherPath, threads);
    }

    public EncryptOptions withArmor(boolean a) {
        return new EncryptOptions(cipher, compression, level, s2kCount, s2kDigest, a, zipDeflater, cipherPath, threads);
    }

    public EncryptOptions withZipDeflater(ZipDeflater d) {
        return new EncryptOptions(cipher, compression, level, s2kCount, s2kDigest, armor, d, cipherPath, threads);
    }

    public EncryptOptions withCipherPath(CipherPath p) {
        return new EncryptOptions(cipher, compression, level, s2kCount, s2kDigest, armor, zipDeflater, p, threads);
    }

    public EncryptOptions withThreads(int n) {
        return new EncryptOptions(cipher, compression, level, s2kCount, s2kDigest, armor, zipDeflater, cipherPath, n);
    }

    /** Whether the compressed packet is deflated by several threads: ZIP or ZLIB at -z 1-9 with threads above 1. */
    public boolean compressesInParallel() {
        return threads > 1 && compresses() && compression != Compression.BZIP2;
    }

    /** Whether a compressed packet is written: gpg writes none at -z 0 or with --compress-algo none. */
    public boolean compresses() {
        return level > 0 && compression != Compression.NONE;
    }
}
