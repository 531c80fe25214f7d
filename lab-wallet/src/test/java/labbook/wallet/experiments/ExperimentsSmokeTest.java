package labbook.wallet.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import labbook.core.JmhRun;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.ResultsSchema;
import labbook.wallet.WalletSchemas;
import labbook.wallet.experiments.crashtest.CrashTestExperiment;
import labbook.wallet.experiments.interop.InteropChecks;
import labbook.wallet.experiments.interop.InteropExperiment;
import labbook.wallet.experiments.savestrategies.SaveStrategiesExperiment;
import labbook.wallet.experiments.syncjmh.SyncJmhExperiment;
import labbook.wallet.experiments.syncsweep.SweepLoop;
import labbook.wallet.experiments.syncsweep.SweepVariant;
import labbook.wallet.experiments.syncsweep.SyncSweepExperiment;
import labbook.wallet.experiments.tampertest.TamperTestExperiment;
import labbook.wallet.jmh.WalletSyncBenchmark;
import labbook.wallet.peer.Kwallet5;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Every experiment run once, in a tiny form, through the same entry points {@code all} uses, into one results folder:
 * each CSV must have exactly the header its {@link WalletSchemas} schema declares (the contract {@code reports} reads
 * by), and the rows must make sense. No timing is checked.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExperimentsSmokeTest {
    static final List<ResultsSchema> SCHEMAS = WalletSchemas.ALL;

    Path dir;
    Path results;
    List<SweepLoop.Row> sweep;
    List<CrashTestExperiment.Kill> kills;
    String printed;
    boolean jmhRan;
    List<InteropChecks.Check> interop;
    /** Whether KDE's real backend can run here (its packages installed): the kwallet5 rows depend on it. */
    final boolean realBackend = Kwallet5.available();

    @BeforeAll
    void runEveryExperimentSmall(@TempDir Path tmp) {
        dir = tmp;
        results = dir.resolve("results");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (LabRun run = LabRun.start(results, Mode.QUICK, WalletSchemas.STUDY, "test")) {
            SweepLoop.Plan tiny = new SweepLoop.Plan(300, 100, new TreeSet<>(Set.of(1, 100)), 2, 1);
            SweepLoop.Plan forked = new SweepLoop.Plan(100, 100, new TreeSet<>(Set.of(1, 100)), 1, 0);
            sweep = SyncSweepExperiment.run(
                    run,
                    List.of(
                            SweepVariant.KDE4,
                            SweepVariant.KF5,
                            SweepVariant.AEAD,
                            SweepVariant.KWALLET5,
                            SweepVariant.KDE4_C1,
                            SweepVariant.KDE4_XINT),
                    v -> v.unoptimised() ? forked : tiny,
                    false,
                    out);
            jmhRan = SyncJmhExperiment.jmhLockFree();
            if (jmhRan) {
                SyncJmhExperiment.run(
                        run,
                        new SyncJmhExperiment.Settings(
                                List.of(SweepVariant.KDE4),
                                List.of(100),
                                List.of("-f", "1", "-wi", "0", "-i", "1", "-r", "20ms")),
                        out);
            } else {
                // another JMH run on this machine holds JMH's lock: the CSV from a made-up iteration
                SyncJmhExperiment.record(
                        run,
                        List.of(new JmhRun.Iteration(
                                WalletSyncBenchmark.class.getName() + ".sync",
                                Map.of("variant", "kde4", "entries", "100"),
                                "avgt",
                                0,
                                0,
                                1.5,
                                "ms/op",
                                1.5,
                                Double.NaN)),
                        out);
            }
            SaveStrategiesExperiment.run(run, new SaveStrategiesExperiment.Plan(List.of(1, 30), 3, 10, 2), out);
            kills = CrashTestExperiment.run(run, 4, out);
            TamperTestExperiment.run(run, new TamperTestExperiment.Plan(50, 1), out);
            interop = InteropExperiment.run(run, 10, out);
        }
        printed = bytes.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @FieldSource("SCHEMAS")
    void everyCsvHasExactlyItsSchemasHeader(ResultsSchema schema) throws Exception {
        if (schema.equals(WalletSchemas.KWALLET5_INTEROP)) {
            assumeTrue(
                    realBackend,
                    () -> "kwallet5 not available: "
                            + Kwallet5.unavailableReason().orElse(""));
        }
        Path csv = results.resolve(schema.study()).resolve(schema.fileName());
        try (CSVParser p = CSVFormat.DEFAULT
                .builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .get()
                .parse(Files.newBufferedReader(csv))) {
            assertThat(p.getHeaderNames()).isEqualTo(schema.names());
            List<CSVRecord> rows = p.getRecords();
            assertThat(rows)
                    .isNotEmpty()
                    .allSatisfy(
                            r -> assertThat(r.size()).isEqualTo(schema.columns().size()));
        }
        assertThat(results.resolve("wallet/run.json")).exists();
    }

    @Test
    void theJmhBenchmarkRuns() {
        assumeTrue(jmhRan, "another JMH run held " + SyncJmhExperiment.JMH_LOCK);
        assertThat(printed).contains("sync-jmh: mean").containsPattern("100 +-? +\\d");
    }

    @Test
    void sweepRowsHaveTheSeedsFileSizes() {
        List<String> expected =
                new java.util.ArrayList<>(List.of("kde4", "kf5", "aead", "kwallet5", "kde4-c1", "kde4-xint"));
        if (!realBackend) {
            expected.remove("kwallet5");
        }
        assertThat(sweep.stream().map(SweepLoop.Row::variant).distinct()).containsExactlyElementsOf(expected);
        for (String interleaved : List.of("kde4", "kf5", "aead", "kwallet5")) {
            if (expected.contains(interleaved)) {
                assertThat(sweep)
                        .filteredOn(r -> r.variant().equals(interleaved))
                        .extracting(SweepLoop.Row::entries)
                        .containsExactly(1, 1, 100, 100, 200, 300);
            }
        }
        assertThat(sweep)
                .filteredOn(r -> r.variant().equals("kde4-xint"))
                .extracting(SweepLoop.Row::entries)
                .containsExactly(1, 100);
        assertThat(sweep)
                .filteredOn(r -> r.variant().equals("kde4-c1"))
                .extracting(SweepLoop.Row::entries)
                .containsExactly(1, 100);
        assertThat(sweep).filteredOn(r -> r.variant().equals("kwallet5")).allSatisfy(r -> {
            assertThat(r.hasCipher()).isFalse();
            assertThat(r.syncCpuMs()).isNotNegative();
        });
        // format notes: hash section 24 + 16 N, payload 26 + 102 N, header 16, then 32 + delta
        assertThat(sweep).filteredOn(r -> !r.variant().equals("aead")).allSatisfy(r -> {
            long payload = 26 + 102L * r.entries();
            long delta = 8 - ((payload + 32) % 8);
            assertThat(r.fileBytes()).isEqualTo(16 + 24 + 16L * r.entries() + payload + 32 + delta);
        });
        assertThat(sweep).allSatisfy(r -> assertThat(r.syncMs()).isPositive());
    }

    @Test
    void theRealBackendIsComparedRepeatByRepeat() {
        assumeTrue(
                realBackend,
                () -> "kwallet5 not available: " + Kwallet5.unavailableReason().orElse(""));
        assertThat(printed)
                .contains("the lab's kde4 against KDE's real backend")
                .containsPattern("100 +[0-9.]+ +[0-9.]+ +[0-9.]+ ");
        assertThat(interop)
                .extracting(c -> c.direction())
                .contains("lab-kf5->kwallet5", "kwallet5->lab", "fixture->kwallet5");
        assertThat(interop)
                .filteredOn(c -> c.direction().equals("lab-kf5->kwallet5"))
                .allMatch(c -> c.identical());
        assertThat(printed).contains("kwallet5-interop:").contains("refused (-9)");
    }

    @Test
    void aKilledWriterLeavesThePreviousOrTheNewWallet() {
        assertThat(kills).hasSize(4).allSatisfy(k -> {
            assertThat(k.outcome()).isIn("previous", "new");
            assertThat(k.acknowledgedLost()).isZero();
            assertThat(k.tempFilesAfterCleanup())
                    .as("temp files left after the next open's clean-up")
                    .isZero();
        });
        assertThat(kills.stream().filter(CrashTestExperiment.Kill::fdatasync)).hasSize(2);
    }

    @Test
    void printoutsQuoteTheSeedFromItsCsv() {
        assertThat(printed)
                .contains("KDE Community Wiki")
                .contains("seed Release")
                .contains("crash-test: 4 kills")
                .contains("tamper-test:")
                .contains("save-strategies:");
    }

    @Test
    void theModesPlansKeepTheSeedsParameters() {
        long payload = 26 + 102L * 10_000;
        assertThat(16 + 24 + 16L * 10_000 + payload + 32 + (8 - (payload + 32) % 8))
                .isEqualTo(1_180_104);
        assertThat(SyncSweepExperiment.plan(Mode.QUICK, SweepVariant.KDE4).sizes())
                .hasSize(52)
                .startsWith(1, 100, 200)
                .contains(1000, 5000)
                .endsWith(10_000);
        assertThat(SyncSweepExperiment.plan(Mode.FULL, SweepVariant.KDE4).sizes())
                .hasSize(1001)
                .endsWith(100_000);
        // the real backend runs in kde4's loop, on its plan: the seed's loop to 100,000 in full mode
        assertThat(SyncSweepExperiment.plan(Mode.FULL, SweepVariant.KWALLET5))
                .isEqualTo(SyncSweepExperiment.plan(Mode.FULL, SweepVariant.KDE4));
        assertThat(SyncSweepExperiment.plan(Mode.QUICK, SweepVariant.KDE4_XINT).sizes())
                .containsExactly(1, 100, 1000, 10_000);
        assertThat(SyncSweepExperiment.plan(Mode.QUICK, SweepVariant.KDE4_XINT).repeats())
                .isGreaterThanOrEqualTo(3);
        assertThat(SyncSweepExperiment.plan(Mode.QUICK, SweepVariant.KDE4_XINT).cipherAlone())
                .isFalse();
        assertThat(SyncSweepExperiment.plan(Mode.FULL, SweepVariant.KDE4_XINT).sizes())
                .containsExactly(1, 100, 1000, 5000, 10_000, 100_000);
        assertThat(SyncSweepExperiment.plan(Mode.FULL, SweepVariant.KDE4_XINT).cipherAlone())
                .isFalse();
        // full mode: the seed's loop for kde4 and the real backend; the lab's variants every 1,000 and at the
        // checkpoints
        SweepLoop.Plan full = SyncSweepExperiment.plan(Mode.FULL, SweepVariant.KDE4);
        assertThat(full.times(SweepVariant.KDE4, 300)).isTrue();
        assertThat(full.times(SweepVariant.KWALLET5, 300)).isTrue();
        assertThat(full.times(SweepVariant.KF5, 300)).isFalse();
        assertThat(full.times(SweepVariant.AEAD, 100)).as("a checkpoint").isTrue();
        assertThat(full.times(SweepVariant.KF5_FDATASYNC, 2000)).isTrue();
        assertThat(full.timesCipher(300)).isFalse();
        assertThat(full.timesCipher(2000)).isTrue();
        SweepLoop.Plan quick = SyncSweepExperiment.plan(Mode.QUICK, SweepVariant.KDE4);
        assertThat(quick.sizes()).allMatch(n -> quick.times(SweepVariant.KF5, n) && quick.timesCipher(n));
        for (SweepVariant v : SweepVariant.values()) {
            for (Mode m : Mode.values()) {
                SweepLoop.Plan p = SyncSweepExperiment.plan(m, v);
                assertThat(SweepLoop.Plan.decode(p.encode())).isEqualTo(p);
            }
        }
        assertThat(SyncSweepExperiment.plan(Mode.QUICK, SweepVariant.KDE4_C1).sizes())
                .containsExactly(1, 100, 1000, 5000, 10_000);
        assertThat(SyncSweepExperiment.plan(Mode.QUICK, SweepVariant.KDE4_C1).warmupSyncs())
                .isPositive();
        assertThat(SyncSweepExperiment.plan(Mode.FULL, SweepVariant.KDE4_C1).sizes())
                .hasSize(102)
                .startsWith(1, 100, 1000, 2000);
        // the real backend reads wallets as large as the full sweep's largest
        assertThat(InteropExperiment.LARGEST)
                .isEqualTo(Collections.max(
                        SyncSweepExperiment.plan(Mode.FULL, SweepVariant.KDE4).sizes()));
        // full mode's kills rule out a loss rate above 1 % at 95 % confidence when none is lost (the rule of three)
        assertThat(3.0 / CrashTestExperiment.kills(Mode.FULL)).isLessThanOrEqualTo(0.01);
        assertThat(CrashTestExperiment.kills(Mode.QUICK)).isLessThan(CrashTestExperiment.kills(Mode.FULL));
        assertThat(TamperTestExperiment.Plan.EVERY_BIT)
                .isEqualTo(new TamperTestExperiment.Plan(Integer.MAX_VALUE, Integer.MAX_VALUE));
    }
}
