package labbook.wallet.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import labbook.core.OwnedScratch;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.experiments.syncsweep.SweepVariant;
import labbook.wallet.format.ThrowawayPassword;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One whole wallet sync at a fixed size, under JMH (forks, warm-up, iterations), the mean ± error beside the sweep's
 * single shots. Launched by {@code sync-jmh} ({@link labbook.wallet.experiments.syncjmh.SyncJmhExperiment}) through
 * lab-core's JmhRun; the wallet lives in {@code -Dlabbook.wallet.scratch} (beside the results) or the temp folder.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class WalletSyncBenchmark {
    @Param({"kde4", "kf5"})
    public String variant;

    @Param({"1", "100", "1000", "5000", "10000"})
    public int entries;

    private Path dir;
    private SweepVariant.SyncTarget wallet;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        String where = System.getProperty("labbook.wallet.scratch");
        Path parent = where != null ? Path.of(where) : Path.of(System.getProperty("java.io.tmpdir"));
        Files.createDirectories(parent);
        dir = Files.createTempDirectory(parent, "jmh-" + variant + "-");
        wallet = SweepVariant.of(variant).create(dir, ThrowawayPassword.draw());
        wallet.add(BenchmarkEntries.random().next(entries));
    }

    @Benchmark
    public long sync() {
        return wallet.sync();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        OwnedScratch.remove(dir);
    }
}
