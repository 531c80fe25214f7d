package labbook.wallet.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import labbook.core.Cli;
import labbook.core.ConsoleTable;
import labbook.core.LabException;
import labbook.core.Summary;
import labbook.wallet.peer.Kwallet5;
import labbook.wallet.peer.Kwallet5Session;
import labbook.wallet.peer.SweepPlan;
import labbook.wallet.peer.SyncTiming;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The seed's benchmark on the real backend, printed: a new wallet grown in steps of 100 seed entries to {@code --max}
 * (10,000), {@code --repeats} timed syncs at 1, 100, 1,000, 5,000 and 10,000 entries, and the median sync time at each.
 * Writes no CSV (sync-sweep's {@code kwallet5} variant does); for a first look and for wiring:
 *
 * <pre>
 * java -cp "$(cat lab-wallet/target/classpath.txt):lab-wallet/target/classes" \
 *     labbook.wallet.cli.Kwallet5SweepCommand [--repeats 5] [--fdatasync on|off|both] [--session]
 * </pre>
 *
 * {@code --session} drives the same loop through a {@link Kwallet5Session} (a command per step, as an interleaving
 * experiment would) instead of the harness's own loop.
 */
@Command(
        name = "kwallet5-sweep",
        mixinStandardHelpOptions = true,
        description =
                "The seed's loop on KDE's real KWallet backend: median sync ms at 1/100/1,000/5,000/10,000 entries.")
public final class Kwallet5SweepCommand implements Callable<Integer> {
    @Option(
            names = "--max",
            defaultValue = "10000",
            description = "Grow the wallet to this many entries (default ${DEFAULT-VALUE}).")
    int max;

    @Option(
            names = "--repeats",
            defaultValue = "5",
            description = "Timed syncs at each checkpoint (default ${DEFAULT-VALUE}).")
    int repeats;

    @Option(
            names = "--fdatasync",
            defaultValue = "on",
            description = "on (as KWallet ships: QSaveFile's fdatasync), off, or both (default ${DEFAULT-VALUE}).")
    String fdatasync;

    @Option(
            names = "--session",
            description =
                    "Drive the loop step by step through a long-lived harness (as an interleaving experiment does).")
    boolean session;

    @Option(
            names = "--scratch",
            paramLabel = "DIR",
            description = "Where the wallet lives while it grows (default: lab-wallet/target/kwallet5/scratch).")
    Path scratch;

    public static void main(String[] args) {
        Cli.main(new Kwallet5SweepCommand(), args);
    }

    @Override
    public Integer call() {
        if (max < 1 || repeats < 1) {
            throw LabException.badValue("--max/--repeats", max + "/" + repeats, "at least 1");
        }
        List<Boolean> modes = switch (fdatasync) {
            case "on" -> List.of(true);
            case "off" -> List.of(false);
            case "both" -> List.of(true, false);
            default -> throw LabException.badValue("--fdatasync", fdatasync, "on, off or both");
        };
        Kwallet5.unavailableReason().ifPresent(why -> {
            throw new LabException(why);
        });
        Path parent = scratch != null ? scratch : Kwallet5.defaultScratchParent();
        SweepPlan plan = SweepPlan.seed(max, repeats);
        System.out.println("kwallet5: " + Kwallet5.BACKEND_PACKAGE + " " + Kwallet5.version() + ", "
                + (session ? "session" : "one harness loop") + ", "
                + plan.sizes().size() + " sizes to " + String.format(Locale.ROOT, "%,d", max) + ", " + repeats
                + " syncs per checkpoint");
        for (boolean sync : modes) {
            long t0 = System.nanoTime();
            List<SyncTiming> rows = session ? viaSession(plan, sync, parent) : Kwallet5.sweep(plan, sync, parent);
            print(rows, plan, sync, (System.nanoTime() - t0) / 1e9);
        }
        return 0;
    }

    /** The same loop, one command per step, through a long-lived harness. */
    static List<SyncTiming> viaSession(SweepPlan plan, boolean fdatasync, Path parent) {
        List<SyncTiming> rows = new ArrayList<>();
        try (Kwallet5Session kw = Kwallet5.session(fdatasync, parent)) {
            int have = 0;
            for (int size : plan.sizes()) {
                kw.add(size - have);
                have = size;
                for (int r = 0; r < plan.repeatsAt(size); r++) {
                    rows.add(kw.sync(r));
                }
            }
        }
        return rows;
    }

    static void print(List<SyncTiming> rows, SweepPlan plan, boolean fdatasync, double seconds) {
        ConsoleTable t = new ConsoleTable("entries", "sync ms (median)", "IQR", "CPU ms (median)", "file bytes", "n");
        for (int c : plan.checkpoints()) {
            List<SyncTiming> at = rows.stream().filter(r -> r.entries() == c).toList();
            if (at.isEmpty()) {
                continue;
            }
            Summary wall = Summary.of(at.stream().map(SyncTiming::syncMs).toList());
            Summary cpu = Summary.of(at.stream().map(SyncTiming::cpuMs).toList());
            t.row(
                    String.format(Locale.ROOT, "%,d", c),
                    String.format(Locale.ROOT, "%.2f", wall.median()),
                    String.format(Locale.ROOT, "%.2f-%.2f", wall.q1(), wall.q3()),
                    String.format(Locale.ROOT, "%.2f", cpu.median()),
                    String.format(Locale.ROOT, "%,d", at.get(0).fileBytes()),
                    at.size());
        }
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "kwallet5, fdatasync %s: %d timed syncs in %.1f s%n",
                fdatasync ? "on (as shipped)" : "off",
                rows.size(),
                seconds);
        t.print(System.out);
    }
}
