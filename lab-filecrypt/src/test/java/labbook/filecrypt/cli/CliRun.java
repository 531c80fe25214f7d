package labbook.filecrypt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.Cli;
import labbook.filecrypt.main.FilecryptLab;
import labbook.filecrypt.pgp.EncryptOptions;

/** Runs the lab-filecrypt command line in-process: its exit code and what it printed on stderr. */
record CliRun(int exit, String err) {
    static CliRun of(String... args) {
        StringWriter err = new StringWriter();
        int exit = Cli.commandLine(new FilecryptLab())
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new CliRun(exit, err.toString());
    }

    /** Encrypts {@code plain} to {@code encrypted} with a fast key derivation and {@code options}; it must succeed. */
    static void encrypt(Path pass, Path plain, Path encrypted, String... options) {
        List<String> args = new ArrayList<>(List.of("encrypt", "--passphrase-file", pass.toString()));
        args.addAll(List.of("--s2k-count", Long.toString(EncryptOptions.PINNED_S2K_COUNT)));
        args.addAll(List.of(options));
        args.addAll(List.of(plain.toString(), encrypted.toString()));
        CliRun run = of(args.toArray(String[]::new));
        assertThat(run.exit()).as(run.err()).isZero();
    }
}
