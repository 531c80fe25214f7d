package labbook.reports.filecrypt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import labbook.reports.Explore;
import labbook.reports.study.Target;
import labbook.reports.study.Verdict;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

/**
 * The command line's two rows of the targets table, each on a real run. The start-up: {@code ./labbook filecrypt
 * level-sweep --quick --levels 6 --repeats 1} on 2026-12-01 at 09:15 UTC, with the change that added cli-startup.csv on
 * top of 2f64bab (its run.json says "-dirty"), the CSV whole: CPU 0.26, 0.23, 0.24, 0.25, 0.23 s, median 0.24. The
 * whole command against gpg, on a real run trimmed: {@code ./labbook run} from a fresh clone of 6df4631 on 2026-12-01
 * at 08:40 UTC (this lab's 2-core VM), its level-sweep.csv cut to the 10 MB file's whole-process rows at -z 6 (run.json
 * as written). By hand: gpg 0.25, 0.26, 0.26 s (median 0.26); bcpg 0.84, 0.79, 0.81 s (median 0.81); 0.81 / 0.26 =
 * 3.115; the start-up beside it, 0.24 / 0.26 = 0.923.
 */
class CommandLineCostTest {
    private static final Table SWEEP =
            Explore.table(Explore.load(List.of(measured("process-quick"))), "filecrypt", "level-sweep");
    private static final Table STARTUP =
            Explore.table(Explore.load(List.of(measured("startup-quick"))), "filecrypt", "cli-startup");

    private static Path measured(String run) {
        try {
            return Path.of(
                    CommandLineCostTest.class.getResource("/measured/" + run).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theStartUpsMedianMeetsItsGoal() {
        Target t = CommandLineCost.startup(STARTUP, "vm");
        assertThat(t.id()).isEqualTo(FilecryptStudy.TargetId.STARTUP_CPU);
        assertThat(t.measured()).isEqualTo("0.24 s");
        assertThat(t.value()).isCloseTo(0.24, within(1e-9));
        assertThat(t.goal()).isEqualTo("<= 0.25 s");
        assertThat(t.verdict()).isEqualTo(Verdict.MET);
        assertThat(t.note()).contains("5 runs", "'./labbook filecrypt encrypt --help'");
    }

    @Test
    void noStartUpRowsSaySo() {
        assertThat(CommandLineCost.startupNotRun().verdict()).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(CommandLineCost.startup(STARTUP.emptyCopy(), "vm").verdict()).isEqualTo(Verdict.NOT_MEASURED);
    }

    @Test
    void theWholeCommandIsAMeasurementBesideTheStartUpNotAMissedGoal() {
        Target t = CommandLineCost.wholeCommand(SWEEP, Optional.of(STARTUP), "vm");
        assertThat(t.id()).isEqualTo(FilecryptStudy.TargetId.WHOLE_COMMAND_CPU);
        assertThat(t.value()).isCloseTo(0.81 / 0.26, within(1e-9));
        assertThat(t.verdict()).isEqualTo(Verdict.NO_GOAL);
        assertThat(t.goal()).isEqualTo(CommandLineCost.NO_GOAL);
        assertThat(t.measured()).isEqualTo("×3.1 (bcpg 0.81 s, gpg 0.26 s)");
        assertThat(t.note())
                .contains("gcide-head-10MB.txt", "3 repeats", "the start-up alone takes 0.24 s, ×0.92 gpg's whole run");
    }

    @Test
    void theWholeCommandWithoutStartUpRowsSaysTheStartUpWasNotTimed() {
        Target t = CommandLineCost.wholeCommand(SWEEP, Optional.empty(), "vm");
        assertThat(t.verdict()).isEqualTo(Verdict.NO_GOAL);
        assertThat(t.note()).contains("the start-up alone was not timed in this root");
    }

    @Test
    void aSweepWithoutLevelSixSaysSo() {
        Table other = SWEEP.where(SWEEP.numberColumn("level").isNotEqualTo(6));
        assertThat(CommandLineCost.wholeCommand(other, Optional.of(STARTUP), "vm")
                        .verdict())
                .isEqualTo(Verdict.NOT_MEASURED);
    }
}
