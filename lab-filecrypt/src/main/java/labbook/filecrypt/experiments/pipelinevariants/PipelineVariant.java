package labbook.filecrypt.experiments.pipelinevariants;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.experiments.Encryptions;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.experiments.Sample;
import labbook.filecrypt.experiments.VariantWorker;
import labbook.filecrypt.experiments.pipelinevariants.PipelineVariantsExperiment.Pipeline;
import labbook.filecrypt.pgp.CipherPath;
import labbook.filecrypt.pgp.ZipDeflater;

/**
 * One pipeline variant (a cipher path and a ZIP deflater) in a JVM of its own ({@link VariantWorker}), at every level
 * of the experiment, so its figures do not depend on which other variants ran.
 *
 * <p>Its arguments: cipher path, deflater, corpus name, the small file of its JIT warm-up, the warm-up's rounds, the
 * levels. Its requests: a warm-up, then measures of {@code LEVEL REPEAT FILE} (one encryption, one row).
 */
final class PipelineVariant implements VariantWorker.Runner {
    private final Pipeline variant;
    private final String corpus;
    private final Path small;
    private final int warmUpRounds;
    private final List<Integer> levels;
    private final Encryptions enc;

    public static void main(String[] args) {
        VariantWorker.serve(args, PipelineVariant::new);
    }

    PipelineVariant(List<String> args) {
        this.variant = new Pipeline(CipherPath.parse(args.get(0)), ZipDeflater.parse(args.get(1)));
        this.corpus = args.get(2);
        this.small = Path.of(args.get(3));
        this.warmUpRounds = Integer.parseInt(args.get(4));
        this.levels =
                args.subList(5, args.size()).stream().map(Integer::valueOf).toList();
        this.enc = Encryptions.start();
    }

    /** The worker's arguments for {@code v} (see the class comment). */
    static List<String> args(Pipeline v, String corpus, Path small, int warmUpRounds, int[] levels) {
        List<String> args = new ArrayList<>(List.of(
                v.cipher().label(), v.deflater().label(), corpus, small.toString(), Integer.toString(warmUpRounds)));
        for (int level : levels) {
            args.add(Integer.toString(level));
        }
        return args;
    }

    @Override
    public void warmUp(List<String> words) {
        enc.warmUpInProcess(
                small, levels.stream().map(level -> variant.options(level)).toList(), warmUpRounds);
    }

    @Override
    public void measure(List<String> words, VariantWorker.Rows rows) {
        int level = Integer.parseInt(words.get(0));
        int repeat = Integer.parseInt(words.get(1));
        Path file = Path.of(words.get(2));
        Sample s = enc.run(Engine.BCPG_IN_PROCESS, file, variant.options(level));
        PipelineVariantsExperiment.Run run = PipelineVariantsExperiment.Run.of(
                corpus,
                file,
                level,
                repeat,
                s,
                variant.label(),
                variant.cipher().label(),
                level == 0 ? "none" : variant.deflater().label());
        rows.csv(FilecryptSchemas.PIPELINE_VARIANTS).row(PipelineVariantsExperiment.ROW, run);
    }

    @Override
    public void close() {
        enc.close();
    }
}
