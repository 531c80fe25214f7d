package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptResults.ALGO;
import static labbook.filecrypt.FilecryptResults.ENGINE;
import static labbook.filecrypt.FilecryptResults.FILE;
import static labbook.filecrypt.FilecryptResults.LEVEL;
import static labbook.filecrypt.FilecryptResults.SCOPE;
import static labbook.reports.filecrypt.FilecryptData.CPU_S;

import java.util.List;
import labbook.reports.stats.Format;
import labbook.reports.stats.Stats;
import labbook.reports.study.Claim;
import labbook.reports.study.Verdict;
import tech.tablesaw.api.Table;

/**
 * The command a user types (issue #13 item 4), by medians of CPU time: bcpg as a whole process
 * ({@code ./labbook filecrypt encrypt}, the level sweep's {@code scope=process} rows) at gpg's
 * default level, -z 6, on the largest file, against gpg (goal: at most 1.6 x); and its start-up
 * alone, {@code encrypt --help} ({@code cli-startup.csv}; goal: at most 0.25 s).
 */
final class CommandLineCost {
    static final String CLAIM = "bcpg's whole command (./labbook filecrypt encrypt) costs at most 1.6 x gpg's CPU time at -z 6"
            + " (largest file, ZIP)";
    static final String GOAL = "<= 1.6 x gpg (issue #13)";
    static final double GOAL_RATIO = 1.6;
    static final int LEVEL_6 = 6;

    static final String STARTUP_CLAIM = "the command line starts and exits (encrypt --help) in at most 0.25 s of CPU time";
    static final String STARTUP_GOAL = "<= 0.25 s (issue #13)";
    static final double STARTUP_GOAL_S = 0.25;

    private CommandLineCost() {
    }

    /** The start-up claim on one results root's cli-startup rows. */
    static Claim startup(Table startups, String machine) {
        Claim c = Claim.of(FilecryptStudy.Id.STARTUP_CPU, "", STARTUP_CLAIM).seed(STARTUP_GOAL);
        Stats.Spread cpu = Stats.spread(FilecryptData.withCpu(startups).numberColumn(CPU_S).asDoubleArray());
        if (cpu.n() == 0) {
            return c.measured("no rows").from(machine, "cli-startup.csv");
        }
        return c.measured(Format.num(cpu.median()) + " s").ratio(cpu.median() / STARTUP_GOAL_S)
                .verdict(Verdict.claim(cpu.median() <= STARTUP_GOAL_S + 1e-9, cpu.median())) // summed ticks: float noise
                .from(machine, "median CPU time (user + system, 10 ms ticks) of " + cpu.n() + " runs, IQR "
                        + Format.num(cpu.q1()) + "-" + Format.num(cpu.q3()) + " s; the launcher's bash included");
    }

    /** Before the start-up rows (or with no level sweep at all): the claim, not measured, saying why. */
    static Claim startupNotRun() {
        return Claim.of(FilecryptStudy.Id.STARTUP_CPU, "", STARTUP_CLAIM).seed(STARTUP_GOAL)
                .measured("not run: no cli-startup.csv (a level sweep from before it, or none)");
    }

    /** The whole command's claim on one results root's level sweep. */
    static Claim process(Table sweep, String machine) {
        Claim c = Claim.of(FilecryptStudy.Id.PROCESS_CPU, "", CLAIM).seed(GOAL);
        Table t = FilecryptData.withCpu(sweep);
        List<FilecryptData.InputFile> files = FilecryptData.files(t);
        if (files.isEmpty()) {
            return c.measured("no level sweep rows").from(machine, "level-sweep.csv");
        }
        String file = files.get(files.size() - 1).file();
        Table at = t.where(t.stringColumn(FILE.name()).isEqualTo(file).and(t.stringColumn(ALGO.name()).isEqualTo("zip"))
                .and(t.numberColumn(LEVEL.name()).isEqualTo(LEVEL_6)));
        Stats.Spread gpg = cpu(at, "gpg");
        Stats.Spread bcpg = cpu(at, "bcpg");
        if (gpg.n() == 0 || bcpg.n() == 0) {
            return c.measured("no -z 6 rows of both as whole processes").from(machine, file + ": the sweep's levels leave -z 6 out");
        }
        double ratio = bcpg.median() / gpg.median();
        return c.measured(Format.ratio(ratio)).ratio(ratio).verdict(Verdict.claim(ratio <= GOAL_RATIO, ratio))
                .from(machine, file + ", median CPU time (user + system, 10 ms ticks) over " + Math.min(gpg.n(), bcpg.n())
                        + " repeats: bcpg " + Format.num(bcpg.median()) + " s, gpg " + Format.num(gpg.median())
                        + " s; JVM start-up included, as a user pays it");
    }

    private static Stats.Spread cpu(Table t, String engine) {
        Table rows = t.where(t.stringColumn(ENGINE.name()).isEqualTo(engine).and(t.stringColumn(SCOPE.name()).isEqualTo("process")));
        return Stats.spread(rows.numberColumn(CPU_S).asDoubleArray());
    }
}
