package labbook.filecrypt;

import java.util.List;
import labbook.core.Cli;
import picocli.CommandLine.Command;

/** The lab-filecrypt command line: {@code mvn -q -pl lab-filecrypt exec:java -Dexec.args="--help"}. */
@Command(name = "lab-filecrypt", mixinStandardHelpOptions = true, version = "labbook 0.1.0",
        description = "the crypto tool's compression-versus-speed study",
        subcommands = {EncryptCommand.class, DecryptCommand.class,
                labbook.filecrypt.experiments.LevelSweep.class,
                labbook.filecrypt.experiments.DirectoryRuns.class,
                labbook.filecrypt.experiments.Interop.class,
                labbook.filecrypt.experiments.LevelJmh.class,
                labbook.filecrypt.experiments.PipelineVariants.class,
                labbook.filecrypt.experiments.AllExperiments.class})
public final class FilecryptLab {
    private static volatile List<String> originalArgs;

    public static void main(String[] args) {
        originalArgs = List.of(args);
        Cli.main(new FilecryptLab(), args);
    }

    /** The command line this JVM was started with (null when embedded, as in tests). */
    public static List<String> originalArgs() {
        return originalArgs;
    }
}
