package labbook.vfs.experiments.statwalk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.core.WorkerRows;
import labbook.vfs.VfsSchemas;
import labbook.vfs.experiments.statwalk.StatWalkExperiment.MeasuredWalk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a stat-walk worker does besides walking: its warm-up, and the row it hands back by column name. */
class StatWalkWorkerTest {

    @Test
    void theWarmUpIsCountedInLstatsSoASmallTreeGetsMoreWalksThanALargeOne() {
        assertThat(StatWalkWorker.warmupWalks(19_659)).isEqualTo(5);
        assertThat(StatWalkWorker.warmupWalks(78_635)).isEqualTo(StatWalkWorker.WARMUP_WALKS);
        assertThat(StatWalkWorker.warmupWalks(30) * 30).isGreaterThanOrEqualTo(StatWalkWorker.WARMUP_LSTATS);
    }

    @Test
    void aWalkGoesThroughTheSchemasCsvAndComesBackByColumnName(@TempDir Path dir) throws IOException {
        MeasuredWalk walk = new MeasuredWalk(20, 3, 19_659, 0.0512, 0.01, 0.04, 0);
        try (CsvResults csv = CsvResults.open(dir, VfsSchemas.STAT_WALK)) {
            csv.row(StatWalkExperiment.ROW, walk);
            csv.commit();
        }
        Path written = dir.resolve("vfs/stat-walk.csv");
        assertThat(WorkerRows.read(written, VfsSchemas.STAT_WALK).stream()
                        .map(StatWalkExperiment.ROW::read)
                        .toList())
                .containsExactly(walk);
        // another column order, the same row: read by name
        Files.write(
                written,
                List.of(
                        "mismatches,sys_s,user_s,wall_s,paths,repeat,lookup_threads,extra",
                        "0,0.04,0.01,0.0512,19659,3,20,ignored"));
        assertThat(StatWalkExperiment.ROW.read(
                        WorkerRows.read(written, VfsSchemas.STAT_WALK).get(0)))
                .isEqualTo(walk);
    }

    @Test
    void aRowThatIsNotAWalkIsOneLineNamingTheFile(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("stat-walk.csv");
        Files.write(csv, List.of("lookup_threads,repeat,paths,wall_s,user_s,sys_s", "1,0,30,0.1,0,0"));
        assertThatThrownBy(() -> WorkerRows.read(csv, VfsSchemas.STAT_WALK))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith(csv + ": no column 'mismatches'");
        Files.write(csv, List.of(String.join(",", VfsSchemas.STAT_WALK.names()), "1,0,30,0.1,0,0"));
        assertThatThrownBy(() -> WorkerRows.read(csv, VfsSchemas.STAT_WALK))
                .isInstanceOf(LabException.class)
                .hasMessage(csv + " row 1: 6 fields for 7 columns");
    }
}
