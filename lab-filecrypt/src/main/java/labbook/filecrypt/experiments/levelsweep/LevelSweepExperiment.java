package labbook.filecrypt.experiments.levelsweep;

import static labbook.filecrypt.FilecryptSchemas.ALGO;
import static labbook.filecrypt.FilecryptSchemas.FILE;
import static labbook.filecrypt.FilecryptSchemas.LEVEL;
import static labbook.filecrypt.FilecryptSchemas.REPEAT;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import labbook.core.Column;
import labbook.core.CsvJournal;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.OptionValues;
import labbook.core.Progress;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.experiments.Corpora;
import labbook.filecrypt.experiments.CorpusExperiment;
import labbook.filecrypt.experiments.Encryptions;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.NativeJvm;
import labbook.filecrypt.experiments.Sample;
import labbook.filecrypt.experiments.SampleGroups;
import labbook.filecrypt.experiments.VariantJvm;
import labbook.filecrypt.experiments.VariantJvms;
import labbook.filecrypt.peer.Gpg;
import labbook.filecrypt.pgp.Compression;
import labbook.filecrypt.pgp.EncryptOptions;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 *
 *
 * <h2>level-sweep: CPU time and size against the compression level, gpg beside bcpg</h2>
 *
 * <p><b>The question.</b> The seed: "Initial testing with gpg on text files, showed that there is a significant
 * compression vs. speed tradeoff ... I tested encryption time vs. file size using gpg with four different compression
 * settings [-z 0, 1, 7, 9] ... time was defined as total CPU time (=user time + system time) ... I elected to minimize
 * the encryption time x file size product ... that occurred at the -z 1 compression level." Does the trade-off, and the
 * rule's pick, hold on today's machine, with today's gpg (AES-NI makes -z 0 almost free), and with a Java encryptor?
 *
 * <p><b>The baseline.</b> The real gpg 2.2 as a whole process, as the seed timed it with GNU time: {@code gpg --batch
 * --force-mdc --cipher-algo AES256 --compress-algo zip -z N --s2k-count 65536 --symmetric}, under a throwaway
 * GNUPGHOME; the S2K count is pinned (gpg would calibrate it to ~100 ms of hashing per file, which would hide the
 * compression effect).
 *
 * <p><b>The variants.</b> bcpg, this module's BouncyCastle encryptor, with the same settings and gpg's 8 KiB ZIP window
 * (so sizes compare like for like), timed two ways: inside a warm JVM ({@code scope=in-process}: what a Java service
 * pays) and as a whole process, the command a user types, {@code ./labbook filecrypt encrypt} ({@code scope=process}:
 * what the seed's command-line view pays, launcher and JVM start-up included; after the sweep, {@code encrypt --help}
 * alone is timed too, the start-up's share). Beside them, bcpg in-process compressing on N threads ({@code --threads},
 * default 2; pigz's block-parallel deflate, one ordinary packet) at every level above 0 of ZIP and ZLIB, where wall
 * time, not CPU time, is what it saves; every output of its first repeat is decrypted by gpg (outside the clock) and
 * must give back the input. Each algorithm, level and thread count runs in a JVM of its own ({@link LevelSweepVariant}:
 * the module's declared flags, its own warm-up), so its figures do not depend on the other variants, on
 * {@code --levels} or on the launcher; engines and levels interleave within each repeat so machine noise spreads over
 * all of them. Quick: the embedded GCIDE corpus (10 MB, 5 MB, 2 MB, 1 MB, 10 kB), ZIP at the seed's 0, 1, 7, 9 and
 * gpg's default 6 (where the parallel engine's goal is set), {@value #QUICK_REPEATS} repeats, bcpg as a whole process
 * on the largest file only. Full: enwik8 (or the Debian-built 100 MB text) and its heads, the same algorithm and levels
 * ({@link Plan}), {@value #FULL_REPEATS} repeats of every engine on every file.
 *
 * <p><b>Decryption</b> ({@code level-decrypt.csv}): in every repeat, the file gpg has just written at each level is
 * decrypted, before it is deleted, by gpg ({@code gpg --decrypt}, a whole process) and by bcpg in the level's
 * one-thread JVM (AES and the MDC's SHA-1 on the JDK, {@code PgpDecryptor}), same file, same passphrase and pinned S2K
 * count, after the decrypt path's own JIT warm-up; every output must be the input's bytes (compared outside the clock).
 * Goal: bcpg's decrypt CPU time at most 1.0 x gpg's at every level.
 *
 * <p><b>How to run.</b> {@code ./labbook filecrypt level-sweep --quick}, or {@code mvn -q -pl lab-filecrypt exec:java
 * -Dexec.args="level-sweep --quick"}; {@code --full [--enwik8 FILE]} for the seed's sizes (minutes; the reference run
 * gives its time). Prints, for the largest file, each engine's CPU time and the ratios bcpg / gpg; each engine's wall
 * time and CPU time per MB, the N-thread engine's wall time over gpg's and its size over single-threaded bcpg's; and
 * the level the time x size rule picks per file and engine, by CPU time and by wall time; then each level's decrypt CPU
 * time, gpg's and bcpg's, and their ratio.
 *
 * <p><b>CSV</b> {@code results/filecrypt/level-sweep.csv}, one row per encryption (every repeat):
 * {@link FilecryptSchemas#LEVEL_SWEEP}; {@code level-decrypt.csv}, one row per decryption:
 * {@link FilecryptSchemas#LEVEL_DECRYPT}; {@code cli-startup.csv}, one row per timed {@code encrypt --help}:
 * {@link FilecryptSchemas#CLI_STARTUP}.
 */
@Command(
        name = "level-sweep",
        description = "CPU time and size against the compression level: gpg vs bcpg (in-process and whole process).")
public final class LevelSweepExperiment extends CorpusExperiment {
    @Option(
            names = "--repeats",
            paramLabel = "N",
            description = "Repeats per file, level and engine (default: quick " + QUICK_REPEATS + ", full "
                    + FULL_REPEATS + "; quick times bcpg as a whole process on the largest file only).")
    Integer repeats;

    /** The parallel engine's compressing threads unless {@code --threads} says otherwise: this machine's two cores. */
    static final int DEFAULT_THREADS = 2;

    /** The levels both modes sweep unless {@code --levels} says otherwise: the seed's and gpg's default, 6. */
    static final String DEFAULT_LEVELS = "0,1,6,7,9";

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Compressing threads of the parallel engine, bcpg in-process beside the others (default "
                    + DEFAULT_THREADS + "; at least 2: the single-threaded engines are swept anyway).")
    Integer threads;

    @Option(
            names = "--levels",
            paramLabel = "N,N",
            split = ",",
            description = "Levels to sweep, 0-9 (default, quick and full: " + DEFAULT_LEVELS
                    + ", the seed's and gpg's default).")
    List<Integer> levels;

    @Override
    public Integer call() {
        OptionValues.atLeast("--repeats", repeats, 1, 3); // before anything runs; repeatsFor reads the option
        if (OptionValues.atLeast("--threads", threads, 2, DEFAULT_THREADS) > EncryptOptions.MAX_THREADS) {
            throw LabException.badValue("--threads", threads, "2-" + EncryptOptions.MAX_THREADS);
        }
        for (int level : levels == null ? List.<Integer>of() : levels) {
            if (level < 0 || level > 9) {
                throw LabException.badValue("--levels", level, "compression levels 0-9");
            }
        }
        corpusOptions.checkValues();
        Integer relaunched = NativeJvm.relaunch();
        if (relaunched != null) {
            return relaunched;
        }
        run();
        return 0;
    }

    /**
     * The plan: which algorithms and levels a mode sweeps; {@code levels}, when given, replaces the mode's. Both modes
     * sweep gpg's default algorithm, ZIP, at the seed's levels and at 6 (zlib's default, gpg's own choice when not
     * told): full mode's difference is the corpus, the seed's 100 MB and its heads.
     */
    record Plan(List<Compression> algos, List<Integer> levels) {
        static Plan of(Mode mode, List<Integer> levels) {
            Plan plan = new Plan(List.of(Compression.ZIP), OptionValues.defaultInts(DEFAULT_LEVELS));
            return levels == null
                    ? plan
                    : new Plan(plan.algos(), levels.stream().distinct().sorted().toList());
        }
    }

    /**
     * What the sweep's time grows with: the bytes each engine encrypts over the mode's corpus, levels and repeats, for
     * the plan of a mode not yet run here.
     */
    public static double work(Mode mode) {
        Plan plan = Plan.of(mode, null);
        double bytes = Corpora.textBytes(mode);
        double largest = Corpora.largestTextBytes(mode);
        double work = 0;
        for (int level : plan.levels()) {
            for (SweepEngine e : SweepEngine.sweep(2)) {
                work += repeatsFor(mode, false, e.engine(), level) * (bytes - largest)
                        + repeatsFor(mode, true, e.engine(), level) * largest;
            }
        }
        return work * plan.algos().size();
    }

    record Key(String file, SweepEngine engine, Compression algo, int level) {
        Key(String file, Engine engine, Compression algo, int level) {
            this(file, new SweepEngine(engine, 1), algo, level);
        }
    }

    void run() {
        Mode mode = lab.mode();
        Corpus corpus = corpusOptions.corpus(mode);
        Plan plan = Plan.of(mode, levels);
        Path largest = corpus.largest();
        int n = OptionValues.atLeast("--threads", threads, 2, DEFAULT_THREADS);
        List<SweepEngine> engines = SweepEngine.sweep(n);
        SampleGroups<Key> results = new SampleGroups<>();
        SampleGroups<Key> decrypts = new SampleGroups<>();
        List<Sample> help = new ArrayList<>();
        int readBack = 0;
        try (LabRun run = startRun(FilecryptSchemas.STUDY, "level-sweep");
                CsvJournal csv = run.journal(FilecryptSchemas.LEVEL_SWEEP);
                CsvJournal decryptCsv = run.journal(FilecryptSchemas.LEVEL_DECRYPT);
                VariantJvms variants = VariantJvms.of("level-sweep")) {
            // a setting (repeat, file, algorithm, level) is a step: --resume keeps those a killed run finished
            csv.kept(LevelRows.ENCRYPTED).forEach(row -> results.add(keyOf(row), row.sample()));
            decryptCsv.kept(LevelRows.DECRYPTED).forEach(row -> decrypts.add(decryptKeyOf(row), row.sample()));
            if (!csv.kept().isEmpty()) {
                System.err.println("level-sweep: resuming after " + csv.kept().size() + " rows a run before measured");
            }
            run.peer("gpg", Gpg.version())
                    .peer("bcpg-process", Encryptions.PROCESS_COMMAND)
                    .peer("bcpg", Encryptions.describeBcpg())
                    .peer("corpus", corpus.name() + " sha256:" + corpus.sha256())
                    .peer(
                            "java",
                            System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
            int maxRepeats = repeatsFor(mode, largest, largest, Engine.GPG, EncryptOptions.DEFAULT_LEVEL);
            long total = 0;
            for (Path f : corpus.files()) {
                for (SweepEngine e : engines) {
                    for (int level : plan.levels()) {
                        total += (long) repeatsFor(mode, f, largest, e.engine(), level)
                                * plan.algos().size();
                    }
                }
                for (Compression algo : plan.algos()) { // the decrypt steps: one per gpg run
                    total += repeatsFor(mode, f, largest, Engine.GPG, EncryptOptions.DEFAULT_LEVEL)
                            * plan.levels().stream()
                                    .filter(level -> algo == Compression.ZIP || level > 0)
                                    .count();
                }
            }
            // each variant (algorithm, level, threads) in its own JVM, all warmed up side by side before any is timed;
            // a variant whose every setting a killed run finished is not started
            Path small = smallFile(corpus);
            Encryptions.helpProcess(); // untimed: the command line's JAR and class-data archive into the page cache
            for (Compression algo : plan.algos()) {
                for (int level : plan.levels()) {
                    if ((algo != Compression.ZIP && level == 0) || allKept(csv, corpus, maxRepeats, algo, level)) {
                        continue;
                    }
                    for (int t : List.of(1, n)) {
                        EncryptOptions o = EncryptOptions.defaults()
                                .withCompression(algo)
                                .withLevel(level)
                                .withThreads(t);
                        if (t == 1 || o.compressesInParallel()) {
                            variants.start(
                                    variant(algo, level, t),
                                    LevelSweepVariant.class,
                                    LevelSweepVariant.args(o, corpus.name(), small, corpus.files()));
                        }
                    }
                }
            }
            variants.warmUp();
            try (ProgressBar bar = Progress.bar("level-sweep " + corpus.name(), total, "runs")) {
                for (int r = 0; r < maxRepeats; r++) {
                    for (Path file : corpus.files()) {
                        for (Compression algo : plan.algos()) {
                            for (int level : plan.levels()) {
                                Map<Column, Object> setting = setting(r, file, algo, level);
                                // the runs of this setting, each engine's that has a repeat here, and gpg's decryption
                                long runs = 0;
                                for (SweepEngine e : engines) {
                                    runs += r < repeatsFor(mode, file, largest, e.engine(), level) ? 1 : 0;
                                }
                                boolean gpgRuns = r < repeatsFor(mode, file, largest, Engine.GPG, level);
                                runs += gpgRuns && (algo == Compression.ZIP || level > 0) ? 1 : 0;
                                if (csv.keptHas(setting)) {
                                    bar.stepBy(runs);
                                    continue;
                                }
                                boolean decryptsKept = decryptCsv.keptHas(setting);
                                for (int t : List.of(1, n)) {
                                    VariantJvm jvm = variants.get(variant(algo, level, t));
                                    List<String> timed = new ArrayList<>();
                                    for (SweepEngine e : engines) {
                                        if (e.threads() == t
                                                && r < repeatsFor(mode, file, largest, e.engine(), level)) {
                                            timed.add(e.engine().name());
                                        }
                                    }
                                    if (jvm == null || timed.isEmpty()) {
                                        continue; // -z 0 writes no compressed packet: no threads to run it on
                                    }
                                    List<String> request = new ArrayList<>(List.of(
                                            Integer.toString(r),
                                            file.toString(),
                                            Boolean.toString(t == 1 && !decryptsKept)));
                                    request.addAll(timed);
                                    var rows = jvm.measure(
                                            request, FilecryptSchemas.LEVEL_SWEEP, FilecryptSchemas.LEVEL_DECRYPT);
                                    String from = "level-sweep's " + jvm.name();
                                    for (Map<String, String> cells : rows.get(FilecryptSchemas.LEVEL_DECRYPT)) {
                                        LevelRows.Decrypted row = LevelRows.DECRYPTED.read(cells, from);
                                        decryptCsv.row(LevelRows.DECRYPTED, row);
                                        decrypts.add(decryptKeyOf(row), row.sample());
                                    }
                                    for (Map<String, String> cells : rows.get(FilecryptSchemas.LEVEL_SWEEP)) {
                                        LevelRows.Encrypted row = LevelRows.ENCRYPTED.read(cells, from);
                                        csv.row(LevelRows.ENCRYPTED, row);
                                        results.add(keyOf(row), row.sample());
                                        readBack += t > 1 && r == 0 ? 1 : 0;
                                    }
                                }
                                bar.stepBy(runs);
                                // the decrypt rows first: a kill between the two leaves this setting to run again,
                                // and its decryptions kept, not twice
                                decryptCsv.checkpoint();
                                csv.checkpoint();
                            }
                        }
                    }
                }
            }
            Path sweepCsv = csv.commit();
            Path decryptPath = decryptCsv.commit();
            System.out.printf(
                    "level-sweep: %d rows in %s, %d in %s (%s)%n",
                    csv.rowCount(), sweepCsv, decryptCsv.rowCount(), decryptPath, variants.summary());
            help.addAll(CliStartup.measure(run));
        }
        System.out.printf(
                "level-sweep: gpg decrypted all %d outputs of bcpg on %d threads in the first repeat to the "
                        + "input's bytes%n",
                readBack, n);
        LevelSweepPrintout.printRatios(results, largest, plan.levels());
        LevelSweepPrintout.printHelp(help);
        LevelSweepPrintout.printWall(results, largest, plan.levels(), n);
        LevelSweepPrintout.printTimeSizeRule(results, corpus, plan.levels(), engines);
        LevelSweepPrintout.printDecrypt(decrypts, largest, plan.levels());
    }

    /** The columns that name one setting of the sweep: a step of its journal. */
    private static Map<Column, Object> setting(int repeat, Path file, Compression algo, int level) {
        return Map.of(REPEAT, repeat, FILE, file.getFileName().toString(), ALGO, algo.gpgName(), LEVEL, level);
    }

    /** Whether a killed run finished every setting of {@code algo} at {@code level}: its variants need no JVM. */
    private static boolean allKept(CsvJournal csv, Corpus corpus, int repeats, Compression algo, int level) {
        for (int r = 0; r < repeats; r++) {
            for (Path file : corpus.files()) {
                if (!csv.keptHas(setting(r, file, algo, level))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The JIT warm-up's file: the largest of at most 1 MB (the 1 MB head), or the largest file when none is. */
    private static Path smallFile(Corpus corpus) {
        return corpus.files().stream()
                .filter(p -> Corpus.size(p) <= 1_000_000)
                .max((a, b) -> Long.compare(Corpus.size(a), Corpus.size(b)))
                .orElse(corpus.largest());
    }

    /** A variant's name: "zip -z 6", or "zip -z 6 x2" on 2 threads. */
    private static String variant(Compression algo, int level, int threads) {
        return algo.gpgName() + " -z " + level + (threads > 1 ? " x" + threads : "");
    }

    /** The key of a row of level-sweep.csv. */
    private static Key keyOf(LevelRows.Encrypted row) {
        LevelRows.OneLevel at = row.at();
        return new Key(
                at.file(),
                new SweepEngine(Engine.of(at.engine(), at.scope()), row.compressThreads()),
                Compression.parse(at.algo()),
                at.level());
    }

    /** The key of a row of level-decrypt.csv (no threads column: one thread decrypts). */
    private static Key decryptKeyOf(LevelRows.Decrypted row) {
        LevelRows.OneLevel at = row.at();
        return new Key(at.file(), Engine.of(at.engine(), at.scope()), Compression.parse(at.algo()), at.level());
    }

    static String deflater(Engine engine, EncryptOptions o) {
        if (!o.compresses()) {
            return "none";
        }
        if (o.compression() == Compression.BZIP2) {
            return engine == Engine.GPG ? "libbz2" : "bc-bzip2";
        }
        if (engine == Engine.GPG) {
            return o.compression() == Compression.ZIP ? "zlib-8k" : "zlib-32k";
        }
        return o.compression() == Compression.ZIP ? o.zipDeflater().label() : "jdk-32k";
    }

    /**
     * Repeats of one engine on one file at one level, by default. Quick: {@value #QUICK_REPEATS}, enough for
     * {@code compare} to reach a verdict between two runs; bcpg as a whole process, a JVM start-up a run, only on the
     * largest file at gpg's default level {@value EncryptOptions#DEFAULT_LEVEL} (the only file and level the report
     * reads it on: the whole command beside gpg's). Full: {@value #FULL_REPEATS} everywhere, a median each (a repeat of
     * the 100 MB file at every level costs minutes).
     */
    static int repeatsFor(Mode mode, boolean largest, Engine engine, int level) {
        if (mode == Mode.FULL) {
            return FULL_REPEATS;
        }
        boolean processReadHere = largest && level == EncryptOptions.DEFAULT_LEVEL;
        return engine == Engine.BCPG_PROCESS && !processReadHere ? 0 : QUICK_REPEATS;
    }

    static final int QUICK_REPEATS = 5;
    static final int FULL_REPEATS = 3;

    private int repeatsFor(Mode mode, Path file, Path largest, Engine engine, int level) {
        return repeats != null ? repeats : repeatsFor(mode, file.equals(largest), engine, level);
    }
}
