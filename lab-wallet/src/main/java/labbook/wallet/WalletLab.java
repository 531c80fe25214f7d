package labbook.wallet;

import labbook.core.Cli;
import labbook.wallet.cli.DumpCommand;
import labbook.wallet.cli.ImportCommand;
import labbook.wallet.experiments.AllExperiments;
import labbook.wallet.experiments.CrashTest;
import labbook.wallet.experiments.SaveStrategies;
import labbook.wallet.experiments.TamperTest;
import labbook.wallet.experiments.SyncJmh;
import labbook.wallet.experiments.SyncSweep;
import picocli.CommandLine.Command;

/** The lab-wallet command line: {@code mvn -q -pl lab-wallet exec:java -Dexec.args="--help"}. */
@Command(name = "lab-wallet", mixinStandardHelpOptions = true, version = "labbook 0.1.0",
        description = "the KWallet sync study",
        subcommands = {DumpCommand.class, ImportCommand.class, SyncSweep.class, SyncJmh.class, SaveStrategies.class, CrashTest.class, TamperTest.class, AllExperiments.class})
public final class WalletLab {
    public static void main(String[] args) {
        Cli.main(new WalletLab(), args);
    }
}
