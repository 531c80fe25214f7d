package labbook.filecrypt.experiments.directoryruns;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import labbook.core.CsvResults;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.OptionValues;
import labbook.core.Progress;
import labbook.core.RowType;
import labbook.filecrypt.CryptoPolicy;
import labbook.filecrypt.CryptoPolicy.Run;
import labbook.filecrypt.FileMime;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.corpus.BinaryType;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.corpus.FolderTypes;
import labbook.filecrypt.corpus.QuickCorpus;
import labbook.filecrypt.experiments.Corpora;
import labbook.filecrypt.experiments.CorpusExperiment;
import labbook.filecrypt.experiments.Encryptions;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.NativeJvm;
import labbook.filecrypt.experiments.SampleGroups;
import labbook.filecrypt.experiments.VariantJvms;
import labbook.filecrypt.peer.Gpg;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * directory-runs: the crypto tool's three runs over whole folders of text, MP3, PDF and PNG files, and gpg's own
 * default.
 *
 * <p><b>The question.</b> The seed: "The encryption run total CPU time decreased from 5.73 sec to 3.68 sec (64% of GPG
 * default) with the default crypto text file settings compared with the default GPG settings. With the --speed switch,
 * the time was further reduced to 1.89 sec (33% of GPG default). The mean % original file size for the default crypto
 * run was 42.8% and for the default GPG run was 38.6%." And on files compressed already: "crypto disables compression
 * for mp3 files (and all other binary files) by default in order to improve encryption performance" (MP3 2.14 / 0.80 /
 * 0.77 s, PDF 4.73 / 1.56 / 1.55 s, PNG 1.15 / 0.51 / 0.48 s). What are those totals and ratios today, does crypto's
 * mime check send every binary file to -z 0, and what would gpg's true default (-z 6; the published "GPG Default" was
 * crypto --space, -z 7) have given?
 *
 * <p><b>The baseline.</b> The published "GPG default" run: every file at {@code -z 7}, by gpg as a whole process per
 * file (S2K count pinned, as everywhere in this study).
 *
 * <p><b>The variants.</b> crypto's default (-z 1 for files over 10,240 bytes whose mime type, read from the bytes by
 * libmagic as crypto did, is text/*, else -z 0: {@link CryptoPolicy}), crypto --speed (-z 0), and gpg's true default
 * (-z 6); each by gpg (process), bcpg in a warm JVM of the run's own ({@link DirectoryRun}: in-process) and bcpg as one
 * fresh JVM per file (process); on four folders: the text corpus and the MP3, PDF and PNG corpora
 * ({@link labbook.filecrypt.corpus.BinaryCorpus}). The runs interleave within each repeat. Quick mode does not time
 * bcpg as a whole process ({@link #timed}): a fresh JVM per file is the start-up the level sweep already times.
 *
 * <p><b>How to run.</b> {@code ./labbook filecrypt directory-runs --quick [--types text,mp3,pdf,png]}, or {@code mvn -q
 * -pl lab-filecrypt exec:java -Dexec.args="directory-runs --quick"}; {@code --full [--enwik8 FILE]} for the seed's six
 * text files with the 100 MB one and folders of MP3, PDF and PNG files of the sizes the seed's pages give.
 *
 * <p><b>CSV</b> {@code results/filecrypt/directory-runs.csv}, one row per folder, run, engine and repeat, times and
 * sizes summed over the folder: {@link FilecryptSchemas#DIRECTORY_RUNS}; and {@code directory-files.csv}, one row per
 * file with its type, mime type and the level crypto's default gives it: {@link FilecryptSchemas#DIRECTORY_FILES}.
 */
@Command(
        name = "directory-runs",
        description = "The crypto tool's three runs (and gpg's -z 6) over folders of text, MP3, PDF and PNG files: "
                + "totals, user/system, sizes.")
public final class DirectoryRunsExperiment extends CorpusExperiment {
    /**
     * Repeats of each run and engine by default: quick {@value #QUICK_REPEATS}, enough for {@code compare} to reach a
     * verdict between two runs; full {@value #FULL_REPEATS}, a median each (a repeat over the full folders costs
     * minutes).
     */
    static int repeats(Mode mode) {
        return mode == Mode.FULL ? FULL_REPEATS : QUICK_REPEATS;
    }

    static final int QUICK_REPEATS = 5;
    static final int FULL_REPEATS = 3;

    @Option(
            names = "--repeats",
            paramLabel = "N",
            description =
                    "Repeats of each run and engine (default: quick " + QUICK_REPEATS + ", full " + FULL_REPEATS + ").")
    Integer repeats;

    @Option(
            names = "--types",
            paramLabel = "LIST",
            description = "The folders, comma-separated (default: text,mp3,pdf,png).")
    String types;

    /**
     * Whether a run is timed with an engine. gpg and bcpg in-process time every run. bcpg as a whole process (a JVM per
     * file, about a second of CPU each) times, in full mode only, every run of the text folder, and crypto's default
     * (the tool as a user types it) on each binary folder. Quick mode leaves it out: no claim reads it (the level
     * sweep's whole-process rows carry the JVM's start-up to the report), and its 25 JVM starts cost the quick main job
     * about 7 s.
     */
    static boolean timed(Mode mode, String type, Run policy, Engine engine) {
        return engine != Engine.BCPG_PROCESS
                || (mode == Mode.FULL && (policy == Run.CRYPTO_DEFAULT || type.equals(FolderTypes.TEXT)));
    }

    record Key(String type, Run run, Engine engine) {}

