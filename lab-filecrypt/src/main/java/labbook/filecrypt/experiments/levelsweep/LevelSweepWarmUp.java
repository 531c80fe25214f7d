package labbook.filecrypt.experiments.levelsweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.Progress;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.experiments.Encryptions;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.levelsweep.LevelSweepExperiment.Plan;
import labbook.filecrypt.pgp.Compression;
import labbook.filecrypt.pgp.EncryptOptions;
import me.tongfei.progressbar.ProgressBar;

/**
 * The level sweep's warm-up before anything is timed: the JIT, for every in-process code path, the page cache and gpg's
 * first start.
 */
final class LevelSweepWarmUp {
    private LevelSweepWarmUp() {}

    /**
     * Rounds of the parallel engine's own warm-up, after the single-threaded one: only the hand-over of deflate blocks
     * between threads is code the single-threaded rounds did not already compile (the cipher, MDC and literal packet
     * are the same), so a few rounds make its first timed repeat as fast as the later ones.
     */
    static final int PARALLEL_JIT_ROUNDS = 40;

    /**
     * Rounds of bcpg's decrypt warm-up on the 1 MB file, per decrypt code path (-z 0, and each algorithm that
     * inflates). Its hot code is the JDK's AES, SHA-1 and zlib, compiled or native early, so the largest file's first
     * timed repeat falls within the later ones' spread on the decrypting thread's clock.
     */
    static final int DECRYPT_JIT_ROUNDS = 100;

    /**
     * JIT, page cache and gpg's first start: {@link Encryptions#JIT_ROUNDS} untimed in-process rounds on the 1 MB file
     * of every distinct Java code path among the levels (until C2 is done; with native zlib, every ZIP level above 0 is
     * one path: the level only reaches zlib's deflateInit2), then a pass of gpg and in-process bcpg over every file at
     * the first compressing level, the page cache's and gpg's part (the command line runs once, on the 1 MB file, to
     * make its CDS archive). Then bcpg's decryption, {@link #DECRYPT_JIT_ROUNDS} untimed rounds on the same file as gpg
     * encrypted it, per decrypt code path ({@link LevelDecrypts#warmUp}).
     */
    static void run(Encryptions enc, LevelDecrypts decrypts, Corpus corpus, Plan plan, int threads) {
        List<EncryptOptions> variants = new ArrayList<>();
        List<EncryptOptions> parallel = new ArrayList<>();
        for (Compression algo : plan.algos()) {
            for (int level : plan.levels()) {
                variants.add(EncryptOptions.defaults().withCompression(algo).withLevel(level));
                parallel.add(variants.get(variants.size() - 1).withThreads(threads));
            }
        }
        EncryptOptions pass =
                variants.stream().filter(EncryptOptions::compresses).findFirst().orElse(variants.get(0));
        Path small = corpus.files().stream()
                .filter(p -> Corpus.size(p) <= 1_000_000)
                .max((a, b) -> Long.compare(Corpus.size(a), Corpus.size(b)))
                .orElse(corpus.largest());
        int rounds = Encryptions.JIT_ROUNDS;
        try (ProgressBar bar = Progress.bar(
                "warm-up",
                rounds
                        + PARALLEL_JIT_ROUNDS
                        + DECRYPT_JIT_ROUNDS
                        + (long) corpus.files().size(),
                "steps")) {
            enc.warmUpInProcess(small, variants, rounds, bar::step);
            enc.warmUpInProcess(
                    small,
                    parallel.stream()
                            .filter(EncryptOptions::compressesInParallel)
                            .toList(),
                    PARALLEL_JIT_ROUNDS,
                    bar::step);
            decrypts.warmUp(small, variants, DECRYPT_JIT_ROUNDS, bar::step);
            // the command line's first run, untimed: its JAR and class-data archive into the page cache
            enc.run(Engine.BCPG_PROCESS, small, pass);
            enc.warmUpFiles(corpus.files(), pass, bar::step);
        }
    }
}
