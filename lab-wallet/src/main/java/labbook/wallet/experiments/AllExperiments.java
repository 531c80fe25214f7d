package labbook.wallet.experiments;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * Every experiment of the wallet study in the chosen mode, in one run (one run.json):
 * sync-sweep, sync-jmh, save-strategies, crash-test, tamper-test.
 * {@code mvn -q -pl lab-wallet exec:java -Dexec.args="all --quick"} takes about four minutes on 2 cores.
 */
@Command(name = "all", mixinStandardHelpOptions = true,
        description = "Runs every experiment of the wallet study: sync-sweep, sync-jmh, save-strategies, crash-test, tamper-test.")
public final class AllExperiments implements Callable<Integer> {
    @Mixin
    LabOptions lab;

    @Override
    public Integer call() {
        Instant start = Instant.now();
        try (LabRun run = WalletRun.start(lab, "all")) {
            step("sync-sweep", () -> SyncSweep.run(run));
            step("sync-jmh", () -> SyncJmh.run(run));
            step("save-strategies", () -> SaveStrategies.run(run));
            step("crash-test", () -> CrashTest.run(run, run.mode() == Mode.FULL ? 1000 : 200));
            step("tamper-test", () -> TamperTest.run(run));
        }
        System.out.println("wallet: all experiments done in " + Progress.human(Duration.between(start, Instant.now()))
                + "; results in " + lab.resultsRoot().resolve("wallet"));
        return 0;
    }

    private static void step(String name, Runnable experiment) {
        Instant t = Instant.now();
        System.err.println("== wallet " + name);
        experiment.run();
        System.err.println("== wallet " + name + " done in " + Progress.human(Duration.between(t, Instant.now())));
    }
}
