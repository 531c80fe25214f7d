package labbook.wallet.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import labbook.core.LabRun;
import labbook.core.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep's loop and the CSV contract the reports module relies on, on a tiny plan (no timing is checked). */
class ExperimentsSmokeTest {
    @TempDir
    Path dir;

    @Test
    void sweepRowsHaveTheSeedsFileSizes() {
        SweepLoop.Plan plan = new SweepLoop.Plan(300, 100, Set.of(1, 100), 2, 1);
        for (SweepVariant v : List.of(SweepVariant.KDE4, SweepVariant.KF5, SweepVariant.AEAD)) {
            List<SweepLoop.Row> rows = SweepLoop.run(v, plan, dir);
            assertThat(rows).extracting(SweepLoop.Row::entries).containsExactly(1, 1, 100, 100, 200, 300);
            if (v != SweepVariant.AEAD) {
                // format notes: hash section 24 + 16 N, payload 26 + 102 N, header 16, then 32 + delta
                assertThat(rows).allSatisfy(r -> {
                    long payload = 26 + 102L * r.entries();
                    long delta = 8 - ((payload + 32) % 8);
                    assertThat(r.fileBytes()).isEqualTo(16 + 24 + 16L * r.entries() + payload + 32 + delta);
                });
            }
            assertThat(rows).allSatisfy(r -> assertThat(r.syncMs()).isPositive());
        }
    }

    @Test
    void aPlanForTenThousandEntriesGivesTheSeedsFileSize() {
        long payload = 26 + 102L * 10_000;
        assertThat(16 + 24 + 16L * 10_000 + payload + 32 + (8 - (payload + 32) % 8)).isEqualTo(1_180_104);
        assertThat(SyncSweep.plan(Mode.QUICK, false).sizes()).hasSize(101).startsWith(1, 100).endsWith(10_000);
        assertThat(SyncSweep.plan(Mode.FULL, false).sizes()).hasSize(1001).endsWith(100_000);
    }

    @Test
    void saveStrategiesStoresReopen() throws Exception {
        byte[] pw = BenchmarkEntries.throwawayPassword();
        BenchmarkEntries gen = new BenchmarkEntries(new java.util.Random(5));
        for (SaveStrategy s : SaveStrategy.values()) {
            Path d = Files.createDirectories(dir.resolve(s.label()));
            List<labbook.wallet.format.Entry> all = new java.util.ArrayList<>();
            try (var store = s.create(d, pw)) {
                List<labbook.wallet.format.Entry> bulk = gen.next(40);
                store.putAll(BenchmarkEntries.FOLDER, bulk);
                all.addAll(bulk);
                for (int i = 0; i < 20; i++) {
                    var e = gen.next();
                    assertThat(store.put(BenchmarkEntries.FOLDER, e)).isPositive();
                    all.add(e);
                }
            }
            SaveStrategies.verifyReopens(s, d, pw, all);
        }
    }

    @Test
    void tamperCsvHasTheContractColumns() throws Exception {
        try (LabRun run = LabRun.start(dir, Mode.QUICK, "wallet", "test")) {
            TamperTest.run(run);
        }
        List<String> lines = Files.readAllLines(dir.resolve("wallet/tamper-test.csv"));
        assertThat(lines.get(0)).startsWith("wallet,region,bit,outcome");
        assertThat(lines).hasSizeGreaterThan(20_000);
        assertThat(Files.exists(dir.resolve("wallet/run.json"))).isTrue();
        assertThat(String.join(",", SyncSweep.COLUMNS)).startsWith("variant,entries,repeat,file_bytes,sync_ms,cipher_ms");
        assertThat(String.join(",", SyncJmh.COLUMNS)).isEqualTo("variant,entries,fork,iteration,sync_ms");
        assertThat(String.join(",", SaveStrategies.COLUMNS)).startsWith("strategy,entries,repeat,save_ms,bytes_written");
        assertThat(String.join(",", CrashTest.COLUMNS)).startsWith("kill,fdatasync,outcome,acknowledged_lost");
    }
}
