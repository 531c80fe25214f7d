package labbook.filecrypt.experiments;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import labbook.core.LabOptions;
import labbook.core.Progress;
import labbook.filecrypt.experiments.directoryruns.DirectoryRunsExperiment;
import labbook.filecrypt.experiments.interop.InteropExperiment;
import labbook.filecrypt.experiments.leveljmh.LevelJmhExperiment;
import labbook.filecrypt.experiments.levelsweep.LevelSweepExperiment;
import labbook.filecrypt.experiments.pipelinevariants.PipelineVariantsExperiment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code all}: every experiment of the study in the chosen mode, in one JVM: level-sweep, directory-runs, interop,
 * pipeline-variants, level-jmh, each with its own quick or full parameters. One JVM also means one JIT warm-up: an
 * in-process variant an earlier experiment warmed is not warmed again. Quick mode is sized for the lab's quick main job
 * (the module README gives measured times).
 */
@Command(
        name = "all",
        mixinStandardHelpOptions = true,
        description = "Run every experiment of the study (level-sweep, directory-runs, interop, pipeline-variants, "
                + "level-jmh).")
public final class AllCommand implements Callable<Integer> {
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

        step("level-sweep", LevelSweepExperiment.of(lab, enwik8));
        step("directory-runs", DirectoryRunsExperiment.of(lab, enwik8));
        step("interop", InteropExperiment.of(lab));
        step("pipeline-variants", PipelineVariantsExperiment.of(lab));
        step("level-jmh", LevelJmhExperiment.of(lab));

        System.out.println("all: done in " + Progress.human(Duration.between(start, Instant.now())));
        return 0;
    }

    private static void step(String name, Callable<Integer> experiment) throws Exception {
        System.out.println();
        System.out.println("=== " + name + " ===");
        experiment.call();
    }
}
