package labbook.filecrypt.experiments;

import static labbook.filecrypt.FilecryptResults.CORPUS;
import static labbook.filecrypt.FilecryptResults.CPU_SYS_S;
import static labbook.filecrypt.FilecryptResults.CPU_USER_S;
import static labbook.filecrypt.FilecryptResults.ENGINE;
import static labbook.filecrypt.FilecryptResults.FILES;
import static labbook.filecrypt.FilecryptResults.IN_BYTES;
import static labbook.filecrypt.FilecryptResults.LEVELS;
import static labbook.filecrypt.FilecryptResults.MEAN_SIZE_PCT;
import static labbook.filecrypt.FilecryptResults.OUT_BYTES;
import static labbook.filecrypt.FilecryptResults.REPEAT;
import static labbook.filecrypt.FilecryptResults.RUN;
import static labbook.filecrypt.FilecryptResults.S2K_COUNT;
import static labbook.filecrypt.FilecryptResults.SCOPE;
import static labbook.filecrypt.FilecryptResults.WALL_S;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.OptionValues;
import labbook.core.Progress;
import labbook.core.Summary;
import labbook.filecrypt.CryptoPolicy;
import labbook.filecrypt.CryptoPolicy.Run;
import labbook.filecrypt.FilecryptResults;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.gpg.Gpg;
import labbook.filecrypt.pgp.EncryptOptions;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * <h2>directory-runs: the crypto tool's three runs over the whole corpus folder, and gpg's own default</h2>
 *
 * <p><b>The question.</b> The seed: "The encryption run total CPU time decreased from 5.73 sec to
 * 3.68 sec (64% of GPG default) with the default crypto text file settings compared with the
 * default GPG settings. With the --speed switch, the time was further reduced to 1.89 sec (33% of
 * GPG default). The mean % original file size for the default crypto run was 42.8% and for the
 * default GPG run was 38.6%." What are those totals and ratios today, and what would gpg's true
 * default (-z 6; the published "GPG Default" was crypto --space, -z 7) have given?
 *
 * <p><b>The baseline.</b> The published "GPG default" run: every file at {@code -z 7}, by gpg as a
 * whole process per file (S2K count pinned, as everywhere in this study).
 *
 * <p><b>The variants.</b> crypto's default (-z 1 for text files over 10,240 bytes, else -z 0: the
 * policy is {@link CryptoPolicy}), crypto --speed (-z 0), and gpg's true default (-z 6); each by gpg
 * (process), bcpg in this warm JVM (in-process) and bcpg as one fresh JVM per file (process).
 * The runs interleave within each repeat. Quick mode times bcpg as a whole process on the crypto
 * default run only: a fresh JVM costs about a second of CPU here, and 3 repeats x 4 runs x 5 files
 * of them alone would take longer than the whole study's quick budget (about 100 s).
 *
 * <p><b>How to run.</b> {@code ./labbook filecrypt directory-runs --quick}, or
 * {@code mvn -q -pl lab-filecrypt exec:java -Dexec.args="directory-runs --quick"}
 * (about 30 s); {@code --full [--enwik8 FILE]} for the seed's six files with the 100 MB one.
 *
 * <p><b>CSV</b> {@code results/filecrypt/directory-runs.csv}, one row per run, engine and repeat,
 * times and sizes summed over the folder: {@link FilecryptResults#DIRECTORY_RUNS}.
 */
@Command(name = "directory-runs", mixinStandardHelpOptions = true,
        description = "The crypto tool's three runs (and gpg's -z 6) over the corpus folder: totals, user/system, mean size.")
public final class DirectoryRunsExperiment implements Callable<Integer> {
    /** The seed's totals (s) and mean sizes (%), for the printout only: data with its source, never ours. */
    private static final double[][] SEED = {{5.73, 38.6}, {3.68, 42.8}, {1.89, Double.NaN}, {Double.NaN, Double.NaN}};

    @Mixin
    LabOptions lab;

    @Mixin
    CorpusOptions corpusOptions = new CorpusOptions();

    @Option(names = "--repeats", paramLabel = "N", description = "Repeats of each run and engine (default: quick 3, full 3).")
    Integer repeats;

    /** Whether a run is timed with an engine: every pair in full mode; quick, bcpg as a whole process only on crypto's default. */
    static boolean timed(Mode mode, Run policy, Engine engine) {
        return mode == Mode.FULL || engine != Engine.BCPG_PROCESS || policy == Run.CRYPTO_DEFAULT;
    }

    record Key(Run run, Engine engine) {
    }

    @Override
    public Integer call() {
        int n = OptionValues.atLeast("--repeats", repeats, 1, 3);
        corpusOptions.checkValues();
        Integer relaunched = NativeJvm.relaunch();
        if (relaunched != null) {
            return relaunched;
        }
        Mode mode = lab.mode();
        Corpus corpus = corpusOptions.corpus(mode);
        Results<Key> results = new Results<>();
        Map<Key, Double> meanPct = new HashMap<>();
        try (LabRun run = LabRun.start(lab, FilecryptResults.STUDY, "directory-runs",
                OptionValues.rerun("--repeats", repeats, "--enwik8", corpusOptions.enwik8, "--max-file-bytes", corpusOptions.maxFileBytes));
             Encryptions enc = Encryptions.start();
             CsvResults csv = run.csv(FilecryptResults.DIRECTORY_RUNS)) {
            run.peer("gpg", Gpg.version()).peer("bcpg-process-jvm", String.join(" ", Encryptions.PROCESS_JVM_FLAGS))
                    .peer("bcpg", Encryptions.describeBcpg()).peer("corpus", corpus.name() + " sha256:" + corpus.sha256());
            // warm-up: C2 (rounds on the 1 MB file, unless an earlier experiment in this JVM did them), the page
            // cache, gpg's first start
            List<EncryptOptions> warmLevels = IntStream.of(0, 1, 6, 7)
                    .mapToObj(l -> EncryptOptions.defaults().withLevel(l)).toList();
            corpus.files().stream().filter(p -> Corpus.size(p) == 1_000_000).findFirst()
                    .ifPresent(small -> enc.warmUpInProcess(small, warmLevels, Encryptions.JIT_ROUNDS));
            enc.warmUpFiles(corpus.files(), EncryptOptions.defaults().withLevel(1), () -> { });
            long total = 0;
            for (Run policy : Run.values()) {
                for (Engine engine : Engine.values()) {
                    total += timed(mode, policy, engine) ? n : 0;
                }
            }
            try (ProgressBar bar = Progress.bar("directory-runs " + corpus.name(), total, "runs")) {
                for (int r = 0; r < n; r++) {
                    for (Run policy : Run.values()) {
                        for (Engine engine : Engine.values()) {
                            if (!timed(mode, policy, engine)) {
                                continue;
                            }
                            Sample sum = Sample.ZERO;
                            double pct = 0;
                            long in = 0;
                            List<Integer> levels = new ArrayList<>();
                            for (Path file : corpus.files()) {
                                int level = CryptoPolicy.level(policy, file);
                                levels.add(level);
                                Sample s = enc.run(engine, file, EncryptOptions.defaults().withLevel(level));
                                sum = sum.plus(s);
                                long size = Corpus.size(file);
                                in += size;
                                pct += 100.0 * s.outBytes() / size;
                            }
                            double mean = pct / corpus.files().size();
                            meanPct.put(new Key(policy, engine), mean);
                            results.add(new Key(policy, engine), sum);
                            int repeat = r;
                            long inBytes = in;
                            Sample folder = sum;
                            csv.row(row -> row.set(CORPUS, corpus.name()).set(RUN, policy.label())
                                    .set(ENGINE, engine.engine()).set(SCOPE, engine.scope()).set(REPEAT, repeat)
                                    .set(FILES, corpus.files().size()).set(IN_BYTES, inBytes).set(OUT_BYTES, folder.outBytes())
                                    .set(CPU_USER_S, folder.cpuUserS()).set(CPU_SYS_S, folder.cpuSysS()).set(WALL_S, folder.wallS())
                                    .set(MEAN_SIZE_PCT, mean)
                                    .set(LEVELS, levels.stream().map(String::valueOf).collect(Collectors.joining(" ")))
                                    .set(S2K_COUNT, EncryptOptions.PINNED_S2K_COUNT));
                            bar.step();
                        }
                    }
                }
            }
            csv.commit();
            System.out.println("directory-runs: " + csv.rowCount() + " rows in " + csv.path());
        }
        print(results, meanPct, corpus);
        return 0;
    }

    private static void print(Results<Key> results, Map<Key, Double> meanPct, Corpus corpus) {
        System.out.println();
        System.out.println("Directory totals over " + corpus.files().size() + " files of " + corpus.name()
                + " (median of repeats; CPU = user + system, s):");
        ConsoleTable t = new ConsoleTable("run", "engine", "CPU s", "user s", "sys s", "% of -z 7 run", "mean size %",
                "seed CPU s", "seed size %");
        for (Run run : Run.values()) {
            for (Engine e : Engine.values()) {
                List<Sample> s = results.get(new Key(run, e));
                if (s.isEmpty()) {
                    continue; // not timed in this mode
                }
                List<Sample> base = results.get(new Key(Run.PUBLISHED_GPG_DEFAULT_Z7, e));
                double cpu = Results.cpu(s).median();
                double user = Summary.of(s.stream().mapToDouble(Sample::cpuUserS).toArray()).median();
                double sys = Summary.of(s.stream().mapToDouble(Sample::cpuSysS).toArray()).median();
                double seedCpu = SEED[run.ordinal()][0];
                double seedPct = SEED[run.ordinal()][1];
                t.row(run.label(), e.label(), Results.f3(cpu), Results.f3(user), Results.f3(sys),
                        base.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f %%", 100 * cpu / Results.cpu(base).median()),
                        Results.f2(meanPct.getOrDefault(new Key(run, e), Double.NaN)),
                        e == Engine.GPG && !Double.isNaN(seedCpu) ? Results.f2(seedCpu) : "",
                        e == Engine.GPG && !Double.isNaN(seedPct) ? Results.f2(seedPct) : "");
            }
        }
        t.print(System.out);
        System.out.println("(seed: 2011 MacBook Pro, gpg 2.0.22, enwik8 + 5 heads, S2K not pinned; 64 % and 33 % of the -z 7 run)");
    }
}
