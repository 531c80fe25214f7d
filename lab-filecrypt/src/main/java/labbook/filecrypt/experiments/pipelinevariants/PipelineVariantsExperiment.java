package labbook.filecrypt.experiments.pipelinevariants;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.Progress;
import labbook.core.RowType;
import labbook.core.Variant;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.experiments.Corpora;
import labbook.filecrypt.experiments.Encryptions;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.NativeJvm;
import labbook.filecrypt.experiments.Sample;
import labbook.filecrypt.experiments.SampleGroups;
import labbook.filecrypt.experiments.VariantJvms;
import labbook.filecrypt.peer.Gpg;
import labbook.filecrypt.pgp.CipherPath;
import labbook.filecrypt.pgp.EncryptOptions;
import labbook.filecrypt.pgp.FastPath;
import labbook.filecrypt.pgp.ZipDeflater;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * pipeline-variants: where a BouncyCastle encryptor's time goes, step by step.
 *
 * <p><b>The question.</b> A naive BouncyCastle pipeline is slower than gpg at {@code -z 0} and {@code -z 1} (the module
 * README gives by how much). Which part costs what: the AES engine, the MDC's SHA-1, the CFB loop around the block
 * function, the deflate and its window?
 *
 * <p><b>The baseline.</b> gpg as a whole process, same file, level and S2K count, in the same run.
 *
 * <p><b>The variants</b>, each bcpg inside a warm JVM of its own ({@link PipelineVariant}), on one file of the quick
 * corpus (full: the 10 MB one; quick: the 5 MB one, where gpg's -z 0 run takes a few tens of ms, so the -z 0 ratios are
 * noisy), at -z 0, 1 and 9 (ZIP): {@code bc-lightweight + jdk-32k} (BC's lightweight AES and SHA-1, BC's ZIP on the JDK
 * Deflater: the naive pipeline); {@code bc-jce + jdk-32k} (JDK AES, BC's SHA-1); {@code jdk-cipher + jzlib-8k} (the
 * JDK's {@code AES/CFB/NoPadding}, JDK SHA-1, gpg's window in pure Java); {@code jdk-fast + jzlib-8k} (CFB computed
 * through the JDK's AES/CBC); {@code jdk-fast + jdk-32k}; {@code jdk-fast + zlib-8k} (native zlib with gpg's window:
 * the lab's default). One step changes at a time.
 *
 * <p><b>How to run.</b> {@code ./labbook filecrypt pipeline-variants --quick}, or {@code mvn -q -pl lab-filecrypt
 * exec:java -Dexec.args="pipeline-variants --quick"}; {@code --variants jdk-fast+zlib-8k,bc-jce+jdk-32k} times only
 * those beside gpg, with the same figures as in a run of all of them; quick and full differ in the file (5 MB, 10 MB),
 * repeats (3, 9) and warm-up rounds ({@link #warmUpRounds}: 5, 200).
 *
 * <p><b>CSV</b> {@code results/filecrypt/pipeline-variants.csv}, one row per encryption:
 * {@link FilecryptSchemas#PIPELINE_VARIANTS}.
 */
@Command(
        name = "pipeline-variants",
        description = "Where the time goes: bcpg's AES, SHA-1, CFB loop and deflate variants against gpg.")
public final class PipelineVariantsExperiment extends ExperimentCommand {
    @Option(
            names = "--variants",
            paramLabel = "LIST",
            split = ",",
            description = "The variants to time beside gpg, as CIPHER+DEFLATER (default: all six, "
                    + "bc-lightweight+jdk-32k,bc-jce+jdk-32k,jdk-cipher+jzlib-8k,jdk-fast+jzlib-8k,jdk-fast+jdk-32k,"
                    + "jdk-fast+zlib-8k).")
    List<String> variantNames;

    /** One of the experiment's variants: a cipher path and a deflater. */
    record Pipeline(CipherPath cipher, ZipDeflater deflater) implements Variant {
        /** The {@code variant} column's value: {@code jdk-fast + zlib-8k}. */
        @Override
        public String label() {
            return cipher.label() + " + " + deflater.label();
        }

        /** The label as {@code --variants} takes it: {@code jdk-fast+zlib-8k}. */
        @Override
        public String optionName() {
            return cipher.label() + "+" + deflater.label();
        }

        EncryptOptions options(int level) {
            return EncryptOptions.defaults()
                    .withCipherPath(cipher)
                    .withZipDeflater(deflater)
                    .withLevel(level);
        }
    }

    /**
     * Every variant, one step apart. The last is the lab's default, gpg's window on native zlib wherever the module
     * declares the flags its binding needs on this JDK (so the list is the same whichever JVM asks), else on JZlib.
     */
    static List<Pipeline> variants() {
        return List.of(
                new Pipeline(CipherPath.BC_LIGHTWEIGHT, ZipDeflater.JDK_32K),
                new Pipeline(CipherPath.BC_JCE, ZipDeflater.JDK_32K),
                new Pipeline(CipherPath.JDK_CIPHER, ZipDeflater.JZLIB_8K),
                new Pipeline(CipherPath.JDK_FAST, ZipDeflater.JZLIB_8K),
                new Pipeline(CipherPath.JDK_FAST, ZipDeflater.JDK_32K),
                new Pipeline(
                        CipherPath.JDK_FAST,
                        FastPath.JVM_FLAGS.isEmpty() ? ZipDeflater.JZLIB_8K : ZipDeflater.ZLIB_8K));
    }

    /** The variants {@code --variants} names, in the experiment's order; every one when not given. */
    static List<Pipeline> selected(List<String> names) {
        return names == null ? variants() : Variant.select("--variants", names, variants());
    }

    record Key(String variant, int level) {}

    /** The file encrypted: the 10 MB head (full) or the 5 MB one (quick). */
    static long inputBytes(Mode mode) {
        return mode == Mode.FULL ? 10_000_000 : 5_000_000;
    }

    /**
     * Repeats of each variant and level: quick 3 (means over them are printed), for the quick main job's budget; full
     * 9, enough for a median and its quartiles.
     */
    static int repeats(Mode mode) {
        return mode == Mode.FULL ? 9 : 3;
    }

    /** What the time grows with: the bytes encrypted over the repeats; for the plan of a mode not yet run here. */
    public static double work(Mode mode) {
        return (double) inputBytes(mode) * repeats(mode);
    }

    @Override
    public Integer call() {
        List<Pipeline> variants = selected(variantNames); // before anything runs
        Integer relaunched = NativeJvm.relaunch();
        if (relaunched != null) {
            return relaunched;
        }
        Corpus corpus = Corpora.forMode(Mode.QUICK, null);
        Path file = corpus.upTo(inputBytes(lab.mode())).largest();
        int repeats = repeats(lab.mode());
        int[] levels = {0, 1, 9};
        SampleGroups<Key> results = new SampleGroups<>();
        String summary;
        try (LabRun run = startRun(FilecryptSchemas.STUDY, "pipeline-variants");
                Encryptions enc = Encryptions.start();
                CsvResults csv = run.csv(FilecryptSchemas.PIPELINE_VARIANTS);
                VariantJvms jvms = VariantJvms.of("pipeline-variants")) {
            run.peer("gpg", Gpg.version())
                    .peer("bcpg", Encryptions.describeBcpg())
                    .peer("corpus", corpus.name() + " sha256:" + corpus.sha256());
            // each variant in its own JVM, warmed up on its own code paths, all of them side by side
            Path small = corpus.upTo(1_000_000).largest();
            for (Pipeline v : variants) {
                jvms.start(
                        v.label(),
                        PipelineVariant.class,
                        PipelineVariant.args(v, corpus.name(), small, warmUpRounds(lab.mode()), levels));
            }
            jvms.warmUp();
            enc.run(Engine.GPG, file, EncryptOptions.defaults()); // gpg's first start and the file into the page cache
            long total = (long) repeats * levels.length * (variants.size() + 1);
            try (ProgressBar bar = Progress.bar("pipeline-variants", total, "runs")) {
                for (int r = 0; r < repeats; r++) {
                    int repeat = r;
                    for (int level : levels) {
                        // gpg, the baseline, a process of its own, then each variant in its JVM, moments apart
                        Sample g = enc.run(
                                Engine.GPG, file, EncryptOptions.defaults().withLevel(level));
                        results.add(new Key("gpg", level), g);
                        Run gpg = Run.of(
                                corpus.name(), file, level, repeat, g, "gpg", "gpg", level == 0 ? "none" : "zlib-8k");
                        csv.row(ROW, gpg);
                        bar.step();
                        for (Pipeline v : variants) {
                            var rows = jvms.get(v.label())
                                    .measure(
                                            List.of(Integer.toString(level), Integer.toString(repeat), file.toString()),
                                            FilecryptSchemas.PIPELINE_VARIANTS);
                            for (Map<String, String> cells : rows.get(FilecryptSchemas.PIPELINE_VARIANTS)) {
                                Run row = ROW.read(cells, "pipeline-variants' " + v.label());
                                csv.row(ROW, row);
                                results.add(new Key(row.variant(), level), row.sample());
                            }
                            bar.step();
                        }
                    }
                }
            }
            csv.commit();
            summary = jvms.summary();
            System.out.println(
                    "pipeline-variants: " + csv.rowCount() + " rows in " + csv.path() + " (" + summary + ")");
        }
        print(results, variants, levels, file);
        return 0;
    }

    /**
     * Untimed rounds of each variant's code paths on the 1 MB head before its first timed run. Full: the level sweep's
     * {@link Encryptions#JIT_ROUNDS}, until C2 is done. Quick: 5, as the quick main job's budget allows (the module's
     * JOURNAL.md gives what a variant JVM's 200 rounds cost): C2 is not done, so quick's figures carry some
     * compilation, the same for every variant.
     */
    static int warmUpRounds(Mode mode) {
        return mode == Mode.FULL ? Encryptions.JIT_ROUNDS : 5;
    }

    /**
     * A row of pipeline-variants.csv, gpg's or a variant's (which its JVM writes and this one reads back), bound to the
     * schema by {@link #ROW}; its {@link Sample}'s thread CPU is the encrypting thread's, NaN (an empty cell) for gpg.
     */
    record Run(
            String corpus,
            String file,
            long fileBytes,
            String variant,
            String cipherPath,
            String deflater,
            int level,
            int repeat,
            Sample sample) {
        static Run of(
                String corpus,
                Path file,
                int level,
                int repeat,
                Sample s,
                String variant,
                String cipherPath,
                String deflater) {
            return new Run(
                    corpus,
                    file.getFileName().toString(),
                    Corpus.size(file),
                    variant,
                    cipherPath,
                    deflater,
                    level,
                    repeat,
                    s);
        }
    }

    static final RowType<Run> ROW = RowType.of(FilecryptSchemas.PIPELINE_VARIANTS, Run.class);

    private static void print(SampleGroups<Key> results, List<Pipeline> variants, int[] levels, Path file) {
        System.out.println();
        System.out.println(
                "Mean CPU time (s) on " + file.getFileName() + ", its ratio to gpg's whole process, same run, "
                        + "and the same ratio on the encrypting thread's clock (ns resolution):");
        List<String> header = new ArrayList<>(List.of("variant"));
        for (int level : levels) {
            header.add("-z " + level);
            header.add("/gpg");
            header.add("thread/gpg");
        }
        ConsoleTable t = new ConsoleTable(header.toArray(String[]::new));
        List<String> names = new ArrayList<>(List.of("gpg"));
        variants.forEach(v -> names.add(v.label()));
        for (String name : names) {
            List<Object> row = new ArrayList<>(List.of(name));
            for (int level : levels) {
                List<Sample> samples = results.get(new Key(name, level));
                double gpg = SampleGroups.meanCpu(results.get(new Key("gpg", level)));
                double mean = SampleGroups.meanCpu(samples);
                double thread = samples.stream()
                        .mapToDouble(Sample::cpuThreadS)
                        .average()
                        .orElse(Double.NaN);
                row.add(SampleGroups.f3(mean));
                row.add(String.format(Locale.ROOT, "%.2f", mean / gpg));
                row.add(name.equals("gpg") ? "" : String.format(Locale.ROOT, "%.2f", thread / gpg));
            }
            t.row(row.toArray());
        }
        t.print(System.out);
    }
}
