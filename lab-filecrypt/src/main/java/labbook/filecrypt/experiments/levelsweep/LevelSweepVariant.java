package labbook.filecrypt.experiments.levelsweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.CsvResults;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.experiments.Encryptions;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.Sample;
import labbook.filecrypt.experiments.VariantWorker;
import labbook.filecrypt.pgp.Compression;
import labbook.filecrypt.pgp.EncryptOptions;

/**
 * One variant of the level sweep in a JVM of its own ({@link VariantWorker}): one algorithm and level, with bcpg
 * in-process on one thread (beside gpg and bcpg as a whole process, which are processes of their own anyway, and the
 * decryption of gpg's output by gpg and by bcpg in this JVM, paired with it in time) or on N threads alone. So bcpg's
 * in-process rows at a level do not depend on which other levels or engines the sweep ran.
 *
 * <p>Its arguments: algorithm, level, threads, corpus name, the small file of the JIT warm-up, every corpus file. Its
 * requests: a warm-up, then measures of {@code REPEAT FILE DECRYPT ENGINE...} (one setting of the sweep, its engines in
 * the order given; with DECRYPT {@code true}, each gpg output is decrypted too).
 */
final class LevelSweepVariant implements VariantWorker.Runner {
    private final EncryptOptions options;
    private final String corpus;
    private final Path small;
    private final List<Path> files;
    private final Encryptions enc;
    private final LevelDecrypts decrypts;

    public static void main(String[] args) {
        VariantWorker.serve(args, LevelSweepVariant::new);
    }

    LevelSweepVariant(List<String> args) {
        this.options = EncryptOptions.defaults()
                .withCompression(Compression.parse(args.get(0)))
                .withLevel(Integer.parseInt(args.get(1)))
                .withThreads(Integer.parseInt(args.get(2)));
        this.corpus = args.get(3);
        this.small = Path.of(args.get(4));
        this.files = args.subList(5, args.size()).stream().map(Path::of).toList();
        this.enc = Encryptions.start();
        this.decrypts = new LevelDecrypts(enc, corpus);
    }

    /** The worker's arguments for this variant (see the class comment). */
    static List<String> args(EncryptOptions options, String corpus, Path small, List<Path> files) {
        List<String> args = new ArrayList<>(List.of(
                options.compression().gpgName(),
                Integer.toString(options.level()),
                Integer.toString(options.threads()),
                corpus,
                small.toString()));
        files.forEach(f -> args.add(f.toString()));
        return args;
    }

    /** Whether this variant is the one-thread one, which runs gpg and decrypts its output. */
    private boolean single() {
        return options.threads() == 1;
    }

    @Override
    public void warmUp(List<String> words) {
        LevelSweepWarmUp.run(enc, single() ? decrypts : null, small, files, options);
    }

    @Override
    public void measure(List<String> words, VariantWorker.Rows rows) {
        int repeat = Integer.parseInt(words.get(0));
        Path file = Path.of(words.get(1));
        boolean decrypt = Boolean.parseBoolean(words.get(2));
        CsvResults csv = rows.csv(FilecryptSchemas.LEVEL_SWEEP);
        for (String name : words.subList(3, words.size())) {
            Engine engine = Engine.valueOf(name);
            EncryptOptions o = engine == Engine.BCPG_IN_PROCESS ? options : options.withThreads(1);
            // the parallel engine's first repeat: gpg must read back what was timed
            boolean check = o.threads() > 1 && repeat == 0;
            // gpg's output, while it exists, is decrypted by gpg and by bcpg
            Sample s = enc.run(engine, file, o, check, encrypted -> {
                if (engine == Engine.GPG && decrypt) {
                    decrypts.measure(file, o, repeat, encrypted, rows.csv(FilecryptSchemas.LEVEL_DECRYPT));
                }
            });
            LevelRows.Encrypted row = LevelRows.Encrypted.of(corpus, file, engine, o, repeat, s);
            csv.row(LevelRows.ENCRYPTED, row);
        }
    }

    @Override
    public void close() {
        enc.close();
    }
}
