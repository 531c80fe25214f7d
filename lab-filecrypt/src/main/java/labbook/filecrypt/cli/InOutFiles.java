package labbook.filecrypt.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import labbook.core.LabException;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * IN and OUT of encrypt and decrypt, as a picocli mixin, checked before any work: IN must be a
 * readable file (a folder is said to be one), and an existing OUT is replaced only with
 * {@code --force}, as gpg refuses in batch mode without {@code --yes}.
 */
public class InOutFiles {
    @Parameters(index = "0", paramLabel = "IN")
    Path in;

    @Parameters(index = "1", paramLabel = "OUT")
    Path out;

    @Option(names = "--force", description = "Replace OUT if it exists.")
    boolean force;

    /** The checks a user can act on before anything is read or written. */
    void check() {
        if (Files.isDirectory(in)) {
            throw new LabException("cannot read " + in + ": is a folder");
        }
        if (!Files.exists(in)) {
            throw new LabException("cannot read " + in + ": no such file");
        }
        if (Files.isDirectory(out)) {
            throw new LabException("cannot write " + out + ": is a folder");
        }
        if (Files.exists(out) && !force) {
            throw new LabException(out + " exists: not replaced (--force replaces it)");
        }
    }
}
