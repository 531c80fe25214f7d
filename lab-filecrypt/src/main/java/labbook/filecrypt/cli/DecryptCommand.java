package labbook.filecrypt.cli;

import java.util.Arrays;
import labbook.filecrypt.pgp.PgpDecryptor;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import picocli.CommandLine.Command;

/** {@code decrypt}: OUT appears only when the whole message decrypted and its integrity check passed. */
@Command(name = "decrypt", description = DecryptCommand.DESCRIPTION)
public final class DecryptCommand extends FileCommand {
    static final String DESCRIPTION = "Decrypt IN (binary or armored, as gpg or this lab writes it) to OUT; "
            + "OUT is written only if the integrity check passes.";

    @Override
    String name() {
        return "decrypt";
    }

    @Override
    String description() {
        return DESCRIPTION;
    }

    @Override
    Options options() {
        return new Options().addOption(PassphraseFileOption.OPTION).addOption(InOutFiles.FORCE);
    }

    @Override
    void run(CommandLine line) {
        InOutFiles files = files(line);
        char[] passphrase = PassphraseFileOption.read(line);
        try {
            files.check();
            new PgpDecryptor().decryptFile(files.in, files.out, passphrase);
        } finally {
            Arrays.fill(passphrase, '\0');
        }
    }
}
