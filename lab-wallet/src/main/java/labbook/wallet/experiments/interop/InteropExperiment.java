package labbook.wallet.experiments.interop;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.RowType;
import labbook.wallet.WalletSchemas;
import labbook.wallet.experiments.Scratch;
import labbook.wallet.peer.Kwallet5;
import picocli.CommandLine.Command;

/**
 * kwallet5-interop: the lab's {@code .kwl} code against KDE's real backend, both ways.
 *
 * <p><b>The question.</b> The lab re-implements the {@code .kwl} format in Java; does it agree with KDE's real backend
 * (Debian 12's libkwalletbackend5, KF5 5.103), both ways? And what does today's KWallet make of the KDE4-era wallets
 * the seed's build wrote?
 *
 * <p><b>Baseline.</b> The contents each writer was given: every wallet read back must hold exactly them
 * ({@link InteropCases}: empty, one empty folder, 1 entry, several folders with non-ASCII keys, binary values,
 * password, stream and map entries, empty and non-ASCII passwords, random wallets of 10, 100, ... entries up to
 * {@link #LARGEST}, in both modes).
 *
 * <p><b>Variants.</b> The directions ({@link InteropChecks}): {@code lab-kf5->kwallet5}, the lab writes in kf5 format
 * and the real backend opens; {@code kwallet5->lab}, the real backend writes and the lab's reader opens (dialect, hash
 * section and file size compared too). As findings rather than requirements: {@code lab-kde4->kwallet5} and
 * {@code fixture->kwallet5}, the KDE4-era wallets the seed's build wrote, and {@code lab-odd-type->kwallet5}, a wallet
 * with an entry of type Unknown.
 *
 * <p><b>How to run.</b> {@code ./labbook wallet kwallet5-interop --quick}, or {@code mvn -q -pl lab-wallet exec:java
 * -Dexec.args="kwallet5-interop --quick"}. It needs the backend's Debian packages ({@code libkwalletbackend5-5
 * libkf5wallet-dev qtbase5-dev g++ pkg-config}); without them it stops with one line naming them ({@code all} skips it
 * with that line). One row per check: {@link WalletSchemas#KWALLET5_INTEROP}; run.json names the backend's package
 * version.
 */
@Command(
        name = "kwallet5-interop",
        description = "The lab's .kwl code against KDE's real KWallet backend, both ways, and what KF5 does with "
                + "KDE4-era wallets.")
public final class InteropExperiment extends ExperimentCommand {
    /** kwallet5-interop.csv's rows: the checks, each bound to the schema by name. */
    static final RowType<InteropChecks.Check> ROW =
            RowType.of(WalletSchemas.KWALLET5_INTEROP, InteropChecks.Check.class);

    @Override
    public Integer call() {
        Kwallet5.unavailableReason().ifPresent(why -> {
            throw new LabException("kwallet5-interop: " + why);
        });
        try (LabRun run = startRun(WalletSchemas.STUDY, "kwallet5-interop")) {
            run(run, LARGEST, System.out);
        }
        return 0;
    }

    /**
     * The largest random wallet checked, in both modes: 100,000 entries, the seed's largest. The whole check takes
     * seconds; quick mode's 10,000 saved about two of them and made its time a poor guide to full mode's (the module's
     * JOURNAL.md).
     */
    public static final int LARGEST = 100_000;

    /**
     * The checks, written to the CSV and summed up on {@code out}; when the backend is not available, one line on
     * stderr (naming the packages) and no rows. Returns the checks made.
     */
    public static List<InteropChecks.Check> run(LabRun run, int largest, PrintStream out) {
        Optional<String> why = Kwallet5.unavailableReason();
        if (why.isPresent()) {
            System.err.println("kwallet5-interop skipped: " + why.get());
            return List.of();
        }
        run.peer(Kwallet5.BACKEND_PACKAGE, Kwallet5.version());
        List<InteropChecks.Check> checks;
        try (Scratch scratch = new Scratch(run.studyDir(), "kwallet5-interop");
                CsvResults csv = run.csv(WalletSchemas.KWALLET5_INTEROP)) {
            checks = InteropChecks.run(largest, scratch.dir());
            for (InteropChecks.Check c : checks) {
                csv.row(ROW, c);
            }
            csv.commit();
        }
        print(checks, out);
        return checks;
    }

    /** Outcomes per direction, then each check that was not identical, in one line. */
    static void print(List<InteropChecks.Check> checks, PrintStream out) {
        Map<String, Map<String, Integer>> counts = new LinkedHashMap<>();
        for (InteropChecks.Check c : checks) {
            counts.computeIfAbsent(c.direction(), k -> new TreeMap<>()).merge(c.outcome(), 1, Integer::sum);
        }
        ConsoleTable t = new ConsoleTable(
                "direction", "wallets", InteropChecks.IDENTICAL, InteropChecks.DIFFERENT, InteropChecks.REFUSED);
        counts.forEach((d, m) -> t.row(
                d,
                m.values().stream().mapToInt(Integer::intValue).sum(),
                m.getOrDefault(InteropChecks.IDENTICAL, 0),
                m.getOrDefault(InteropChecks.DIFFERENT, 0),
                m.getOrDefault(InteropChecks.REFUSED, 0)));
        out.println();
        out.printf(
                Locale.ROOT,
                "kwallet5-interop: %d checks against KDE's real backend (%s %s)%n",
                checks.size(),
                Kwallet5.BACKEND_PACKAGE,
                Kwallet5.version());
        t.print(out);
        for (InteropChecks.Check c : checks) {
            if (!c.identical()) {
                out.printf(
                        Locale.ROOT,
                        "%s %s: %s%s: %s%n",
                        c.direction(),
                        c.wallet(),
                        c.outcome(),
                        c.openCode() == null ? "" : " (" + c.openCode() + ")",
                        c.detail());
            }
        }
    }
}
