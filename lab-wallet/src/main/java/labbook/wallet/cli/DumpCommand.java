package labbook.wallet.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import labbook.wallet.format.KwlCodec;
import labbook.wallet.store.KwlFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dump --password-file F [--salt FILE] WALLET}: a .kwl file's folders and entries as JSON. */
@Command(
        name = "dump",
        mixinStandardHelpOptions = true,
        description = {
            "Opens a KWallet .kwl file (KDE4 or KF5) and prints its folders and entries as JSON on stdout.",
            "Password values as text, Map values as an object, Stream values as base64 (null when null)."
        })
public final class DumpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--password-file",
            required = true,
            paramLabel = "F",
            description = "File holding the wallet password (one trailing newline is ignored).")
    Path passwordFile;

    @Option(
            names = "--salt",
            paramLabel = "FILE",
            description = "The PBKDF2 salt file (default: <wallet name>.salt beside the wallet).")
    Path salt;

    @Parameters(paramLabel = "WALLET", description = "The .kwl file.")
    Path wallet;

    @Override
    public Integer call() throws JsonProcessingException {
        KwlCodec.Decoded decoded = KwlFile.open(wallet, salt, PasswordFile.read(passwordFile));
        // the whole document is built before anything is printed: a failure prints no partial output
        String json = WalletJson.MAPPER.writeValueAsString(WalletJson.toJson(decoded.contents()));
        PrintWriter out = spec.commandLine().getOut();
        out.println(json);
        out.flush();
        return 0;
    }
}
