package labbook.filecrypt.experiments.levelsweep;

import java.nio.file.Path;
import java.util.List;
import labbook.filecrypt.experiments.Encryptions;
import labbook.filecrypt.pgp.EncryptOptions;

/**
 * A level-sweep variant's warm-up in its own JVM before anything is timed: the JIT, for its in-process code path (and
 * its decryption), the page cache and gpg's first start.
 */
final class LevelSweepWarmUp {
    private LevelSweepWarmUp() {}

    /**
     * Rounds of bcpg's decrypt warm-up on the 1 MB file. Its hot code is the JDK's AES, SHA-1 and zlib, compiled or
     * native early, so the largest file's first timed repeat falls within the later ones' spread on the decrypting
     * thread's clock.
     */
    static final int DECRYPT_JIT_ROUNDS = 100;

    /**
     * {@link Encryptions#JIT_ROUNDS} untimed in-process rounds of the variant's code path on {@code small} (until C2 is
     * done; the parallel engine's too, as nothing else compiled the cipher and the MDC in its JVM); with
     * {@code decrypts} (the one-thread variant, which runs gpg), gpg's first start in its GNUPGHOME and
     * {@link #DECRYPT_JIT_ROUNDS} untimed decryptions of {@code small} as gpg encrypted it; then a pass of in-process
     * bcpg over every file at the variant's options (the page cache, and the timed files' sizes).
     */
    static void run(Encryptions enc, LevelDecrypts decrypts, Path small, List<Path> files, EncryptOptions options) {
        enc.warmUpInProcess(small, List.of(options), Encryptions.JIT_ROUNDS);
        if (decrypts != null) {
            decrypts.warmUp(small, options, DECRYPT_JIT_ROUNDS); // gpg's first run: it encrypts what is decrypted
        }
        enc.warmUpFiles(files, options);
    }
}
