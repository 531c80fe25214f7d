package labbook.filecrypt.experiments.levelsweep;

import static labbook.filecrypt.FilecryptSchemas.COMMAND;
import static labbook.filecrypt.FilecryptSchemas.CPU_SYS_S;
import static labbook.filecrypt.FilecryptSchemas.CPU_USER_S;
import static labbook.filecrypt.FilecryptSchemas.REPEAT;
import static labbook.filecrypt.FilecryptSchemas.WALL_S;

import java.util.ArrayList;
import java.util.List;
import labbook.core.CsvResults;
import labbook.core.LabRun;
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

    /** Times {@link #RUNS} runs, writes them to the run's {@code cli-startup.csv} and returns them. */
    static List<Sample> measure(LabRun run) {
        List<Sample> samples = new ArrayList<>();
        try (CsvResults csv = run.csv(FilecryptSchemas.CLI_STARTUP)) {
            for (int i = 0; i < RUNS; i++) {
                Sample s = Encryptions.helpProcess();
                samples.add(s);
                int repeat = i;
                csv.row(row -> row.set(COMMAND, COMMAND_LINE)
                        .set(REPEAT, repeat)
                        .set(CPU_USER_S, s.cpuUserS())
                        .set(CPU_SYS_S, s.cpuSysS())
                        .set(WALL_S, s.wallS()));
            }
            csv.commit();
        }
        return samples;
    }
}
