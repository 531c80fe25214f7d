package labbook.core;

import java.nio.file.Path;

/**
 * A small planned experiment for {@link CsvJournalTest}: {@code STEPS} steps of {@code ROWS} rows each, a few
 * milliseconds apart, into {@code ROOT/test/steps.csv} through {@link LabRun#journal}; {@code resume} goes on from the
 * journal a killed run left.
 */
public final class JournalStepsMain {
    static final ResultsSchema SCHEMA = ResultsSchema.of(
            "test",
            "steps",
            Column.count("step", "the step"),
            Column.count("row", "the row in its step"),
            Column.text("payload", "text long enough that a kill can cut a row"));

    private JournalStepsMain() {}

    public static void main(String[] args) {
        FailureLine.runMain("journal steps", () -> {
            Path root = Path.of(args[0]);
            int steps = Integer.parseInt(args[1]);
            int rows = Integer.parseInt(args[2]);
            LabOptions options = LabOptions.of(root, Mode.QUICK);
            options.resume = args.length > 3 && args[3].equals("resume");
            try (LabRun run = LabRun.start(options, "test", "steps");
                    CsvJournal csv = run.journal(SCHEMA)) {
                for (int s = 0; s < steps; s++) {
                    if (csv.keptHas(java.util.Map.of(SCHEMA.columns().get(0), s))) {
                        continue;
                    }
                    for (int r = 0; r < rows; r++) {
                        int step = s;
                        int row = r;
                        csv.row(x -> x.set(SCHEMA.columns().get(0), step)
                                .set(SCHEMA.columns().get(1), row)
                                .set(SCHEMA.columns().get(2), "p".repeat(200) + step + "-" + row));
                        Thread.sleep(1);
                    }
                    csv.checkpoint();
                }
                csv.commit();
            }
        });
    }
}
