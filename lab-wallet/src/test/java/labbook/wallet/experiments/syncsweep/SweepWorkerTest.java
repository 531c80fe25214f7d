package labbook.wallet.experiments.syncsweep;

import static labbook.wallet.experiments.syncsweep.SweepVariant.AEAD;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KDE4;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KDE4_C1;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KDE4_XINT;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KF5;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KF5_FDATASYNC;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KWALLET5;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.LabException;
import labbook.wallet.WalletSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How sync-sweep splits its variants into worker JVMs, and what crosses from a worker to the sweep. */
class SweepWorkerTest {
    @TempDir
    Path dir;

    @Test
    void aRowCrossesFromTheWorkerWithItsPhasesByColumnName() {
        List<SweepLoop.Row> rows = List.of(
                new SweepLoop.Row("kde4-c1", 10_000, 2, 1_180_104, 6.5, 4.75, 1_020_064, 6.25, 4.5, 0.125, 0.25),
                // -Xint's loop times no cipher alone
                new SweepLoop.Row("kde4-xint", 100, 0, 10_000, 9, Double.NaN, null, 8.875, Double.NaN, 0.5, 1.0 / 3),
                // the real backend: no cipher alone, no phases
                new SweepLoop.Row(
                        "kwallet5", 1, 0, 200, 0.45, Double.NaN, null, 0.4, Double.NaN, Double.NaN, Double.NaN));

        SweepWorker.write(rows, dir);
        List<SweepLoop.Row> back = SweepWorker.read(dir);

        assertThat(back).isEqualTo(rows);
        assertThat(back.get(0).hasPhases()).isTrue();
        assertThat(back.get(1).hasCipher()).isFalse();
        assertThat(back.get(2).hasPhases()).isFalse();
    }

    @Test
    void aRowWithACipherTimeHasItsSizeAndOneWithoutHasNone() {
        assertThatThrownBy(() -> new SweepLoop.Row("kde4", 1, 0, 200, 0.5, Double.NaN, 0, 0.4, Double.NaN, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kde4 at 1 entries");
        assertThatThrownBy(() -> new SweepLoop.Row("kde4", 1, 0, 200, 0.5, 0.25, null, 0.4, 0.25, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theWorkersCsvIsSyncSweepsWithThePhasesAfterIt() {
        // sync-sweep.csv keeps its columns: the reports and the committed reference runs load them
        List<String> worker = WalletSchemas.SYNC_SWEEP_WORKER.names();
        assertThat(worker.subList(0, WalletSchemas.SYNC_SWEEP.names().size()))
                .isEqualTo(WalletSchemas.SYNC_SWEEP.names());
        assertThat(worker).endsWith("walk_wait_ms", "commit_ms");
        assertThat(WalletSchemas.ALL).doesNotContain(WalletSchemas.SYNC_SWEEP_WORKER);
    }

    @Test
    void aWorkersCsvOfAnotherSchemaIsRefusedNamingIt() throws Exception {
        Path csv = dir.resolve("wallet").resolve(WalletSchemas.SYNC_SWEEP_WORKER.fileName());
        Files.createDirectories(csv.getParent());
        Files.writeString(csv, "variant,entries\nkde4,1\n", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> SweepWorker.read(dir))
                .isInstanceOf(LabException.class)
                .hasMessageContaining(csv.toString())
                .hasMessageContaining("no column 'repeat'");
    }

    @Test
    void eachJavaVariantHasAJvmOfItsOwnAndTheRealBackendRunsInKde4s() {
        assertThat(SyncSweepExperiment.workers(List.of(SweepVariant.values())))
                .containsExactly(
                        List.of(KDE4, KWALLET5),
                        List.of(KF5),
                        List.of(KF5_FDATASYNC),
                        List.of(AEAD),
                        List.of(KDE4_C1),
                        List.of(KDE4_XINT));
        // the order of --variants does not change the workers' order
        assertThat(SyncSweepExperiment.workers(List.of(KWALLET5, KDE4))).containsExactly(List.of(KDE4, KWALLET5));
        assertThat(SyncSweepExperiment.workers(List.of(KWALLET5, AEAD, KF5)))
                .containsExactly(List.of(KF5), List.of(AEAD), List.of(KWALLET5));
        assertThat(SyncSweepExperiment.workers(List.of(KDE4))).containsExactly(List.of(KDE4));
    }

    @Test
    void onlyTheUnoptimisedWorkersTakeJvmOptionsBeyondTheModules() {
        assertThat(KDE4.workerJvmArgs()).isEmpty();
        assertThat(AEAD.workerJvmArgs()).isEmpty();
        assertThat(KDE4_C1.workerJvmArgs()).contains("-XX:TieredStopAtLevel=1");
        assertThat(KDE4_XINT.workerJvmArgs()).contains("-Xint");
    }
}
