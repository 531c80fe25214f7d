package labbook.vfs;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.Cli;
import labbook.vfs.main.VfsLab;

/** Runs the lab-vfs command line in this JVM and keeps what it printed (for the tests of every package). */
public record CliRunner(int exit, String out, String err) {

    /** {@code tree --source SOURCE --dir DIR}, then {@code more}. */
    public static CliRunner tree(Path source, Path dir, String... more) {
        List<String> args = new ArrayList<>(List.of("tree", "--source", source.toString(), "--dir", dir.toString()));
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    /** An experiment, {@code COMMAND --tree TREE --out OUT}. */
    public static CliRunner onTree(String command, Path tree, Path out) {
        return run(command, "--tree", tree.toString(), "--out", out.toString());
    }

    public static synchronized CliRunner run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int exit = Cli.run(new VfsLab(), args);
            return new CliRunner(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
