package labbook.filecrypt.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import labbook.core.Cli;
import labbook.core.FailureLine;
import labbook.core.LabException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * encrypt and decrypt, the commands a user types over and over, so they start like a native tool.
 *
 * <p>Why not picocli, as every other command: picocli builds its model by reflection over annotations at every start,
 * which costs more CPU than gpg spends encrypting 10 MB at {@code -z 6}, and its Java 5 class files cannot go into a
 * CDS archive. Apache Commons CLI parses and prints help in a small fraction of that (the module's JOURNAL.md gives the
 * figures). The main class ({@code FilecryptLab}) runs these two commands without loading a picocli class; picocli's
 * command tree still lists them, and tests embed them, through {@link #call}, which hands every argument to the same
 * parser.
 *
 * <p>Errors read as the picocli commands' do: a bad argument is one line naming it, "(see --help)", exit 2; a failed
 * run is {@link FailureLine}'s one line and code.
 */
public abstract class FileCommand implements Callable<Integer> {
    /** The lab's command name, the first word of every error line (a constant: no class loads for it). */
    static final String TOOL = LabCommand.NAME;

    /** The help's width: a terminal's 80 columns with room to spare. */
    private static final int HELP_WIDTH = 100;

    private static final Option HELP = Option.builder("h")
            .longOpt("help")
            .desc("Show this help message and exit.")
            .get();

    @Spec
    CommandSpec spec;

    @Unmatched
    List<String> args = new ArrayList<>();

    /** The command's name: encrypt or decrypt. */
    abstract String name();

    /** One sentence for the help's header. */
    abstract String description();

    /** The command's options besides {@code --help}, declared once for parsing and the help printout. */
    abstract Options options();

    /** Runs the parsed command; a failure the user can act on is a {@link LabException}. */
    abstract void run(CommandLine line);

    /** picocli's entry: the arguments picocli left unmatched (all of them) go to {@link #execute}. */
    @Override
    public Integer call() {
        return execute(args, spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** Parses {@code arguments} and runs the command; returns the exit code, with any failure already printed. */
    public int execute(List<String> arguments, PrintWriter out, PrintWriter err) {
        Options options = options().addOption(HELP);
        CommandLine line;
        try {
            line = DefaultParser.builder()
                    .setAllowPartialMatching(false)
                    .get()
                    .parse(options, arguments.toArray(String[]::new));
        } catch (ParseException e) {
            return badArguments(e.getMessage(), err);
        }
        if (line.hasOption(HELP)) {
            help(options, out);
            return 0;
        }
        try {
            run(line);
            return 0;
        } catch (OutOfMemoryError e) {
            return FailureLine.outOfMemory(TOOL, err);
        } catch (RuntimeException e) {
            if (e instanceof LabException lab && lab.exitCode() == Cli.BAD_ARGUMENTS) {
                return badArguments(lab.getMessage(), err);
            }
            return FailureLine.print(TOOL, e, err);
        } finally {
            out.flush();
        }
    }

    private int badArguments(String message, PrintWriter err) {
        err.println(TOOL + " " + name() + ": " + FailureLine.oneLine(message) + " (see --help)");
        err.flush();
        return Cli.BAD_ARGUMENTS;
    }

    /**
     * The classic two-column layout: commons-cli's newer table printer indents a wrapped line one column less when it
     * starts with a parenthesis, so the descriptions did not line up.
     */
    @SuppressWarnings("deprecation")
    private void help(Options options, PrintWriter out) {
        org.apache.commons.cli.HelpFormatter formatter = new org.apache.commons.cli.HelpFormatter();
        formatter.setSyntaxPrefix("usage: ");
        formatter.setOptionComparator(null); // in the order they are declared: the common ones first
        formatter.printHelp(
                out,
                HELP_WIDTH,
                TOOL + " " + name() + " [OPTIONS] IN OUT",
                "\n" + description() + "\n\n",
                options,
                1,
                3,
                "");
        out.flush();
    }

    /** IN and OUT, the two arguments after the options. */
    static InOutFiles files(CommandLine line) {
        List<String> rest = line.getArgList();
        if (rest.isEmpty()) {
            throw new LabException("missing IN and OUT", Cli.BAD_ARGUMENTS, null);
        }
        if (rest.size() == 1) {
            throw new LabException("missing OUT, the file to write", Cli.BAD_ARGUMENTS, null);
        }
        if (rest.size() > 2) {
            throw new LabException(
                    "unexpected argument '" + rest.get(2) + "' (only IN and OUT follow the options)",
                    Cli.BAD_ARGUMENTS,
                    null);
        }
        return new InOutFiles(rest.get(0), rest.get(1), line.hasOption(InOutFiles.FORCE));
    }

    /** A whole-number option's value, or {@code fallback} when it is not given; anything else is a bad argument. */
    static long number(CommandLine line, Option option, long fallback) {
        String text = line.getOptionValue(option);
        if (text == null) {
            return fallback;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw LabException.badValue(optionName(option), text, "a whole number");
        }
    }

    /** How the user wrote the option: {@code -z} or {@code --threads}. */
    static String optionName(Option option) {
        return option.getOpt() != null ? "-" + option.getOpt() : "--" + option.getLongOpt();
    }
}
