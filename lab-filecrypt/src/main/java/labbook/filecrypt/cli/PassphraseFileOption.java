package labbook.filecrypt.cli;

import java.nio.file.Path;
import labbook.filecrypt.pgp.Passphrase;
import picocli.CommandLine.Option;

/** The {@code --passphrase-file} option {@code encrypt} and {@code decrypt} share (a picocli mixin). */
final class PassphraseFileOption {
    @Option(names = "--passphrase-file", required = true, paramLabel = "F",
            description = "File whose first line is the passphrase (keep it mode 0600).")
    Path file;

    /** The passphrase; the caller wipes it when done. */
    char[] read() {
        return Passphrase.read(file);
    }
}
