package labbook.wallet.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import labbook.core.BoundedFile;
import labbook.core.LabException;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.format.KwlLimits;
import labbook.wallet.format.WalletContents;
import labbook.wallet.store.FileLimits;
import labbook.wallet.store.KwlFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code import --format kde4|kf5 --password-file F --json IN.json OUT.kwl}: writes a wallet real KWallet opens. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = {
            "Writes JSON (the shape dump prints) as a .kwl wallet that real KWallet opens;",
            "for kf5 also OUT.salt beside it (both mode 0600, each saved through a temp file and a rename)."
        })
public final class ImportCommand implements Callable<Integer> {
    /** The generations import can write. */
    public enum Format {
        kde4(KwlFormat.KDE4),
        kf5(KwlFormat.KF5);

        final KwlFormat format;

        Format(KwlFormat format) {
            this.format = format;
        }
    }

    @Spec
    CommandSpec spec;

    @Option(
            names = "--format",
            required = true,
            description = "kde4 (00 00 00 00, 2009) or kf5 (00 01 03 02, with a .salt file).")
    Format format;

    @Option(
            names = "--password-file",
            required = true,
            paramLabel = "F",
            description = "File holding the new wallet's password (one trailing newline is ignored).")
    Path passwordFile;

    @Option(
            names = "--json",
            required = true,
            paramLabel = "IN.json",
            description = "The wallet's folders and entries, as dump prints them.")
    Path json;

    @Option(names = "--force", description = "Replace OUT.kwl (and for kf5 OUT.salt) if it exists.")
    boolean force;

    @Option(names = "--fdatasync", description = "fdatasync the files before renaming them into place.")
    boolean fdatasync;

    @Parameters(paramLabel = "OUT.kwl", description = "The wallet to write.")
    Path out;

    @Override
    public Integer call() {
        WalletContents contents = read(json);
        KwlLimits.whyNotWritable(contents, FileLimits.WALLET_BYTES).ifPresent(why -> {
            throw new LabException(json + ": " + why + " (nothing written)");
        });
        byte[] password = PasswordFile.read(passwordFile);
        checkOutputs();
        KwlFile.create(out, contents, format.format, password, fdatasync);
        spec.commandLine()
                .getErr()
                .println("wrote " + out + (format.format.needsSalt() ? " and " + KwlFile.saltPathFor(out) : "") + " ("
                        + contents.folders().size() + " folders, " + contents.entryCount() + " entries, " + format
                        + ")");
        return 0;
    }

    /**
     * OUT (and for kf5 its salt) may be written: a file is only replaced with --force, and never a salt that belongs to
     * another wallet (OUT {@code a} has the salt {@code a.salt}, which is {@code a.kwl}'s when that exists).
     */
    private void checkOutputs() {
        if (Files.isDirectory(out)) {
            throw new LabException(out + ": is a folder, not a wallet file");
        }
        if (Files.exists(out, LinkOption.NOFOLLOW_LINKS) && !force) {
            throw new LabException(out + ": already exists (use --force to replace it)");
        }
        Path dir = out.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new LabException(out + ": its folder does not exist");
        }
        if (!format.format.needsSalt()) {
            return;
        }
        Path salt = KwlFile.saltPathFor(out);
        String name = out.getFileName().toString();
        Path owner = out.resolveSibling(name + ".kwl");
        if (!name.endsWith(".kwl") && Files.exists(owner, LinkOption.NOFOLLOW_LINKS)) {
            throw new LabException(out + ": its salt would be " + salt + ", the salt of the wallet " + owner
                    + "; name the new wallet " + owner + " (with --force to replace it) or choose another name");
        }
        if (Files.isDirectory(salt)) {
            throw new LabException(salt + ": is a folder, so the new wallet's salt cannot go there");
        }
        if (Files.exists(salt, LinkOption.NOFOLLOW_LINKS) && !force) {
            throw new LabException(salt + ": already exists (use --force to replace it with the new wallet's salt)");
        }
    }

    /**
     * The wallet a JSON file describes; every error names the file and never quotes its content (it may be a secret).
     */
    static WalletContents read(Path json) {
        byte[] text = BoundedFile.read(json, "JSON file", FileLimits.JSON_BYTES);
        JsonNode root;
        try {
            root = WalletJson.parse(text);
        } catch (WalletJson.BadJsonException e) {
            throw new LabException(json + ": " + e.getMessage());
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
