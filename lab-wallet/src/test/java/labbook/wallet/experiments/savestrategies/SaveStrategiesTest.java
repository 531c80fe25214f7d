package labbook.wallet.experiments.savestrategies;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.format.Entry;
import labbook.wallet.format.ThrowawayPassword;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each store save-strategies times gives back, reopened, every entry it acknowledged. */
class SaveStrategiesTest {
    @TempDir
    Path dir;

    @Test
    void aTimedPutCrossesFromItsWorkerByColumnName() {
        List<SaveStrategiesExperiment.Row> rows = List.of(
                new SaveStrategiesExperiment.Row("journal", 1000, 3, 0.4375, 188, true, false),
                new SaveStrategiesExperiment.Row("journal", 1004, 4, 12.5, 118_016, true, true),
                new SaveStrategiesExperiment.Row("rewrite", 1, 0, 0.90625, 264, false, false));
        Path out = dir.resolve("rows");
        SaveStrategyWorker.write(rows, out);
        assertThat(SaveStrategyWorker.read(out)).isEqualTo(rows);
    }

    @Test
    void saveStrategiesStoresReopen() throws Exception {
        byte[] pw = ThrowawayPassword.draw();
        BenchmarkEntries gen = new BenchmarkEntries(new Random(5));
        for (SaveStrategy s : SaveStrategy.values()) {
            Path d = Files.createDirectories(dir.resolve("reopen").resolve(s.label()));
            List<Entry> all = new ArrayList<>();
            try (var store = s.create(d, pw)) {
                List<Entry> bulk = gen.next(40);
                store.putAll(BenchmarkEntries.FOLDER, bulk);
                all.addAll(bulk);
                for (int i = 0; i < 20; i++) {
                    var e = gen.next();
                    assertThat(store.put(BenchmarkEntries.FOLDER, e)).isPositive();
                    all.add(e);
                }
            }
            SaveStrategiesExperiment.verifyReopens(s, d, pw, all);
        }
    }
}
