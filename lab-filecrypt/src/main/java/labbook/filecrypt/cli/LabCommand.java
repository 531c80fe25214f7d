package labbook.filecrypt.cli;

import java.util.List;

/**
 * What the module's code below the command line needs to know of it: its name, the {@code ./labbook} command that runs
 * it, and the arguments this JVM was started with. The main class ({@code labbook.filecrypt.main.FilecryptLab}) sets
 * them; nothing imports the main class, so that the module's packages form no cycle.
 */
public final class LabCommand {
    /** The command line's name, the first word of its error lines. */
    public static final String NAME = "lab-filecrypt";

    /** The {@code ./labbook} command that runs it, which names its launch declaration ({@code Launch}). */
    public static final String COMMAND = "filecrypt";

    private static volatile List<String> originalArgs;

    private LabCommand() {}

    /** Called by the main class first: the command line this JVM was started with. */
    public static void started(List<String> args) {
        originalArgs = List.copyOf(args);
    }

    /** The command line this JVM was started with (null when embedded, as in tests). */
    public static List<String> originalArgs() {
        return originalArgs;
    }
}
