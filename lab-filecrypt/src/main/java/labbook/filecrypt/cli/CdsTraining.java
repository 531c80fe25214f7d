package labbook.filecrypt.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import labbook.filecrypt.pgp.EncryptOptions;
import labbook.filecrypt.pgp.Passphrase;
import org.apache.commons.io.FileUtils;

/**
 * {@code cds-training}: what the launcher runs once, with {@code -XX:ArchiveClassesAtExit}, to make encrypt's and
 * decrypt's CDS archive. A dynamic archive holds the classes its one run loaded, so that run must load what a user's
 * runs load: both commands' help, encrypt on one thread and on several, at level 0 and above, and decrypt, on a small
 * text in a private temporary folder that is removed afterwards. The passphrase is a fixed, non-secret training one.
 * Prints nothing; exit 0 when every step did what it should, else 1 (and the launcher keeps no archive).
 */
public final class CdsTraining {
    private CdsTraining() {}

    public static int run() {
        Path dir = null;
        try {
            dir = Files.createTempDirectory(
                    "labbook-cds-training-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path pass = dir.resolve("passphrase");
            Passphrase.write(pass, "labbook cds training".toCharArray());
            StringBuilder text = new StringBuilder();
            for (int i = 0; text.length() < 400_000; i++) {
                text.append(String.format(
                        "Training text for the class-data archive, line %d: the quick brown fox %x.%n",
                        i, i * 2654435761L));
            }
            Path in = Files.writeString(dir.resolve("in.txt"), text);
            boolean ok = run(new EncryptCommand(), "--help")
                    && run(new DecryptCommand(), "--help")
                    && encrypt(pass, in, dir.resolve("parallel.gpg"))
                    && encrypt(pass, in, dir.resolve("one.gpg"), "--threads", "1")
                    && encrypt(pass, in, dir.resolve("stored.gpg"), "-z", "0")
                    && run(
                            new DecryptCommand(),
                            "--passphrase-file",
                            pass.toString(),
                            dir.resolve("one.gpg").toString(),
                            dir.resolve("back.txt").toString())
                    && Files.mismatch(in, dir.resolve("back.txt")) == -1;
            return ok ? 0 : 1;
        } catch (IOException | RuntimeException e) {
            return 1;
        } finally {
            if (dir != null) {
                FileUtils.deleteQuietly(
                        dir.toFile()); // else a leftover folder in the temp folder, holding nothing secret
            }
        }
    }

    /** The encrypt command from {@code in} to {@code out} with a fast key derivation and {@code options}. */
    private static boolean encrypt(Path pass, Path in, Path out, String... options) {
        List<String> args = new ArrayList<>(List.of(
                "--passphrase-file", pass.toString(), "--s2k-count", Long.toString(EncryptOptions.PINNED_S2K_COUNT)));
        args.addAll(List.of(options));
        args.addAll(List.of(in.toString(), out.toString()));
        return run(new EncryptCommand(), args.toArray(String[]::new));
    }

    private static boolean run(FileCommand command, String... args) {
        Writer sink = new StringWriter();
        return command.execute(List.of(args), new PrintWriter(sink), new PrintWriter(sink)) == 0;
    }
}
