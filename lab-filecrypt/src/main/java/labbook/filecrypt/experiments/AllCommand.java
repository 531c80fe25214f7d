package labbook.filecrypt.experiments;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import labbook.core.AllExperiments;
import labbook.core.AllOptions;
import labbook.core.LabException;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Reasons;
import labbook.filecrypt.FilecryptResults;
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
 * (the module README gives measured times). A failed experiment is one line; the rest are then skipped, or run with
 * {@code --keep-going} ({@link AllExperiments}), and the closing table says how each ended.
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

    @Mixin
    AllOptions options;

    /** The experiments, in the order they run. */
    static final List<String> EXPERIMENTS =
            List.of("level-sweep", "directory-runs", "interop", "pipeline-variants", "level-jmh");

    private AllExperiments all;

    private LabRun run;

    @Override
    public Integer call() throws Exception {
        Integer relaunched = NativeJvm.relaunch();
        if (relaunched != null) {
            return relaunched;
        }
        all = new AllExperiments(FilecryptResults.STUDY, options.keepGoing(), System.err);
        // each experiment writes its own run record; this one adds how each ended (run.json's outcomes)
        run = LabRun.start(lab, FilecryptResults.STUDY, "all");
        all.plan(run, EXPERIMENTS);
        if (options.planOnly()) {
            return 0; // nothing ran: this run writes no run.json
        }

        step("level-sweep", LevelSweepExperiment.of(lab, enwik8));
        step("directory-runs", DirectoryRunsExperiment.of(lab, enwik8));
        step("interop", InteropExperiment.of(lab));
        step("pipeline-variants", PipelineVariantsExperiment.of(lab));
        step("level-jmh", LevelJmhExperiment.of(lab));

        run.close();
        return all.finish(System.out);
    }

    private void step(String name, Callable<Integer> experiment) {
        System.out.println();
        all.run(run, name, () -> {
            int exit;
            try {
                exit = experiment.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new LabException(name + ": " + Reasons.of(e), e);
            }
            if (exit != 0) {
                throw new LabException(name + " ended with exit code " + exit);
            }
        });
    }
}
