package labbook.core;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * The lab's command-line conventions on top of picocli: {@code --help} everywhere, and every failure is one line on
 * standard error with a non-zero exit code and no stack trace (2 for bad arguments, 1 or the {@link LabException}'s own
 * code for a failed run). Set {@code LABBOOK_DEBUG=1} to see the stack trace of an unexpected error.
 */
public final class Cli {
    public static final int BAD_ARGUMENTS = 2;

    private Cli() {}

    /** Runs a picocli command and exits the JVM with its code. */
    public static void main(Object command, String... args) {
        int code = run(command, args);
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    /** Runs a picocli command and returns its exit code (for tests and embedding). */
    public static int run(Object command, String... args) {
        CommandLine cli = commandLine(command);
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            return FailureLine.outOfMemory(cli.getCommandName(), cli.getErr());
        }
    }

    public static CommandLine commandLine(Object command) {
        CommandLine cli = new CommandLine(command);
        String name = cli.getCommandName();
        cli.setParameterExceptionHandler((ex, argv) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println(ex.getCommandLine().getCommandSpec().qualifiedName() + ": "
                    + FailureLine.oneLine(ex.getMessage()) + " (see --help)");
            err.flush();
            return BAD_ARGUMENTS;
        });
        cli.setExecutionStrategy(parseResult -> {
            checkResultsRoots(parseResult);
            return new CommandLine.RunLast().execute(parseResult);
        });
        cli.setExecutionExceptionHandler(
                (ex, commandLine, parseResult) -> FailureLine.print(name, ex, commandLine.getErr()));
        return cli;
    }

    /** Every {@link LabOptions} of the command to run is checked before it starts (unless help is asked for). */
    private static void checkResultsRoots(CommandLine.ParseResult parseResult) {
        List<CommandLine> commands = parseResult.asCommandLineList();
        if (commands.stream().anyMatch(c -> c.isUsageHelpRequested() || c.isVersionHelpRequested())) {
            return;
        }
        CommandLine last = commands.get(commands.size() - 1);
        for (CommandLine.Model.CommandSpec mixin :
                last.getCommandSpec().mixins().values()) {
            if (mixin.userObject() instanceof LabOptions lab) {
                try {
                    lab.checkResultsRoot();
                } catch (LabException e) {
                    throw new CommandLine.ExecutionException(last, e.getMessage(), e);
                }
            }
        }
    }
}
