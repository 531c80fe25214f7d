package labbook.wallet.experiments.syncsweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.CsvResults;
import labbook.core.FailureLine;
import labbook.core.Slowdown;
import labbook.core.WorkerRows;
import labbook.wallet.WalletSchemas;

/**
 * The sync sweep of one Java variant in a JVM of its own, whose JIT state no other variant shaped (kde4 with the real
 * backend beside it, the pair the seed's question is about): {@code SweepWorker VARIANTS PLAN SCRATCH OUT} runs
 * {@link SweepLoop} on the comma-separated VARIANTS and writes its rows under the folder OUT as a CSV of
 * {@link WalletSchemas#SYNC_SWEEP_WORKER}, for the sweep to record ({@link #read}).
 */
public final class SweepWorker {
    private SweepWorker() {}

    /** The worker's name in its one-line failure, which the sweep repeats. */
    static final String NAME = "sync-sweep worker";

    public static void main(String[] args) {
        FailureLine.runMain(NAME, () -> work(args));
    }

    private static void work(String[] args) {
        Slowdown.prepare(); // before any clock (off unless a test of the A/B method asks)
        List<SweepVariant> variants = new ArrayList<>();
        for (String label : args[0].split(",")) {
            variants.add(SweepVariant.of(label));
        }
        SweepLoop.Plan plan = SweepLoop.Plan.decode(args[1]);
        write(SweepLoop.run(variants, plan, Path.of(args[2])), Path.of(args[3]));
    }

    /** The rows as the worker hands them over: under {@code out}, whole or not at all. */
    static void write(List<SweepLoop.Row> rows, Path out) {
        try (CsvResults csv = WorkerRows.writer(out, WalletSchemas.SYNC_SWEEP_WORKER)) {
            rows.forEach(r -> csv.row(SweepLoop.WORKER, r));
            csv.commit();
        }
    }

    /** The rows a worker wrote under {@code out}, read back by column name. */
    static List<SweepLoop.Row> read(Path out) {
        return WorkerRows.readIn(out, WalletSchemas.SYNC_SWEEP_WORKER).stream()
                .map(SweepLoop.WORKER::read)
                .toList();
    }
}
