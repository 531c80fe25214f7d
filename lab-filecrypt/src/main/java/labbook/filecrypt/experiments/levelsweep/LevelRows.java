package labbook.filecrypt.experiments.levelsweep;

import java.nio.file.Path;
import labbook.core.RowType;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.Sample;
import labbook.filecrypt.pgp.EncryptOptions;

/**
 * The level sweep's rows, each a record bound to its schema by {@link RowType}: a variant's JVM writes them, the sweep
 * reads them back and records them, and a resume reads the kept ones.
 */
final class LevelRows {
    private LevelRows() {}

    /**
     * What a row of level-sweep.csv and of level-decrypt.csv both say (FilecryptSchemas' shared columns but the times):
     * one file, by one engine, at one level, one repeat. Each row holds it as one component, which {@link RowType}
     * flattens into its columns.
     */
    record OneLevel(
            String corpus,
            String file,
            long fileBytes,
            String engine,
            String scope,
            String algo,
            int level,
            int repeat) {
        static OneLevel of(String corpus, Path file, Engine engine, EncryptOptions o, int repeat) {
            return new OneLevel(
                    corpus,
                    file.getFileName().toString(),
                    Corpus.size(file),
                    engine.engine(),
                    engine.scope(),
                    o.compression().gpgName(),
                    o.level(),
                    repeat);
        }
    }

    /**
     * A row of level-sweep.csv: one encryption of one file by one engine, and its {@link Sample} (whose thread CPU is
     * NaN, an empty cell, for a whole process).
     */
    record Encrypted(
            OneLevel at, Sample sample, String deflater, String cipherPath, long s2kCount, int compressThreads) {
        static Encrypted of(String corpus, Path file, Engine engine, EncryptOptions o, int repeat, Sample s) {
            return new Encrypted(
                    OneLevel.of(corpus, file, engine, o, repeat),
                    s,
                    LevelSweepExperiment.deflater(engine, o),
                    engine == Engine.GPG ? "gpg" : o.cipherPath().label(),
                    o.s2kCount(),
                    o.threads());
        }
    }

    static final RowType<Encrypted> ENCRYPTED = RowType.of(FilecryptSchemas.LEVEL_SWEEP, Encrypted.class);

    /**
     * A row of level-decrypt.csv: gpg's output of one file decrypted by one engine; {@code inBytes} is that output's
     * size, {@code cpuThreadS} the decrypting thread's CPU (NaN, an empty cell, for gpg).
     */
    record Decrypted(
            OneLevel at,
            double cpuUserS,
            double cpuSysS,
            double wallS,
            long inBytes,
            String cipherPath,
            long s2kCount,
            double cpuThreadS) {
        Sample sample() {
            return new Sample(cpuUserS, cpuSysS, wallS, 0, cpuThreadS);
        }
    }

    static final RowType<Decrypted> DECRYPTED = RowType.of(FilecryptSchemas.LEVEL_DECRYPT, Decrypted.class);
}
