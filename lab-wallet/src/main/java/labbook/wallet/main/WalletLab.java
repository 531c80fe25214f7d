package labbook.wallet.main;

import labbook.core.Cli;
import labbook.wallet.cli.DumpCommand;
import labbook.wallet.cli.ImportCommand;
import labbook.wallet.experiments.crashtest.CrashTestExperiment;
import labbook.wallet.experiments.interop.InteropExperiment;
import labbook.wallet.experiments.savestrategies.SaveStrategiesExperiment;
import labbook.wallet.experiments.syncjmh.SyncJmhExperiment;
import labbook.wallet.experiments.syncsweep.SyncSweepExperiment;
import labbook.wallet.experiments.tampertest.TamperTestExperiment;
import picocli.CommandLine.Command;

/**
 * The lab-wallet command line, subcommands only: {@code ./labbook wallet --help}, or {@code mvn -q -pl lab-wallet
 * exec:java -Dexec.args="--help"}.
 */
@Command(
        name = "lab-wallet",
        mixinStandardHelpOptions = true,
        version = "labbook 0.1.0",
        description = "the KWallet sync study",
        subcommands = {
            DumpCommand.class,
            ImportCommand.class,
            SyncSweepExperiment.class,
            SyncJmhExperiment.class,
            SaveStrategiesExperiment.class,
            CrashTestExperiment.class,
            TamperTestExperiment.class,
            InteropExperiment.class,
            AllCommand.class
        })
public final class WalletLab {
    public static void main(String[] args) {
        Cli.main(new WalletLab(), args);
    }
}
