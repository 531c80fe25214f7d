package labbook.filecrypt.experiments.interop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.PeerResult;
import labbook.core.Progress;
import labbook.core.RowType;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.corpus.QuickCorpus;
import labbook.filecrypt.experiments.Encryptions;
import labbook.filecrypt.experiments.NativeJvm;
import labbook.filecrypt.peer.Gpg;
import labbook.filecrypt.pgp.Compression;
import labbook.filecrypt.pgp.EncryptOptions;
import labbook.filecrypt.pgp.PgpDecryptor;
import labbook.filecrypt.pgp.PgpEncryptor;
import labbook.filecrypt.pgp.S2kDigest;
import labbook.filecrypt.pgp.SymmetricCipher;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;

/**
 * interop: does gpg read what bcpg writes, and bcpg what gpg writes?
 *
 * <p><b>The question.</b> The study replays gpg's runs with a Java encryptor; its figures mean something only if the
 * files are the same kind of file. The seed's tool ran {@code gpg -z N --batch --force-mdc --cipher-algo AES256
 * --symmetric}; each case here is such a command line with one setting changed.
 *
 * <p><b>The baseline.</b> AES-256, MDC, ZIP, S2K count 65,536 with SHA-256, binary output.
 *
 * <p><b>The variants.</b> ZIP at 0, 1, 6, 9; ZLIB and BZIP2 at 1, 6, 9; no compression; every cipher gpg offers for
 * {@code -c}; S2K counts 1,024 and 65,011,712 with SHA-1 and SHA-512; ASCII armor; bcpg compressing on several threads
 * (ZIP on 2, ZLIB on 4, at 1, 6, 9). Each both ways: bcpg encrypts and gpg decrypts ({@code bcpg-to-gpg}), gpg encrypts
 * and bcpg decrypts ({@code gpg-to-bcpg}); a case passes when the decrypted bytes equal the input. The cases on several
 * threads go one way, bcpg to gpg: gpg compresses on one thread whatever bcpg does, so the other way is the
 * single-threaded case again. The input, in both modes, is the 1 MB head of the quick corpus: 8 blocks of the parallel
 * deflate, so 4 threads all work, and many 64 KiB partial packets of literal data. Quick mode used to take its first
 * 256 KiB; that saved a second or two and made its time a poor guide to full mode's (the module README).
 *
 * <p><b>How to run.</b> {@code ./labbook filecrypt interop --quick}, or {@code mvn -q -pl lab-filecrypt exec:java
 * -Dexec.args="interop --quick"}.
 *
 * <p><b>CSV</b> {@code results/filecrypt/interop.csv}, one row per case and direction:
 * {@link FilecryptSchemas#INTEROP}.
 */
@Command(
        name = "interop",
        description = "bcpg output decrypted by gpg and gpg output decrypted by bcpg, across settings.")
public final class InteropExperiment extends ExperimentCommand {
    /**
     * What the time grows with: the bytes each case encrypts and decrypts, the same 1 MB in both modes; for the plan of
     * a mode not yet run here.
     */
    public static double work(Mode mode) {
        return 1_000_000;
    }

    /** The cases: the baseline with one setting changed at a time. */
    static List<EncryptOptions> cases() {
        EncryptOptions base = EncryptOptions.defaults();
        List<EncryptOptions> all = new ArrayList<>();
        for (int level : new int[] {0, 1, 6, 9}) {
            all.add(base.withLevel(level));
        }
        for (Compression algo : List.of(Compression.ZLIB, Compression.BZIP2)) {
            for (int level : new int[] {1, 6, 9}) {
                all.add(base.withCompression(algo).withLevel(level));
            }
        }
        all.add(base.withCompression(Compression.NONE));
        for (SymmetricCipher c : SymmetricCipher.values()) {
            if (c != SymmetricCipher.AES256) {
                all.add(base.withCipher(c));
            }
        }
        all.add(base.withS2k(1024, S2kDigest.SHA1));
        all.add(base.withS2k(65_011_712, S2kDigest.SHA512));
        all.add(base.withArmor(true));
        all.add(base.withArmor(true).withCompression(Compression.BZIP2));
        for (int level : new int[] {1, 6, 9}) {
            all.add(base.withLevel(level).withThreads(2));
            all.add(base.withCompression(Compression.ZLIB).withLevel(level).withThreads(4));
        }
        return all;
    }

    /** Both ways, but bcpg to gpg only when bcpg compresses on several threads (gpg always uses one). */
    static List<String> directions(EncryptOptions o) {
        return o.threads() > 1 ? List.of("bcpg-to-gpg") : List.of("bcpg-to-gpg", "gpg-to-bcpg");
    }

