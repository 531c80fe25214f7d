package labbook.filecrypt.experiments;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import labbook.core.LabOptions;
import labbook.core.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code all}: every experiment of the study in the chosen mode, in one JVM: level-sweep,
 * directory-runs, interop, pipeline-variants, level-jmh. Quick mode trims the repeats (the largest file keeps enough
 * for the ratios) so the whole study takes about four minutes on 2 cores; run an experiment on
 * its own for its full quick repeats.
 */
@Command(name = "all", mixinStandardHelpOptions = true,
        description = "Run every experiment of the study (level-sweep, directory-runs, interop, pipeline-variants, level-jmh).")
public final class AllExperiments implements Callable<Integer> {
    @Mixin
    LabOptions lab;

    @Option(names = "--enwik8", paramLabel = "FILE", description = "Full mode: enwik8 itself (checked by SHA-1).")
    Path enwik8;

    @Override
    public Integer call() throws Exception {
        Integer relaunched = NativeJvm.relaunch();
        if (relaunched != null) {
            return relaunched;
        }
        Instant start = Instant.now();
        boolean quick = lab.mode() == labbook.core.Mode.QUICK;

        LevelSweep sweep = new LevelSweep();
        sweep.lab = lab;
        sweep.corpusOptions.enwik8 = enwik8;
        sweep.quickRepeatsSmall = quick ? 3 : null;
        sweep.quickRepeatsLargest = quick ? 7 : null;
        step("level-sweep", sweep);

        DirectoryRuns dirs = new DirectoryRuns();
        dirs.lab = lab;
        dirs.corpusOptions.enwik8 = enwik8;
        dirs.repeats = quick ? 2 : null;
        step("directory-runs", dirs);

        Interop interop = new Interop();
        interop.lab = lab;
        step("interop", interop);

        PipelineVariants variants = new PipelineVariants();
        variants.lab = lab;
        step("pipeline-variants", variants);

        LevelJmh jmh = new LevelJmh();
        jmh.lab = lab;
        step("level-jmh", jmh);

        System.out.println("all: done in " + Progress.human(Duration.between(start, Instant.now())));
        return 0;
    }

    private static void step(String name, Callable<Integer> experiment) throws Exception {
        System.out.println();
        System.out.println("=== " + name + " ===");
        experiment.call();
    }
}
