package labbook.wallet.experiments.syncsweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.FailureLine;

/**
 * The sync sweep in a forked JVM, for the variants that need JVM flags of their own (kde4-c1, kde4-xint):
 * {@code SweepWorker VARIANT PLAN SCRATCH OUT} runs {@link SweepLoop} and writes its rows to OUT, one per line, for the
 * parent to record.
 */
public final class SweepWorker {
    private SweepWorker() {}

    /** The worker's name in its one-line failure, which the sweep repeats. */
    static final String NAME = "sync-sweep worker";

    public static void main(String[] args) {
        FailureLine.runMain(NAME, () -> work(args));
    }

    private static void work(String[] args) throws IOException {
        SweepVariant variant = SweepVariant.of(args[0]);
        SweepLoop.Plan plan = SweepLoop.Plan.decode(args[1]);
        List<SweepLoop.Row> rows = SweepLoop.run(variant, plan, Path.of(args[2]));
        StringBuilder out = new StringBuilder();
        rows.forEach(r -> out.append(r.toLine()).append('\n'));
        Files.writeString(Path.of(args[3]), out, StandardCharsets.UTF_8);
    }
}
