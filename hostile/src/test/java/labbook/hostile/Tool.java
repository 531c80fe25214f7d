package labbook.hostile;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import labbook.core.Cli;
import labbook.filecrypt.main.FilecryptLab;
import labbook.reports.ReportsCli;
import labbook.vfs.main.VfsLab;
import labbook.wallet.main.WalletLab;

/** The lab's command lines, each run in this JVM exactly as its main class would run it. */
enum Tool {
    WALLET("wallet", WalletLab::new),
    FILECRYPT("filecrypt", FilecryptLab::new),
    VFS("vfs", VfsLab::new),
    REPORTS("reports", ReportsCli::new);

    final String launcherName;

    @SuppressWarnings("ImmutableEnumChecker") // each supplier makes a new command line; none holds state
    private final Supplier<Object> command;

    Tool(String launcherName, Supplier<Object> command) {
        this.launcherName = launcherName;
        this.command = command;
    }

    Object command() {
        return command.get();
    }

    /** Runs the command with stdout and stderr captured (one case at a time: System.out is global). */
    synchronized Outcome run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = Cli.run(command(), args);
            System.out.flush();
            System.err.flush();
            return new Outcome(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }
}
