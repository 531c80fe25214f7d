package labbook.reports.wallet;

import static labbook.wallet.experiments.syncsweep.SweepVariant.KDE4;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KWALLET5;

import java.util.ArrayList;
import java.util.List;
import labbook.reports.results.Results;
import labbook.reports.stats.Format;
import labbook.reports.stats.Stats;
import labbook.reports.study.Target;
import labbook.reports.study.Verdict;
import labbook.wallet.WalletSchemas;
import labbook.wallet.experiments.syncsweep.SyncSweepExperiment;
import tech.tablesaw.api.Table;

/**
 * The lab's own target for its Java wallet code, checked on each results root: kde4 (the 2009 format in the lab's Java)
 * against KDE's real backend, kwallet5, at 10,000 entries. The seed timed one backend and claimed nothing of the kind,
 * so this is a target, not a claim.
 */
final class WalletTargets {
    /** The wallet size the speed goal is judged at. */
    static final double SPEED_AT_ENTRIES = 10_000;
    /** The lab's goal: kde4's sync time over kwallet5's, measured moments apart in one run. */
    static final double SPEED_GOAL = SyncSweepExperiment.SPEED_GOAL;

    static final String SPEED_GOAL_TEXT = "<= " + Format.num(SPEED_GOAL) + " x " + KWALLET5.label();
    static final String SPEED_TARGET = "the lab's Java (" + KDE4.label() + ") against KDE's real backend ("
            + KWALLET5.label() + ") at " + Format.num(SPEED_AT_ENTRIES) + " entries";
    static final String SPEED_MEASURES =
            "sync time of " + KDE4.label() + " over " + KWALLET5.label() + "'s: the median of the"
                    + " per-repeat ratios, each repeat of sync-sweep timing both syncs moments apart in one "
                    + "loop (the table of the"
                    + " lab's Java against the real code has every size)";

    private WalletTargets() {}

    static List<Target> of(Results results) {
        List<Target> targets = new ArrayList<>();
        var sweeps = results.tables(WalletSchemas.SYNC_SWEEP);
        if (sweeps.isEmpty()) {
            targets.add(speed().measured("not run: no sync-sweep.csv"));
        }
        sweeps.forEach(sweep -> targets.add(speed(sweep.value(), sweep.label())));
        return targets;
    }

    /** The speed target on one results root's sync sweep. */
    static Target speed(Table sweep, String machine) {
        Stats.Spread ratio =
                Stats.spread(WalletData.repeatRatios(sweep, KDE4.label(), KWALLET5.label(), SPEED_AT_ENTRIES));
        if (ratio.n() == 0) {
            return speed().measured("no repeat timed both at " + Format.num(SPEED_AT_ENTRIES) + " entries")
                    .from(
                            machine,
                            "sync-sweep.csv: no " + KWALLET5.label()
                                    + " rows there (the backend's Debian packages were missing?)");
        }
        return speed().measured(
                        Format.ratio(ratio.median()),
                        ratio.median(),
                        Verdict.target(ratio.median() <= SPEED_GOAL, ratio.median()))
                .from(
                        machine,
                        "median of " + ratio.n() + " per-repeat ratios, IQR " + Format.num(ratio.q1()) + "-"
                                + Format.num(ratio.q3()));
    }

    private static Target speed() {
        return Target.of(WalletStudy.TargetId.SPEED_AGAINST_REAL, SPEED_TARGET, SPEED_MEASURES, SPEED_GOAL_TEXT);
    }
}
