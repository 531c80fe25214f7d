package labbook.filecrypt.main;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import labbook.core.AllExperiments;
import labbook.core.AllExperiments.Experiment;
import labbook.core.AllOptions;
import labbook.core.ExperimentCommand;
import labbook.core.JmhRun;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Reasons;
import labbook.core.Work;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.experiments.CorpusExperiment;
import labbook.filecrypt.experiments.NativeJvm;
import labbook.filecrypt.experiments.directoryruns.DirectoryRunsExperiment;
import labbook.filecrypt.experiments.interop.InteropExperiment;
import labbook.filecrypt.experiments.leveljmh.LevelJmhExperiment;
import labbook.filecrypt.experiments.levelsweep.LevelSweepExperiment;
import labbook.filecrypt.experiments.pipelinevariants.PipelineVariantsExperiment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code all}: every experiment of the study in the chosen mode, one after the other: level-sweep, directory-runs,
 * interop, pipeline-variants, level-jmh, each with its own quick or full parameters. Each experiment times every
 * variant in a JVM of its own ({@link VariantJvm}), so a figure is the same here as in the experiment run alone. Quick
 * mode is sized for the lab's quick main job (the module's JOURNAL.md gives measured times). A failed experiment is one
 * line; the rest are then skipped, or run with {@code --keep-going} ({@link AllExperiments}), and the closing table
 * says how each ended.
 */
@Command(
        name = "all",
        description = "Run every experiment of the study (level-sweep, directory-runs, interop, pipeline-variants, "
                + "level-jmh).")
public final class AllCommand extends ExperimentCommand {
    @Option(names = "--enwik8", paramLabel = "FILE", description = "Full mode: enwik8 itself (checked by SHA-1).")
    Path enwik8;

    @Mixin
    AllOptions options;

    @Override
    public Integer call() throws Exception {
        Integer relaunched = NativeJvm.relaunch();
        if (relaunched != null) {
            return relaunched;
        }
        AllExperiments all = new AllExperiments(FilecryptSchemas.STUDY, options.keepGoing(), System.err);
        // each experiment writes its own run record; this one adds how each ended (run.json's outcomes)
        try (LabRun run = startRun(FilecryptSchemas.STUDY, "all")) {
            // the experiments in the order they run, each with what it costs in each mode
            Map<String, Experiment> experiments = new LinkedHashMap<>();
            experiments.put(
                    "level-sweep",
                    experiment(
                            LevelSweepExperiment::work,
                            CorpusExperiment.withOptionsOf(lab, enwik8, new LevelSweepExperiment())));
            experiments.put(
                    "directory-runs",
                    experiment(
                            DirectoryRunsExperiment::work,
                            CorpusExperiment.withOptionsOf(lab, enwik8, new DirectoryRunsExperiment())));
            experiments.put(
                    "interop", experiment(InteropExperiment::work, withOptionsOf(lab, new InteropExperiment())));
            experiments.put(
                    "pipeline-variants",
                    experiment(PipelineVariantsExperiment::work, withOptionsOf(lab, new PipelineVariantsExperiment())));
            experiments.put(
                    "level-jmh",
                    experiment(JmhRun.work(LevelJmhExperiment::cost), withOptionsOf(lab, new LevelJmhExperiment())));
            all.runAll(run, experiments, options.planOnly());
            if (options.planOnly()) {
                return 0; // nothing ran: this run writes no run.json
            }
        }
        return all.finish(System.out);
    }

    /** A picocli experiment, run as {@link #succeed} says, with its work. */
    private static Experiment experiment(Work work, Callable<Integer> experiment) {
        return new Experiment(work, () -> {
            System.out.println();
            succeed(experiment);
        });
    }

    /** Runs a picocli experiment; its failure or non-zero exit is a {@link LabException}. */
    private static void succeed(Callable<Integer> experiment) {
        int exit;
        try {
            exit = experiment.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new LabException(Reasons.of(e), e);
        }
        if (exit != 0) {
            throw new LabException("ended with exit code " + exit);
        }
    }
}
