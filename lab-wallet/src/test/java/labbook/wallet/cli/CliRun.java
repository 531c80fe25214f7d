package labbook.wallet.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.Cli;
import labbook.wallet.main.WalletLab;

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

    /** {@code import --format format [options] --password-file pw --json json out}. */
    static CliRun importJson(String format, Path pw, Path json, String out, String... options) {
        List<String> args = new ArrayList<>(List.of("import", "--format", format));
        args.addAll(List.of(options));
        args.addAll(List.of("--password-file", pw.toString(), "--json", json.toString(), out));
        return of(args.toArray(String[]::new));
    }
}
