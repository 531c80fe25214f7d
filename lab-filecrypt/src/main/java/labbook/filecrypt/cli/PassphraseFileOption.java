package labbook.filecrypt.cli;

import java.nio.file.Path;
import labbook.core.Cli;
import labbook.core.LabException;
import labbook.filecrypt.pgp.Passphrase;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;

/** The {@code --passphrase-file} option encrypt and decrypt share. */
final class PassphraseFileOption {
    static final Option OPTION = Option.builder()
            .longOpt("passphrase-file")
            .hasArg()
            .argName("F")
            .desc("File whose first line is the passphrase (keep it mode 0600). Required.")
            .get();

    private PassphraseFileOption() {}

    /**
     * The passphrase; the caller wipes it when done. Checked here, not by the parser, so that --help alone still works.
     */
    static char[] read(CommandLine line) {
        String file = line.getOptionValue(OPTION);
        if (file == null) {
            throw new LabException("missing --passphrase-file F", Cli.BAD_ARGUMENTS, null);
        }
        return Passphrase.read(Path.of(file));
    }
}
