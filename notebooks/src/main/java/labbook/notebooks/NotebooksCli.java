package labbook.notebooks;

import labbook.core.Cli;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The notebooks command line: {@code mvn -q -pl notebooks exec:java -Dexec.args="--help"}. */
@Command(
        name = "notebooks",
        mixinStandardHelpOptions = true,
        version = "labbook 0.1.0",
        description = "a Jupyter kernel for the lab, and its notebooks",
        subcommands = {InstallCommand.class, ClasspathCommand.class})
public final class NotebooksCli implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: install or classpath");
    }

    public static void main(String[] args) {
        Cli.main(new NotebooksCli(), args);
    }
}