    @Override
    public Integer call() {
        Integer relaunched = NativeJvm.relaunch();
        if (relaunched != null) {
            return relaunched;
        }
        Corpus corpus = QuickCorpus.materialize();
        Path input = corpus.files().stream()
                .filter(p -> Corpus.size(p) == 1_000_000)
                .findFirst()
                .orElse(corpus.largest());
        List<EncryptOptions> cases = cases();
        int attempts = cases.stream().mapToInt(o -> directions(o).size()).sum();
        int passed = 0;
        ConsoleTable failures = new ConsoleTable("direction", "case", "detail");
        try (LabRun run = startRun(FilecryptSchemas.STUDY, "interop");
                Encryptions enc = Encryptions.start();
                CsvResults csv = run.csv(FilecryptSchemas.INTEROP);
                ProgressBar bar = Progress.bar("interop", attempts, "cases")) {
            run.peer("gpg", Gpg.version());
            byte[] original = Files.readAllBytes(input);
            for (EncryptOptions o : cases) {
                for (String direction : directions(o)) {
                    Outcome out = attempt(direction, o, input, original, enc);
                    int threads = direction.equals("bcpg-to-gpg") ? o.threads() : 1;
                    Attempt row = new Attempt(
                            direction,
                            o.cipher().gpgName(),
                            o.compression().gpgName(),
                            o.level(),
                            o.s2kCount(),
                            o.armor(),
                            out.passed,
                            o.s2kDigest().gpgName(),
                            original.length,
                            out.outBytes,
                            out.detail,
                            threads);
                    csv.row(ROW, row);
                    if (out.passed) {
                        passed++;
                    } else {
                        failures.row(direction, describe(o), out.detail);
                    }
                    bar.step();
                }
            }
            csv.commit();
            System.out.println("interop: " + csv.rowCount() + " rows in " + csv.path());
        } catch (IOException e) {
            throw new LabException("cannot read " + input + ": " + e.getMessage(), e);
        }
        System.out.printf(
                "interop: %d of %d cases passed (both ways; bcpg on several threads to gpg) with %s%n",
                passed, attempts, Gpg.version());
        if (passed < attempts) {
            failures.print(System.out);
        }
        return 0;
    }

    record Outcome(boolean passed, long outBytes, String detail) {}

    /** A row of interop.csv: one case in one direction, bound to the schema by {@link #ROW}. */
    record Attempt(
            String direction,
            String cipher,
            String algo,
            int level,
            long s2kCount,
            boolean armor,
            boolean passed,
            String s2kDigest,
            long inBytes,
            long outBytes,
            String detail,
            int compressThreads) {}

    static final RowType<Attempt> ROW = RowType.of(FilecryptSchemas.INTEROP, Attempt.class);

    static Outcome attempt(String direction, EncryptOptions o, Path input, byte[] original, Encryptions enc) {
        Path encrypted = enc.scratch().resolve("interop.gpg");
        Path decrypted = enc.scratch().resolve("interop.out");
        try {
            Files.deleteIfExists(encrypted);
            Files.deleteIfExists(decrypted);
            if (direction.equals("bcpg-to-gpg")) {
                new PgpEncryptor(o).encryptFile(input, encrypted, enc.passphrase());
                PeerResult r = enc.gpg().decrypt(encrypted, decrypted);
                if (!r.ok()) {
                    return new Outcome(false, Files.size(encrypted), firstLine(r.stderr()));
                }
            } else {
                enc.gpg().encrypt(input, encrypted, o).orThrow();
                new PgpDecryptor().decryptFile(encrypted, decrypted, enc.passphrase());
            }
            boolean same = Arrays.equals(Files.readAllBytes(decrypted), original);
            return new Outcome(same, Files.size(encrypted), same ? "" : "decrypted bytes differ from the input");
        } catch (LabException | IOException e) {
            long size = Files.exists(encrypted) ? Corpus.size(encrypted) : 0;
            return new Outcome(false, size, firstLine(e.getMessage()));
        }
    }

    static String describe(EncryptOptions o) {
        return o.cipher().gpgName() + " " + o.compression().gpgName() + " -z " + o.level() + " s2k " + o.s2kCount()
                + "/" + o.s2kDigest().gpgName() + (o.armor() ? " armor" : "")
                + (o.threads() > 1 ? " " + o.threads() + " threads" : "");
    }

    private static String firstLine(String s) {
        return s == null
                ? "failed"
                : s.lines()
                        .filter(l -> !l.isBlank())
                        .findFirst()
                        .orElse("failed")
                        .trim();
    }
}
