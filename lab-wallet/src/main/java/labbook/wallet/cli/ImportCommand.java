package labbook.wallet.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import labbook.core.LabException;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.WalletContents;
import labbook.wallet.store.KwlFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code import --format kde4|kf5 --password-file F --json IN.json OUT.kwl}: writes a wallet real KWallet opens. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Writes JSON (the shape dump prints) as a .kwl wallet that real KWallet opens;",
                "for kf5 also OUT.salt beside it (both mode 0600, each saved through a temp file and a rename)."})
public final class ImportCommand implements Callable<Integer> {
    /** The generations import can write. */
    public enum Format {
        kde4(KwlFormat.KDE4), kf5(KwlFormat.KF5);

        final KwlFormat format;

        Format(KwlFormat format) {
            this.format = format;
        }
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--format", required = true, description = "kde4 (00 00 00 00, 2009) or kf5 (00 01 03 02, with a .salt file).")
    Format format;

    @Option(names = "--password-file", required = true, paramLabel = "F", description = "File holding the new wallet's password (one trailing newline is ignored).")
    Path passwordFile;

    @Option(names = "--json", required = true, paramLabel = "IN.json", description = "The wallet's folders and entries, as dump prints them.")
    Path json;

    @Option(names = "--force", description = "Replace OUT.kwl if it exists.")
    boolean force;

    @Option(names = "--fdatasync", description = "fdatasync the files before renaming them into place.")
    boolean fdatasync;

    @Parameters(paramLabel = "OUT.kwl", description = "The wallet to write.")
    Path out;

    @Override
    public Integer call() {
        WalletContents contents = read(json);
        byte[] password = PasswordFile.read(passwordFile);
        if (Files.exists(out) && !force) {
            throw new LabException(out + ": already exists (use --force to replace it)");
        }
        Path dir = out.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new LabException(out + ": its folder does not exist");
        }
        KwlFile.create(out, contents, format.format, password, fdatasync);
        spec.commandLine().getErr().println("wrote " + out + (format.format.needsSalt() ? " and " + KwlFile.saltPathFor(out) : "")
                + " (" + contents.folders().size() + " folders, " + contents.entryCount() + " entries, " + format + ")");
        return 0;
    }

    static WalletContents read(Path json) {
        JsonNode root;
        byte[] text;
        try {
            text = Files.readAllBytes(json);
        } catch (IOException e) {
            throw LabException.cannot("read JSON file", json, e);
        }
        try {
            root = WalletJson.MAPPER.readTree(text);
        } catch (IOException e) {
            String reason = e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new LabException(json + ": not valid JSON (" + reason + ")");
        }
        if (root == null || root.isMissingNode()) {
            throw new LabException(json + ": empty file");
        }
        try {
            return WalletJson.fromJson(root);
        } catch (WalletJson.BadJsonException e) {
            throw new LabException(json + ": " + e.getMessage());
        }
    }
}
