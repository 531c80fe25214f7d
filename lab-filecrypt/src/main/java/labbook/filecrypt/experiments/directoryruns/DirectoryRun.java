package labbook.filecrypt.experiments.directoryruns;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import labbook.core.RowType;
import labbook.filecrypt.CryptoPolicy.Run;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.experiments.Encryptions;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.Sample;
import labbook.filecrypt.experiments.VariantWorker;
import labbook.filecrypt.pgp.EncryptOptions;

/**
 * One of the directory runs (crypto's default, --speed, the published -z 7, gpg's -z 6) in a JVM of its own
 * ({@link VariantWorker}): bcpg's in-process totals for a run do not depend on which other runs were timed, and gpg and
 * bcpg as a whole process, processes of their own, run beside it as they always did.
 *
 * <p>Its argument: the run's label. Its requests, each naming folders as {@code TYPE CORPUS N} and N pairs {@code FILE
 * LEVEL} (the level the run gives each file, decided by the parent from crypto's mime check): a warm-up of {@code SMALL
 * FOLDER...} (JIT rounds on the small file at each level the run uses, gpg's first start, then one untimed run of each
 * folder by bcpg in-process); a measure of {@code REPEAT ENGINE,ENGINE FOLDER} (one row per engine, sums over the
 * folder).
 */
final class DirectoryRun implements VariantWorker.Runner {
    private final Run run;
    private final Encryptions enc;

    public static void main(String[] args) {
        VariantWorker.serve(args, DirectoryRun::new);
    }

    DirectoryRun(List<String> args) {
        this.run = DirectoryRunsExperiment.run(args.get(0));
        this.enc = Encryptions.start();
    }

    /** A folder with the levels this run gives its files, as a request names it. */
    record Folder(String type, String corpus, Map<Path, Integer> levels) {
        static List<String> words(Directory dir, Run run) {
            List<String> words = new ArrayList<>(List.of(
                    dir.type(),
                    dir.corpus().name(),
                    Integer.toString(dir.files().size())));
            for (Path file : dir.files()) {
                words.add(file.toString());
                words.add(Integer.toString(dir.level(run, file)));
            }
            return words;
        }

        /** The folder at {@code words[at]}; {@code next[0]} is set to the word after it. */
        static Folder read(List<String> words, int at, int[] next) {
            int n = Integer.parseInt(words.get(at + 2));
            Map<Path, Integer> levels = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                levels.put(Path.of(words.get(at + 3 + 2 * i)), Integer.valueOf(words.get(at + 4 + 2 * i)));
            }
            next[0] = at + 3 + 2 * n;
            return new Folder(words.get(at), words.get(at + 1), levels);
        }
    }

    @Override
    public void warmUp(List<String> words) {
        int[] next = {0};
        List<Folder> folders = new ArrayList<>();
        for (int at = 1; at < words.size(); at = next[0]) {
            folders.add(Folder.read(words, at, next));
        }
        Path small = Path.of(words.get(0));
        enc.warmUpInProcess(
                small,
                folders.stream()
                        .flatMap(f -> f.levels().values().stream())
                        .distinct()
                        .map(level -> EncryptOptions.defaults().withLevel(level))
                        .toList(),
                Encryptions.JIT_ROUNDS);
        // gpg's first start in this JVM's GNUPGHOME, then the page cache and the folders' sizes
        enc.run(Engine.GPG, small, EncryptOptions.defaults());
        for (Folder folder : folders) {
            total(folder, Engine.BCPG_IN_PROCESS);
        }
    }

    @Override
    public void measure(List<String> words, VariantWorker.Rows rows) {
        int repeat = Integer.parseInt(words.get(0));
        Folder folder = Folder.read(words, 2, new int[1]);
        for (String name : words.get(1).split(",")) {
            Engine engine = Engine.valueOf(name);
            Total total = total(folder, engine);
            Sample sum = total.sum();
            Measured m = new Measured(
                    folder.corpus(),
                    run.label(),
                    engine.engine(),
                    engine.scope(),
                    repeat,
                    folder.levels().size(),
                    total.inBytes(),
                    sum.outBytes(),
                    sum.cpuUserS(),
                    sum.cpuSysS(),
                    sum.wallS(),
                    total.meanSizePct(),
                    folder.levels().values().stream().map(String::valueOf).collect(Collectors.joining(" ")),
                    EncryptOptions.PINNED_S2K_COUNT);
            rows.csv(FilecryptSchemas.DIRECTORY_RUNS).row(ROW, m);
        }
    }

    /**
     * A row of directory-runs.csv: one run over one folder by one engine, as the worker writes it and the experiment
     * reads it back ({@link #ROW}).
     */
    record Measured(
            String corpus,
            String run,
            String engine,
            String scope,
            int repeat,
            int files,
            long inBytes,
            long outBytes,
            double cpuUserS,
            double cpuSysS,
            double wallS,
            double meanSizePct,
            String levels,
            long s2kCount) {
        /** The run's clocks and output, as the printout sums them. */
        Sample sample() {
            return new Sample(cpuUserS, cpuSysS, wallS, outBytes, Double.NaN);
        }
    }

    static final RowType<Measured> ROW = RowType.of(FilecryptSchemas.DIRECTORY_RUNS, Measured.class);

    /** A run over one folder: its clocks and sizes summed over the files, their input and their mean size %. */
    private record Total(Sample sum, long inBytes, double meanSizePct) {}

    /** The run over one folder with one engine: every file at its level. */
    private Total total(Folder folder, Engine engine) {
        Sample sum = Sample.ZERO;
        double pct = 0;
        long in = 0;
        for (Map.Entry<Path, Integer> file : folder.levels().entrySet()) {
            Sample s = enc.run(engine, file.getKey(), EncryptOptions.defaults().withLevel(file.getValue()));
            sum = sum.plus(s);
            long size = Corpus.size(file.getKey());
            in += size;
            pct += 100.0 * s.outBytes() / size;
        }
        return new Total(sum, in, pct / folder.levels().size());
    }

    @Override
    public void close() {
        enc.close();
    }
}
