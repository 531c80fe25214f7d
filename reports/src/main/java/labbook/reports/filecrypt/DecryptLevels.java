package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.ALGO;
import static labbook.filecrypt.FilecryptSchemas.ENGINE;
import static labbook.filecrypt.FilecryptSchemas.FILE;
import static labbook.filecrypt.FilecryptSchemas.LEVEL;
import static labbook.filecrypt.FilecryptSchemas.SCOPE;
import static labbook.reports.filecrypt.FilecryptData.CPU_S;

import java.util.List;
import java.util.Optional;
import labbook.filecrypt.experiments.Engine;
import labbook.filecrypt.pgp.Compression;
import labbook.reports.stats.Format;
import labbook.reports.stats.Stats;
import labbook.reports.stats.TableOf;
import labbook.reports.study.Target;
import labbook.reports.study.Verdict;
import tech.tablesaw.api.Table;

/**
 * The level sweep's decrypt rows ({@code level-decrypt.csv}): gpg's output at each level decrypted by gpg (a whole
 * process) and by bcpg in-process, on the largest file, ZIP. The lab's target for bcpg (a row of the targets table, not
 * a claim of the seed): its median CPU time at most 1.0 x gpg's at every level. Results from before the decrypt rows
 * have no such CSV; the row then says so.
 */
final class DecryptLevels {
    static final String TARGET = "bcpg's decryption against gpg at every level (largest file, ZIP)";
    static final String MEASURES =
            "CPU time (user + system) of bcpg decrypting gpg's output in-process, over gpg's decrypting"
                    + " it as a whole process, at each level the sweep ran; the worst level counts";
    /** The lab's goal: bcpg's CPU time over gpg's, at every level. */
    static final double GOAL_RATIO = 1.0;

    static final String GOAL = "<= " + Format.num(GOAL_RATIO) + " x gpg";

    private DecryptLevels() {}

    /** One level: each engine's CPU seconds (user + system) over the repeats. */
    record Level(int level, Stats.Spread gpg, Stats.Spread bcpg) {
        double ratio() {
            return gpg.median() > 0 ? bcpg.median() / gpg.median() : Double.NaN;
        }
    }

    /** The largest file's levels, ZIP, in level order; empty when it has no rows of both engines. */
    static List<Level> levels(Table decrypts) {
        Table t = FilecryptData.withCpu(decrypts);
        Optional<FilecryptData.InputFile> file = FilecryptData.largest(t);
        if (file.isEmpty()) {
            return List.of();
        }
        Table largest = t.where(t.stringColumn(FILE.name())
                .isEqualTo(file.get().file())
                .and(t.stringColumn(ALGO.name()).isEqualTo(Compression.ZIP.gpgName())));
        return largest.numberColumn(LEVEL.name()).asDoubleColumn().unique().asList().stream()
                .sorted()
                .map(l -> new Level(l.intValue(), cpu(largest, Engine.GPG, l), cpu(largest, Engine.BCPG_IN_PROCESS, l)))
                .filter(l -> l.gpg().n() > 0 && l.bcpg().n() > 0)
                .toList();
    }

    private static Stats.Spread cpu(Table t, Engine engine, double level) {
        Table rows = t.where(t.stringColumn(ENGINE.name())
                .isEqualTo(engine.engine())
                .and(t.stringColumn(SCOPE.name()).isEqualTo(engine.scope()))
                .and(t.numberColumn(LEVEL.name()).isEqualTo(level)));
        return Stats.spread(rows.numberColumn(CPU_S).asDoubleArray());
    }

    /** The page's table: per level, each engine's median CPU time with its IQR, and bcpg / gpg. */
    static Table table(List<Level> levels) {
        return TableOf.rows(levels)
                .text("level", l -> "-z " + l.level())
                .number("gpg CPU s (median)", l -> l.gpg().median())
                .number("gpg IQR s", l -> l.gpg().q3() - l.gpg().q1())
                .number("bcpg in-process CPU s (median)", l -> l.bcpg().median())
                .number("bcpg IQR s", l -> l.bcpg().q3() - l.bcpg().q1())
                .number("bcpg / gpg", Level::ratio)
                .number("repeats", l -> Math.min(l.gpg().n(), l.bcpg().n()))
                .named("decrypt");
    }

    /** The target on one results root: the worst level's ratio against the goal. */
    static Target target(List<Level> levels, String machine) {
        Target t = Target.of(FilecryptStudy.TargetId.DECRYPT_CPU, TARGET, MEASURES, GOAL);
        Optional<Level> worst = levels.stream()
                .filter(l -> !Double.isNaN(l.ratio()))
                .max((a, b) -> Double.compare(a.ratio(), b.ratio()));
        if (worst.isEmpty()) {
            return t.measured("no level of the largest file by both engines").from(machine, "level-decrypt.csv");
        }
        double ratio = worst.get().ratio();
        String each = String.join(
                ", ",
                levels.stream()
                        .map(l -> "-z " + l.level() + " " + Format.ratio(l.ratio()))
                        .toList());
        return t.measured(
                        "at most " + Format.ratio(ratio) + " (-z " + worst.get().level() + ")",
                        ratio,
                        Verdict.target(
                                ratio <= GOAL_RATIO + 1e-9,
                                ratio)) // user + system ticks summed: float noise, not a tick
                .from(machine, "median CPU time (user + system) over the repeats, bcpg / gpg: " + each);
    }

    /** Before the decrypt rows (or with no level sweep at all): the target, not measured, saying why. */
    static Target notRun() {
        return Target.of(FilecryptStudy.TargetId.DECRYPT_CPU, TARGET, MEASURES, GOAL)
                .measured("not run: no level-decrypt.csv (a level sweep from before its decrypt rows, or none)");
    }
}
