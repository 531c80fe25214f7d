package labbook.filecrypt;

import labbook.core.Cli;
import picocli.CommandLine.Command;

/** The lab-filecrypt command line: {@code mvn -q -pl lab-filecrypt exec:java -Dexec.args="--help"}. */
@Command(name = "lab-filecrypt", mixinStandardHelpOptions = true, version = "labbook 0.1.0",
        description = "the crypto tool's compression-versus-speed study",
        subcommands = {EncryptCommand.class, DecryptCommand.class,
                labbook.filecrypt.experiments.LevelSweep.class})
public final class FilecryptLab {
    public static void main(String[] args) {
        Cli.main(new FilecryptLab(), args);
    }
}
