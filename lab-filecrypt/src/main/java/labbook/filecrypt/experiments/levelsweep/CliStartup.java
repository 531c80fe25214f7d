package labbook.filecrypt.experiments.levelsweep;

import java.util.ArrayList;
import java.util.List;
import labbook.core.CsvResults;
import labbook.core.LabRun;
import labbook.core.RowType;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.experiments.Encryptions;
import labbook.filecrypt.experiments.Sample;

/**
 * The command line's own start-up, for the level sweep: {@code ./labbook filecrypt encrypt --help} as a user types it,
 * start to exit, nothing encrypted ({@code cli-startup.csv}). Its goal, at most {@value LevelSweepPrintout#HELP_GOAL_S}
 * s of CPU, is judged by the printout; the sweep's {@code bcpg process} rows are the same command with a file.
 */
final class CliStartup {
    /** Runs timed. */
    static final int RUNS = 5;

    static final String COMMAND_LINE = Encryptions.PROCESS_COMMAND + " --help";

    private CliStartup() {}

    /** A row of cli-startup.csv: one run of the command line's start-up, bound to the schema by {@link #ROW}. */
    record Run(String command, int repeat, double cpuUserS, double cpuSysS, double wallS) {}

    static final RowType<Run> ROW = RowType.of(FilecryptSchemas.CLI_STARTUP, Run.class);

    /** Times {@link #RUNS} runs, writes them to the run's {@code cli-startup.csv} and returns them. */
    static List<Sample> measure(LabRun run) {
        List<Sample> samples = new ArrayList<>();
        try (CsvResults csv = run.csv(FilecryptSchemas.CLI_STARTUP)) {
            for (int i = 0; i < RUNS; i++) {
                Sample s = Encryptions.helpProcess();
                samples.add(s);
                int repeat = i;
                Run r = new Run(COMMAND_LINE, repeat, s.cpuUserS(), s.cpuSysS(), s.wallS());
                csv.row(ROW, r);
            }
            csv.commit();
        }
        return samples;
    }
}
