package labbook.core;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Writes the run.json of one run that uses every field LabRun writes, for {@link RunJsonFormatTest}: a quick
 * {@code pinstudy all} that resumes a killed run's journal, commits two CSVs, records two peers and one outcome of each
 * kind (with and without a machine load, a clock and a failure), with fixed times, so that only the machine and the
 * clock's instants differ from one run to the next. It runs in a JVM of its own, so that its environment gives run.json
 * its {@code extra_jvm_flags} and its system properties its {@code test_slowdown}.
 *
 * <p>Arguments: the results root, the scenario ({@code fresh}: no run.json before; {@code carried}: the previous
 * run.json of this package's {@code run-json/previous.json}, its history made on this host; {@code other-host}: the
 * same, its history made on another host), and the previous file's path for the last two.
 */
public final class RunJsonMain {
    static final String STUDY = "pinstudy";
    static final ResultsSchema STEPS = ResultsSchema.of(STUDY, "steps", Column.count("step", "the step"));

    private RunJsonMain() {}

    public static void main(String[] args) {
        FailureLine.runMain("run.json writer", () -> {
            Path root = Path.of(args[0]);
            String scenario = args[1];
            Path studyDir = Files.createDirectories(root.resolve(STUDY));
            if (!scenario.equals("fresh")) {
                String host = scenario.equals("carried") ? MachineInfo.hostName() : "another-host";
                Files.writeString(
                        studyDir.resolve("run.json"),
                        Files.readString(Path.of(args[2])).replace("@HOST@", host));
            }
            String[] given = {"--keep-going", "--variants", "a,b"};
            try (LabRun killed = LabRun.start(options(root, false), STUDY, "all", given);
                    CsvJournal journal = killed.journal(STEPS)) {
                journal.row(r -> r.set(STEPS.columns().get(0), 1));
                journal.checkpoint();
            }
            try (LabRun run = LabRun.start(options(root, true), STUDY, "all", given)) {
                run.peer("tool-b", "2.0").peer("tool-a", "1.0 (build 7)");
                try (CsvJournal journal = run.journal(STEPS)) {
                    journal.row(r -> r.set(STEPS.columns().get(0), 2));
                    journal.commit();
                }
                try (CsvResults table = run.csv("table", "x")) {
                    table.row(1);
                    table.commit();
                }
                // 4.199999999999999 s of clock: written to the millisecond; 12.345 s and 3.05 s: to a tenth
                run.outcome(new AllExperiments.Part(
                        "steps",
                        AllExperiments.Status.DONE,
                        Duration.ofMillis(12_345),
                        1.5,
                        null,
                        Map.of(Mode.QUICK, new Work.Size(10, 4.2 - 1e-15), Mode.FULL, Work.Size.units(100)),
                        new MachineLoad(0.0312, 0.4267, 2596.44)));
                run.outcome(new AllExperiments.Part(
                        "table",
                        AllExperiments.Status.DONE,
                        Duration.ofMillis(3_050),
                        0.5,
                        null,
                        Map.of(Mode.QUICK, Work.Size.units(7), Mode.FULL, Work.Size.units(70)),
                        new MachineLoad(0, 0.01, Double.NaN)));
                run.outcome(new AllExperiments.Part(
                        "kept",
                        AllExperiments.Status.DONE_EARLIER,
                        run.earlierTime("kept"),
                        Double.NaN,
                        null,
                        Map.of(),
                        null));
                run.outcome(new AllExperiments.Part(
                        "broken",
                        AllExperiments.Status.FAILED,
                        Duration.ofMillis(750),
                        0.1,
                        "broken: cannot read x: no such file",
                        Map.of(),
                        new MachineLoad(0, 0, 1800)));
                run.outcome(new AllExperiments.Part("later", AllExperiments.Status.SKIPPED));
                run.outcome(new AllExperiments.Part(
                        "instant",
                        AllExperiments.Status.DONE,
                        Duration.ofMillis(20),
                        0,
                        null,
                        Map.of(Mode.QUICK, Work.Size.units(1), Mode.FULL, Work.Size.units(2)),
                        null));
            }
        });
    }

    private static LabOptions options(Path root, boolean resume) {
        LabOptions options = LabOptions.of(root, Mode.QUICK);
        options.resume = resume;
        return options;
    }
}
