package labbook.wallet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import labbook.wallet.peer.RealBackend;
import labbook.wallet.peer.SweepPlan;
import labbook.wallet.peer.SyncTiming;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** kwallet5-sweep's session way: the seed's loop, one harness command per step, a row per timed sync. */
@ExtendWith(RealBackend.class)
class Kwallet5SweepCommandTest {
    @TempDir
    Path dir;

    @Test
    void theLoopThroughASessionTimesEverySyncOfThePlan() {
        SweepPlan plan = new SweepPlan(300, 100, new TreeSet<>(List.of(1, 300)), 2);
        List<SyncTiming> rows = Kwallet5SweepCommand.viaSession(plan, true, dir);
        // sizes 1, 100, 200, 300: two syncs at the checkpoints 1 and 300, one elsewhere
        assertThat(rows).extracting(SyncTiming::entries).containsExactly(1, 1, 100, 200, 300, 300);
        assertThat(rows).extracting(SyncTiming::repeat).containsExactly(0, 1, 0, 0, 0, 1);
        assertThat(rows).allMatch(r -> r.syncMs() > 0 && r.fdatasyncs() == 1);
        assertThat(dir).isEmptyDirectory();
    }
}
