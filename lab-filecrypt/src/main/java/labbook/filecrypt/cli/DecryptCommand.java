package labbook.filecrypt.cli;

import java.util.Arrays;
import java.util.concurrent.Callable;
import labbook.filecrypt.pgp.PgpDecryptor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code decrypt}: OUT appears only when the whole message decrypted and its integrity check passed. */
@Command(name = "decrypt", mixinStandardHelpOptions = true,
        description = "Decrypt IN (binary or armored, as gpg or this lab writes it) to OUT; "
                + "OUT is written only if the integrity check passes.")
public final class DecryptCommand implements Callable<Integer> {
    @Mixin
    PassphraseFileOption passphraseFile;

    @Mixin
    InOutFiles files;

    @Override
    public Integer call() {
        files.check();
        char[] passphrase = passphraseFile.read();
        try {
            new PgpDecryptor().decryptFile(files.in, files.out, passphrase);
        } finally {
            Arrays.fill(passphrase, '\0');
        }
        return 0;
    }
}
