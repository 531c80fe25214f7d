package labbook.filecrypt.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import labbook.core.LabException;
import org.apache.commons.cli.Option;

/**
 * IN and OUT of encrypt and decrypt, checked before any work: IN must be a readable file (a folder is said to be one),
 * and an existing OUT is replaced only with {@code --force}, as gpg refuses in batch mode without {@code --yes}.
 */
final class InOutFiles {
    static final Option FORCE =
            Option.builder().longOpt("force").desc("Replace OUT if it exists.").get();

    final Path in;
    final Path out;
    private final boolean force;

    InOutFiles(String in, String out, boolean force) {
        this.in = Path.of(in);
        this.out = Path.of(out);
        this.force = force;
    }

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
