package labbook.wallet.experiments;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import labbook.core.Clocks;
import labbook.core.ConsoleTable;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Progress;
import labbook.wallet.WalletResults;
import labbook.wallet.experiments.crashtest.CrashTestExperiment;
import labbook.wallet.experiments.interop.Kwallet5InteropExperiment;
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
 * {@code *Experiment}). It ends by printing how long each one took. {@code ./labbook wallet all --quick} is sized for
 * the lab's main job (the module README gives measured times).
 */
@Command(
        name = "all",
        mixinStandardHelpOptions = true,
        description = "Runs every experiment of the wallet study: sync-sweep, sync-jmh, save-strategies, "
                + "crash-test, tamper-test, kwallet5-interop.")
public final class AllCommand implements Callable<Integer> {
    @Mixin
    LabOptions lab;

    /** One experiment of the run: how long it took, and the CPU time of this JVM and of the processes it started. */
    record Part(String name, Duration time, double cpuSeconds) {}

    @Override
    public Integer call() {
        long start = System.nanoTime();
        double cpu0 = cpuSeconds();
        List<Part> parts = new ArrayList<>();
        PrintStream out = System.out;
        try (LabRun run = LabRun.start(lab, WalletResults.STUDY, "all")) {
            step(parts, "sync-sweep", () -> SyncSweepExperiment.run(run, out));
            step(parts, "sync-jmh", () -> SyncJmhExperiment.run(run, SyncJmhExperiment.Settings.of(run.mode()), out));
            step(
                    parts,
                    "save-strategies",
                    () -> SaveStrategiesExperiment.run(run, SaveStrategiesExperiment.Plan.of(run.mode()), out));
            step(parts, "crash-test", () -> CrashTestExperiment.run(run, CrashTestExperiment.kills(run.mode()), out));
            step(
                    parts,
                    "tamper-test",
                    () -> TamperTestExperiment.run(run, TamperTestExperiment.Plan.of(run.mode()), out));
            step(
                    parts,
                    "kwallet5-interop",
                    () -> Kwallet5InteropExperiment.run(run, Kwallet5InteropExperiment.largest(run.mode()), out));
        }
        parts.add(new Part("all", Duration.ofNanos(System.nanoTime() - start), cpuSeconds() - cpu0));
        out.println();
        out.println("wallet: all experiments (" + lab.mode().label() + ") done; results in "
                + lab.resultsRoot().resolve(WalletResults.STUDY));
        printTimes(parts, out);
        return 0;
    }

    private static void step(List<Part> parts, String name, Runnable experiment) {
        long t = System.nanoTime();
        double cpu = cpuSeconds();
        System.err.println("== wallet " + name);
        experiment.run();
        parts.add(new Part(name, Duration.ofNanos(System.nanoTime() - t), cpuSeconds() - cpu));
    }

    /** User + system CPU of this JVM and of the child processes it has waited for (forked JVMs, their forks). */
    private static double cpuSeconds() {
        return Clocks.process().plus(Clocks.children()).totalSeconds();
    }

    static void printTimes(List<Part> parts, PrintStream out) {
        ConsoleTable t = new ConsoleTable("experiment", "time", "CPU time (with forked JVMs)");
        for (Part p : parts) {
            t.row(p.name(), Progress.human(p.time()), String.format(Locale.ROOT, "%.1fs", p.cpuSeconds()));
        }
        t.print(out);
    }
}