    /**
     * What the experiment's time grows with: the bytes of each folder times the runs and engines timed on it, at the
     * default repeats; for the plan of a mode not yet run here.
     */
    public static double work(Mode mode) {
        double units = 0;
        for (String type : FolderTypes.ALL) {
            double bytes = type.equals(FolderTypes.TEXT)
                    ? Corpora.textBytes(mode)
                    : BinaryType.of(type).approximateBytes(mode);
            for (Run policy : Run.values()) {
                for (Engine engine : Engine.values()) {
                    units += timed(mode, type, policy, engine) ? repeats(mode) * bytes : 0;
                }
            }
        }
        return units;
    }

    @Override
    public Integer call() {
        int n = OptionValues.atLeast("--repeats", repeats, 1, repeats(lab.mode()));
        corpusOptions.checkValues();
        List<String> folders = Directories.parse(types == null ? String.join(",", Directories.TYPES) : types);
        Integer relaunched = NativeJvm.relaunch();
        if (relaunched != null) {
            return relaunched;
        }
        Mode mode = lab.mode();
        List<Directory> dirs = Directories.forMode(mode, folders, corpusOptions);
        SampleGroups<Key> results = new SampleGroups<>();
        Map<Key, Double> meanPct = new HashMap<>();
        try (LabRun run = startRun(FilecryptSchemas.STUDY, "directory-runs");
                CsvResults csv = run.csv(FilecryptSchemas.DIRECTORY_RUNS);
                CsvResults filesCsv = run.csv(FilecryptSchemas.DIRECTORY_FILES);
                VariantJvms jvms = VariantJvms.of("directory-runs")) {
            run.peer("gpg", Gpg.version())
                    .peer("bcpg-process", Encryptions.PROCESS_COMMAND)
                    .peer("bcpg", Encryptions.describeBcpg())
                    .peer("file", FileMime.version());
            for (Directory dir : dirs) {
                run.peer(
                        dir.type().equals(FolderTypes.TEXT) ? "corpus" : "corpus-" + dir.type(),
                        dir.corpus().name() + " sha256:" + dir.corpus().sha256());
                writeFiles(dir, filesCsv);
            }
            filesCsv.commit();
            // each run in its own JVM; its warm-up there: C2 on the 1 MB text file at each level the run uses, and one
            // untimed run over every folder (the page cache, gpg's first start); all of them side by side
            Path small = QuickCorpus.materialize().files().stream()
                    .filter(p -> Corpus.size(p) == 1_000_000)
                    .findFirst()
                    .orElseThrow();
            Encryptions.helpProcess(); // untimed: the command line's JAR and class-data archive into the page cache
            for (Run policy : Run.values()) {
                jvms.start(policy.label(), DirectoryRun.class, List.of(policy.label()));
            }
            jvms.warmUp(policy -> {
                List<String> request = new ArrayList<>(List.of(small.toString()));
                dirs.forEach(dir -> request.addAll(DirectoryRun.Folder.words(dir, run(policy))));
                return request;
            });
            long total = 0;
            for (Directory dir : dirs) {
                for (Run policy : Run.values()) {
                    for (Engine engine : Engine.values()) {
                        total += timed(mode, dir.type(), policy, engine) ? n : 0;
                    }
                }
            }
            try (ProgressBar bar = Progress.bar("directory-runs " + String.join(",", folders), total, "runs")) {
                for (int r = 0; r < n; r++) {
                    for (Directory dir : dirs) {
                        for (Run policy : Run.values()) {
                            List<String> engines = new ArrayList<>();
                            for (Engine engine : Engine.values()) {
                                if (timed(mode, dir.type(), policy, engine)) {
                                    engines.add(engine.name());
                                }
                            }
                            List<String> request =
                                    new ArrayList<>(List.of(Integer.toString(r), String.join(",", engines)));
                            request.addAll(DirectoryRun.Folder.words(dir, policy));
                            var rows = jvms.get(policy.label()).measure(request, FilecryptSchemas.DIRECTORY_RUNS);
                            for (Map<String, String> cells : rows.get(FilecryptSchemas.DIRECTORY_RUNS)) {
                                DirectoryRun.Measured row =
                                        DirectoryRun.ROW.read(cells, "directory-runs' " + policy.label());
                                csv.row(DirectoryRun.ROW, row);
                                Key key = new Key(dir.type(), policy, Engine.of(row.engine(), row.scope()));
                                meanPct.put(key, row.meanSizePct());
                                results.add(key, row.sample());
                                bar.step();
                            }
                        }
                    }
                }
            }
            csv.commit();
            System.out.println("directory-runs: " + csv.rowCount() + " rows in " + csv.path() + ", "
                    + filesCsv.rowCount() + " files in " + filesCsv.path() + " (" + jvms.summary() + ")");
        }
        DirectoryRunsPrintout.print(dirs, results, meanPct);
        return 0;
    }

    /** The run a label names ({@code crypto-default}). */
    static Run run(String label) {
        for (Run r : Run.values()) {
            if (r.label().equals(label)) {
                return r;
            }
        }
        throw new IllegalArgumentException("no directory run " + label);
    }

    /** A row of directory-files.csv: one file of a folder, bound to the schema by {@link #FILE_ROW}. */
    record FileRow(
            String corpus,
            String type,
            String file,
            long fileBytes,
            String sha256,
            String mime,
            int defaultLevel,
            String origin) {}

    static final RowType<FileRow> FILE_ROW = RowType.of(FilecryptSchemas.DIRECTORY_FILES, FileRow.class);

    private static void writeFiles(Directory dir, CsvResults csv) {
        for (Path file : dir.files()) {
            FileRow row = new FileRow(
                    dir.corpus().name(),
                    dir.type(),
                    file.getFileName().toString(),
                    Corpus.size(file),
                    dir.sha256s().get(file),
                    dir.mimes().get(file),
                    dir.level(Run.CRYPTO_DEFAULT, file),
                    dir.origins().get(file));
            csv.row(FILE_ROW, row);
        }
    }
}
