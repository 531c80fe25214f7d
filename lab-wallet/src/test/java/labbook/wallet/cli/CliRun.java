package labbook.wallet.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import labbook.core.Cli;
import labbook.wallet.WalletLab;

/** Runs the lab-wallet command line in-process, capturing what it prints. */
record CliRun(int code, String out, String err) {
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Cli.commandLine(new WalletLab())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
