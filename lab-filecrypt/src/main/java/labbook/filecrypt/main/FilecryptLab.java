package labbook.filecrypt.main;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.List;
import labbook.core.Cli;
import labbook.filecrypt.cli.CdsTraining;
import labbook.filecrypt.cli.DecryptCommand;
import labbook.filecrypt.cli.EncryptCommand;
import labbook.filecrypt.cli.FileCommand;
import labbook.filecrypt.cli.LabCommand;
import labbook.filecrypt.experiments.directoryruns.DirectoryRunsExperiment;
import labbook.filecrypt.experiments.interop.InteropExperiment;
import labbook.filecrypt.experiments.leveljmh.LevelJmhExperiment;
import labbook.filecrypt.experiments.levelsweep.LevelSweepExperiment;
import labbook.filecrypt.experiments.pipelinevariants.PipelineVariantsExperiment;
import picocli.CommandLine.Command;

/**
 * The lab-filecrypt command line, subcommands only: {@code ./labbook filecrypt --help}, or {@code mvn -q -pl
 * lab-filecrypt exec:java -Dexec.args="--help"}.
 */
@Command(
        name = LabCommand.NAME,
        mixinStandardHelpOptions = true,
        version = "labbook 0.1.0",
        description = "the crypto tool's compression-versus-speed study",
        subcommands = {
            EncryptCommand.class,
            DecryptCommand.class,
            LevelSweepExperiment.class,
            DirectoryRunsExperiment.class,
            InteropExperiment.class,
            LevelJmhExperiment.class,
            PipelineVariantsExperiment.class,
            AllCommand.class
        })
public final class FilecryptLab {
    public static void main(String[] args) {
        LabCommand.started(List.of(args));
        if (args.length == 1 && args[0].equals("cds-training")) {
            System.exit(CdsTraining.run()); // the launcher's, not listed: see CdsTraining
        }
        FileCommand fileCommand = args.length == 0
                ? null
                : switch (args[0]) {
                    case "encrypt" -> new EncryptCommand();
                    case "decrypt" -> new DecryptCommand();
                    default -> null;
                };
        if (fileCommand == null) {
            Cli.main(new FilecryptLab(), args);
            return;
        }
        // without picocli: FileCommand says why
        PrintWriter out = new PrintWriter(System.out, false, Charset.defaultCharset());
        PrintWriter err = new PrintWriter(System.err, true, Charset.defaultCharset());
        int code = fileCommand.execute(List.of(args).subList(1, args.length), out, err);
        out.flush();
        System.exit(code);
    }
}
