package labbook.wallet.experiments.syncsweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import labbook.core.Mode;
import org.junit.jupiter.api.Test;

/** A variant's forks share out its checkpoints' repeats, each repeat number once, and resume by fork. */
class SweepForksTest {
    private static final SweepLoop.Plan ELEVEN_IN_THREE =
            new SweepLoop.Plan(1000, 200, 200, new TreeSet<>(Set.of(1, 100, 1000)), 11, 0, true, 3, 0);

    @Test
    void theCheckpointsRepeatsAreSharedOutFourFourThree() {
        assertThat(ELEVEN_IN_THREE.fork(0).repeatsAt(1000)).containsExactly(0, 4);
        assertThat(ELEVEN_IN_THREE.fork(1).repeatsAt(1000)).containsExactly(4, 8);
        assertThat(ELEVEN_IN_THREE.fork(2).repeatsAt(1000)).containsExactly(8, 11);
    }

    @Test
    void everyRepeatOfEverySizeIsTimedByExactlyOneFork() {
        for (int size : ELEVEN_IN_THREE.sizes()) {
            List<Integer> timed = new ArrayList<>();
            for (int f = 0; f < 3; f++) {
                int[] r = ELEVEN_IN_THREE.fork(f).repeatsAt(size);
                for (int i = r[0]; i < r[1]; i++) {
                    timed.add(i);
                }
            }
            int expected = ELEVEN_IN_THREE.checkpoints().contains(size) ? 11 : 1;
            assertThat(timed).as("size %d", size).hasSize(expected).doesNotHaveDuplicates();
            assertThat(timed).allMatch(i -> i >= 0 && i < expected);
        }
        // a step between checkpoints is fork 0's: one JVM draws the curve, as one did before the forks
        assertThat(ELEVEN_IN_THREE.fork(1).repeatsAt(400)).containsExactly(0, 0);
        assertThat(ELEVEN_IN_THREE.fork(0).repeatsAt(400)).containsExactly(0, 1);
    }

    @Test
    void eachForkSyncsEveryStepAndTheOthersSyncTheFirstOnesStepsOnceUntimed() {
        SweepLoop.Plan one = new SweepLoop.Plan(1000, 200, new TreeSet<>(Set.of(1, 100, 1000)), 11, 0);
        List<SweepVariant> v = List.of(SweepVariant.KDE4);
        assertThat(ELEVEN_IN_THREE.fork(0).entriesSynced(v, 400)).isEqualTo(one.entriesSynced(v, 400));
        // 400 entries once, without the cipher alone beside it
        assertThat(ELEVEN_IN_THREE.fork(1).entriesSynced(v, 400)).isEqualTo(400);
        double forked = ELEVEN_IN_THREE.entriesSyncedInEveryFork(v);
        // the steps between checkpoints (200, 400, 600, 800 entries) synced once more by each of two forks
        assertThat(forked).isEqualTo(one.entriesSynced(v) + 2 * (200 + 400 + 600 + 800));
    }

    @Test
    void aForkTravelsToItsWorkerAndCannotBeOutsideItsPlan() {
        SweepLoop.Plan p = ELEVEN_IN_THREE.fork(2);
        assertThat(SweepLoop.Plan.decode(p.encode())).isEqualTo(p);
        assertThatThrownBy(() -> ELEVEN_IN_THREE.fork(3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SweepLoop.Plan(100, 100, 100, new TreeSet<>(Set.of(1)), 2, 0, true, 3, 0))
                .hasMessageContaining("fork 0 of 3");
    }

    @Test
    void theCompiledVariantsRunInForksAndTheInterpreterInOne() {
        for (Mode m : Mode.values()) {
            assertThat(SyncSweepExperiment.plan(m, SweepVariant.KDE4).forks()).isEqualTo(SyncSweepExperiment.FORKS);
            assertThat(SyncSweepExperiment.plan(m, SweepVariant.KDE4_C1).forks())
                    .isEqualTo(SyncSweepExperiment.FORKS);
            assertThat(SyncSweepExperiment.plan(m, SweepVariant.KDE4_XINT).forks())
                    .isEqualTo(1);
        }
    }

    @Test
    void aResumeKeepsTheForksAKilledRunFinishedAndRunsTheRest() {
        List<SweepVariant> kde4 = List.of(SweepVariant.KDE4, SweepVariant.KWALLET5);
        // fork 0 finished (repeats 0-3 at the largest size), fork 1 was killed before its rows were written
        List<SweepLoop.Row> kept = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            kept.add(new SweepLoop.Row("kde4", 1000, r, 10, 1, 1, 8, 1, 1, 0, 0));
            kept.add(new SweepLoop.Row("kwallet5", 1000, r, 10, 1, Double.NaN, null, 1, Double.NaN, 0, 0));
        }
        assertThat(SyncSweepExperiment.keptFork(kept, kde4, ELEVEN_IN_THREE.fork(0)))
                .isTrue();
        assertThat(SyncSweepExperiment.keptFork(kept, kde4, ELEVEN_IN_THREE.fork(1)))
                .isFalse();
        assertThat(SyncSweepExperiment.keptFork(kept, kde4, ELEVEN_IN_THREE.fork(2)))
                .isFalse();
        assertThat(SyncSweepExperiment.keptFork(kept, List.of(SweepVariant.KF5), ELEVEN_IN_THREE.fork(0)))
                .isFalse();
    }
}
