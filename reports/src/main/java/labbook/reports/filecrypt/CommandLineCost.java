package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.ALGO;
import static labbook.filecrypt.FilecryptSchemas.COMMAND;
import static labbook.filecrypt.FilecryptSchemas.ENGINE;
import static labbook.filecrypt.FilecryptSchemas.FILE;
import static labbook.filecrypt.FilecryptSchemas.LEVEL;
import static labbook.filecrypt.FilecryptSchemas.SCOPE;
import static labbook.reports.filecrypt.FilecryptData.CPU_S;

import java.util.Optional;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.pgp.Compression;
import labbook.reports.stats.Format;
import labbook.reports.stats.Stats;
import labbook.reports.study.Target;
import labbook.reports.study.Verdict;
import tech.tablesaw.api.Table;

/**
 * The command a user types, two rows of the targets table, by medians of CPU time. Its start-up alone, {@code encrypt
 * --help} ({@code cli-startup.csv}), held to the lab's goal. And the whole command, bcpg as a whole process
 * ({@code ./labbook filecrypt encrypt}, the level sweep's {@code scope=process} rows) at gpg's default level, -z 6, on
 * the largest file, over gpg's: a measurement with no goal, shown beside the start-up. The lab once held it to a ratio,
 * but the JVM's start-up is a fixed cost of every run, on the quick files about half of gpg's whole run, so that ratio
 * says more about the file's size than about bcpg.
 */
final class CommandLineCost {
    static final String STARTUP_TARGET = "the command line's start-up (encrypt --help)";
    static final String STARTUP_MEASURES =
            "CPU time (user + system) of the command line run with --help, from start to exit"
                    + " through the launcher, nothing encrypted: the JVM's fixed cost, which every command "
                    + "pays before it reads a byte";
    /** The lab's goal for the start-up, in CPU seconds. */
    static final double STARTUP_GOAL_S = 0.25;

    static final String STARTUP_GOAL = "<= " + Format.num(STARTUP_GOAL_S) + " s";

    static final String WHOLE_TARGET = "bcpg's whole command against gpg at -z 6 (largest file, ZIP)";
    static final String WHOLE_MEASURES =
            "CPU time (user + system) of ./labbook filecrypt encrypt as a whole process, JVM"
                    + " start-up included as a user pays it, over gpg's at gpg's default level; no goal: the "
                    + "start-up is a fixed cost"
                    + " of every run, whatever the file, and the note puts it beside gpg's whole run";
    static final String NO_GOAL = "none";
    static final int LEVEL_6 = 6;

    private CommandLineCost() {}

    /** The start-up target on one results root's cli-startup rows. */
    static Target startup(Table startups, String machine) {
        Target t = startupTarget();
        Stats.Spread cpu = startupCpu(startups);
        if (cpu.n() == 0) {
            return t.measured("no rows").from(machine, "cli-startup.csv");
        }
        return t.measured(
                        Format.num(cpu.median()) + " s",
                        cpu.median(),
                        Verdict.target(
                                cpu.median() <= STARTUP_GOAL_S + 1e-9, cpu.median())) // summed ticks: float noise
                .from(
                        machine,
                        "median of " + cpu.n() + " runs of '"
                                + startups.stringColumn(COMMAND.name()).get(0) + "', IQR "
                                + Format.num(cpu.q1()) + "-" + Format.num(cpu.q3())
                                + " s; the launcher's bash included");
    }

    /** Before the start-up rows (or with no level sweep at all): the target, not measured, saying why. */
    static Target startupNotRun() {
        return startupTarget().measured("not run: no cli-startup.csv (a level sweep from before it, or none)");
    }

    private static Target startupTarget() {
        return Target.of(FilecryptStudy.TargetId.STARTUP_CPU, STARTUP_TARGET, STARTUP_MEASURES, STARTUP_GOAL);
    }

    private static Stats.Spread startupCpu(Table startups) {
        return Stats.spread(FilecryptData.withCpu(startups).numberColumn(CPU_S).asDoubleArray());
    }

    /**
     * The whole command on one results root's level sweep, a measurement with no goal; its note puts the same root's
     * start-up (when it has cli-startup rows) beside gpg's whole run.
     */
    static Target wholeCommand(Table sweep, Optional<Table> startups, String machine) {
        Target t = Target.of(FilecryptStudy.TargetId.WHOLE_COMMAND_CPU, WHOLE_TARGET, WHOLE_MEASURES, NO_GOAL);
        Table cpuRows = FilecryptData.withCpu(sweep);
        Optional<FilecryptData.InputFile> largest = FilecryptData.largest(cpuRows);
        if (largest.isEmpty()) {
            return t.measured("no level sweep rows").from(machine, "level-sweep.csv");
        }
        String file = largest.get().file();
        Table at = cpuRows.where(cpuRows.stringColumn(FILE.name())
                .isEqualTo(file)
                .and(cpuRows.stringColumn(ALGO.name()).isEqualTo(Compression.ZIP.gpgName()))
                .and(cpuRows.numberColumn(LEVEL.name()).isEqualTo(LEVEL_6)));
        Stats.Spread gpg = processCpu(at, Engine.GPG);
        Stats.Spread bcpg = processCpu(at, Engine.BCPG_PROCESS);
        if (gpg.n() == 0 || bcpg.n() == 0) {
            return t.measured("no -z 6 rows of both as whole processes")
                    .from(machine, file + ": the sweep's levels leave -z 6 out");
        }
        double ratio = bcpg.median() / gpg.median();
        Stats.Spread startup = startups.map(CommandLineCost::startupCpu).orElse(Stats.spread(new double[0]));
        String beside = startup.n() == 0
                ? "the start-up alone was not timed in this root (no cli-startup.csv)"
                : "beside it, the JVM's fixed cost: the start-up alone takes " + Format.num(startup.median()) + " s, "
                        + Format.ratio(startup.median() / gpg.median()) + " gpg's whole run";
        return t.measured(
                        Format.ratio(ratio) + " (bcpg " + Format.num(bcpg.median()) + " s, gpg "
                                + Format.num(gpg.median()) + " s)",
                        ratio,
                        Verdict.NO_GOAL)
                .from(
                        machine,
                        file + ", median CPU time (user + system) over " + Math.min(gpg.n(), bcpg.n()) + " repeats; "
                                + beside);
    }

    private static Stats.Spread processCpu(Table t, Engine engine) {
        Table rows = t.where(t.stringColumn(ENGINE.name())
                .isEqualTo(engine.engine())
                .and(t.stringColumn(SCOPE.name()).isEqualTo(engine.scope())));
        return Stats.spread(rows.numberColumn(CPU_S).asDoubleArray());
    }
}
