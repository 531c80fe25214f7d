package labbook.filecrypt.experiments.levelsweep;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.experiments.Encryptions;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.InProcessClock;
import labbook.filecrypt.experiments.Sample;
import labbook.filecrypt.pgp.EncryptOptions;
import labbook.filecrypt.pgp.PgpDecryptor;

/**
 * The level sweep's decrypt rows, in the one-thread variant's JVM ({@link LevelSweepVariant}): the file gpg encrypted
 * in a timed run, decrypted by gpg (a whole process, {@code gpg --decrypt}) and by bcpg in this JVM
 * ({@link PgpDecryptor#decryptFile}), same file, same passphrase, same pinned S2K count, one right after the other.
 * Every output must be the input's bytes (compared outside the clock). One row each in {@code level-decrypt.csv}.
 */
final class LevelDecrypts {
    private final Encryptions enc;
    private final String corpus;
    private int counter;

    LevelDecrypts(Encryptions enc, String corpus) {
        this.enc = enc;
        this.corpus = corpus;
    }

    /**
     * Decrypts {@code encrypted} (gpg's output of {@code file} with {@code options}) with gpg, then bcpg; one row each
     * in {@code csv}.
     */
    void measure(Path file, EncryptOptions options, int repeat, Path encrypted, CsvResults csv) {
        Path out = enc.scratch().resolve("decrypted-" + counter++);
        char[] passphrase = enc.passphrase();
        for (Engine engine : List.of(Engine.GPG, Engine.BCPG_IN_PROCESS)) {
            Sample s = engine == Engine.GPG
                    ? Sample.of(enc.gpg().decrypt(encrypted, out).orThrow(), Corpus.size(out))
                    : InProcessClock.time(
                            () -> new PgpDecryptor().decryptFile(encrypted, out, passphrase), () -> Corpus.size(out));
            checkAndDelete(file, out, engine);
            LevelRows.Decrypted row = new LevelRows.Decrypted(
                    LevelRows.OneLevel.of(corpus, file, engine, options, repeat),
                    s.cpuUserS(),
                    s.cpuSysS(),
                    s.wallS(),
                    Corpus.size(encrypted),
                    engine == Engine.GPG ? "gpg" : PgpDecryptor.cipherPath(options.cipher()),
                    options.s2kCount(),
                    engine == Engine.GPG ? Double.NaN : s.cpuThreadS());
            csv.row(LevelRows.DECRYPTED, row);
        }
    }

    private static void checkAndDelete(Path file, Path decrypted, Engine engine) {
        try {
            if (Files.mismatch(file, decrypted) != -1) {
                throw new LabException(
                        engine.label() + " decrypted gpg's output of " + file + " to other bytes than the input's");
            }
            Files.delete(decrypted);
        } catch (IOException e) {
            throw LabException.cannot("compare with " + file, decrypted, e);
        }
    }

    /**
     * The JIT's warm-up of bcpg's decryption: {@code rounds} untimed decryptions of {@code small} as gpg encrypted it
     * with {@code options}. Through memory, not files: the code that decrypts is the same, and the timed runs' file I/O
     * is the JDK's.
     */
    void warmUp(Path small, EncryptOptions options, int rounds) {
        byte[] encrypted = gpgEncrypted(small, options);
        char[] passphrase = enc.passphrase();
        for (int i = 0; i < rounds; i++) {
            try {
                new PgpDecryptor()
                        .decrypt(new ByteArrayInputStream(encrypted), OutputStream.nullOutputStream(), passphrase);
            } catch (PgpDecryptor.DecryptException e) {
                throw new LabException("cannot decrypt gpg's output of " + small + ": " + e.getMessage(), e);
            }
        }
    }

    private byte[] gpgEncrypted(Path small, EncryptOptions o) {
        Path out = enc.scratch().resolve("warm-up-" + counter++ + ".gpg");
        try {
            enc.gpg().encrypt(small, out, o).orThrow();
            byte[] bytes = Files.readAllBytes(out);
            Files.delete(out);
            return bytes;
        } catch (IOException e) {
            throw LabException.cannot("read", out, e);
        }
    }
}
