package labbook.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.AbRounds;
import labbook.core.LabException;
import labbook.reports.compare.RunComparison.Change;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reports ab} on hand-made rounds: B's wallet times 10 % above A's in every round (with a little noise of their
 * own) are called slower, the untouched measurements "~"; with too few rounds nothing can be called.
 */
class AbAnalysisTest {
    @TempDir
    Path dir;

    private static final AbRounds.Side A = new AbRounds.Side("/lab", "", "", List.of());
    private static final AbRounds.Side B = new AbRounds.Side("/lab", "", "-XX:+UseParallelGC", List.of());

    private void rounds(int n) throws Exception {
        AbRounds.settle(
                dir,
                new AbRounds.Plan("wallet", "sync-sweep", "quick", A, B, AbRounds.order(AbRounds.Order.abba, n, 1)));
        for (int r = 1; r <= n; r++) {
            CalibrateTest.scaledCopy(AbRounds.root(dir, r, 'a'), 1 + 0.01 * (r % 3));
            CalibrateTest.scaledCopy(AbRounds.root(dir, r, 'b'), 1.1 * (1 + 0.01 * ((r + 1) % 3)));
        }
    }

    @Test
    void aTenPercentSlowerBInEveryRoundIsCalledSlowerAndTheRestUnchanged() throws Exception {
        rounds(6);
        AbAnalysis.Result r = AbAnalysis.of(dir, Comparer.DEFAULT_NOISE);
        assertThat(r.rounds()).isEqualTo(6);
        AbAnalysis.Measure kde4 = r.measures().stream()
                .filter(m -> m.timing().equals("sync_ms") && m.key().equals("variant=kde4 entries=1000"))
                .findFirst()
                .orElseThrow();
        assertThat(kde4.rounds().geomeanRatio()).isBetween(1.08, 1.12);
        // six rounds, every log ratio positive: the sign-flip test's smallest p, 2 / 64
        assertThat(kde4.rounds().signFlip().p()).isEqualTo(2.0 / 64);
        assertThat(kde4.change()).isEqualTo(Change.SLOWER);
        assertThat(r.measures().stream().filter(m -> m.experiment().equals("key-derivation")))
                .isNotEmpty()
                .allMatch(m -> m.change() == Change.SAME);
        assertThat(AbAnalysis.terminal(r)).contains("ab: wallet sync-sweep, quick mode, 6 rounds (AB BA BA AB AB BA)");
    }

    @Test
    void fourRoundsCannotCallAnythingAndSaySo() throws Exception {
        rounds(4);
        AbAnalysis.Result r = AbAnalysis.of(dir, Comparer.DEFAULT_NOISE);
        assertThat(r.measures()).allMatch(m -> m.change() == Change.TOO_FEW);
        assertThat(AbAnalysis.terminal(r)).contains("too few rounds");
    }

    @Test
    void oneFinishedRoundIsOneLine() throws Exception {
        rounds(2);
        org.apache.commons.io.file.PathUtils.deleteDirectory(AbRounds.root(dir, 2, 'b'));
        assertThatThrownBy(() -> AbAnalysis.of(dir, Comparer.DEFAULT_NOISE))
                .isInstanceOf(LabException.class)
                .hasMessageEndingWith(
                        "1 finished round(s) of 2: pairs need at least 2 (run labbook ab again to go on)");
        assertThat(Files.exists(dir.resolve(AbRounds.PLAN))).isTrue();
    }
}
