package labbook.wallet.main;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import labbook.core.AllExperiments;
import labbook.core.AllExperiments.Experiment;
import labbook.core.AllOptions;
import labbook.core.ExperimentCommand;
import labbook.core.JmhRun;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.wallet.WalletSchemas;
import labbook.wallet.experiments.crashtest.CrashTestExperiment;
import labbook.wallet.experiments.interop.InteropExperiment;
import labbook.wallet.experiments.savestrategies.SaveStrategiesExperiment;
import labbook.wallet.experiments.syncjmh.SyncJmhExperiment;
import labbook.wallet.experiments.syncsweep.SyncSweepExperiment;
import labbook.wallet.experiments.tampertest.TamperTestExperiment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code all}: every experiment of the wallet study in the chosen mode, in one run (one run.json): sync-sweep,
 * sync-jmh, save-strategies, crash-test, tamper-test, kwallet5-interop (the last, and sync-sweep's kwallet5 variant,
 * skipped with one line when the real backend's packages are missing), each with its mode's own parameters (see each
 * {@code *Experiment}). A failed experiment is one line; the rest are then skipped, or run with {@code --keep-going}
 * ({@link AllExperiments}). It ends by printing how each one ended and how long it took. {@code ./labbook wallet all
 * --quick} is sized for the lab's main job (the module's JOURNAL.md gives measured times).
 */
@Command(
        name = "all",
        description = "Runs every experiment of the wallet study: sync-sweep, sync-jmh, save-strategies, "
                + "crash-test, tamper-test, kwallet5-interop.")
public final class AllCommand extends ExperimentCommand {
    @Mixin
    AllOptions options;

    @Override
    public Integer call() {
        PrintStream out = System.out;
        AllExperiments all = new AllExperiments(WalletSchemas.STUDY, options.keepGoing(), System.err);
        try (LabRun run = startRun(WalletSchemas.STUDY, "all")) {
            Mode mode = run.mode();
            // the experiments in the order they run, each with its mode's own parameters and what they cost
            Map<String, Experiment> experiments = new LinkedHashMap<>();
            experiments.put(
                    "sync-sweep", new Experiment(SyncSweepExperiment::work, () -> SyncSweepExperiment.run(run, out)));
            experiments.put(
                    "sync-jmh",
                    new Experiment(
                            JmhRun.work(m -> SyncJmhExperiment.Settings.of(m).cost()),
                            () -> SyncJmhExperiment.run(run, SyncJmhExperiment.Settings.of(mode), out)));
            experiments.put(
                    "save-strategies",
                    new Experiment(
                            m -> SaveStrategiesExperiment.Plan.of(m).work(),
                            () -> SaveStrategiesExperiment.run(run, SaveStrategiesExperiment.Plan.of(mode), out)));
            experiments.put(
                    "crash-test",
                    new Experiment(
                            CrashTestExperiment::kills,
                            () -> CrashTestExperiment.run(run, CrashTestExperiment.kills(mode), out)));
            experiments.put(
                    "tamper-test",
                    new Experiment(
                            m -> TamperTestExperiment.Plan.EVERY_BIT.work(),
                            () -> TamperTestExperiment.run(run, TamperTestExperiment.Plan.EVERY_BIT, out)));
            experiments.put(
                    "kwallet5-interop",
                    new Experiment(
                            m -> InteropExperiment.LARGEST,
                            () -> InteropExperiment.run(run, InteropExperiment.LARGEST, out)));
            all.runAll(run, experiments, options.planOnly());
            if (options.planOnly()) {
                return 0;
            }
        }
        out.println();
        out.println("wallet: all experiments (" + lab.mode().label() + ") "
                + (all.allDone() ? "done" : "ended") + "; results in "
                + lab.resultsRoot().resolve(WalletSchemas.STUDY));
        return all.finish(out);
    }
}
