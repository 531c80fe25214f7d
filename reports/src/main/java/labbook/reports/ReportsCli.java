package labbook.reports;

import labbook.core.Cli;
import picocli.CommandLine.Command;

/** The reports command line: {@code mvn -q -pl reports exec:java -Dexec.args="--help"}. */
@Command(name = "reports", mixinStandardHelpOptions = true, version = "labbook 0.1.0",
        description = "charts, reproduction tables and tradeoff analyses as an HTML site",
        subcommands = {})
public final class ReportsCli {
    public static void main(String[] args) {
        Cli.main(new ReportsCli(), args);
    }
}
