package labbook.notebooks;

import labbook.core.Cli;
import picocli.CommandLine.Command;

/** The notebooks command line: {@code mvn -q -pl notebooks exec:java -Dexec.args="--help"}. */
@Command(name = "notebooks", mixinStandardHelpOptions = true, version = "labbook 0.1.0",
        description = "a Jupyter kernel for the lab, and its notebooks",
        subcommands = {})
public final class NotebooksCli {
    public static void main(String[] args) {
        Cli.main(new NotebooksCli(), args);
    }
}
