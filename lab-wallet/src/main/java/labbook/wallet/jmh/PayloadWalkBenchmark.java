package labbook.wallet.jmh;

import java.util.concurrent.TimeUnit;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.format.KwlPayload;
import labbook.wallet.format.WalletContents;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Why did a sync grow faster than the wallet? What does one walk over every entry cost, at 10,000 and at 100,000
 * entries?
 *
 * <p>Baseline: {@code size}, the payload's length summed entry by entry ({@link KwlPayload#size}): a walk like the two
 * every sync once made before writing a byte (they read each key's and value's length, this one each entry's record
 * length; a sync no longer calls it). The walk touches each entry and nothing else. Variant: {@code payload}, the walk
 * that writes the payload D ({@link KwlPayload#of}, which allocates D's array). {@code keptLength}:
 * {@link WalletContents#payloadBytes}, what a sync reads instead of the first walk. The entries are those of the sync
 * sweep, added in random key order, so the tree's nodes lie in memory in the order they were made, not in key order:
 * past the CPU's caches each step of a walk waits on memory.
 *
 * <p>Run, after {@code mvn -pl lab-wallet -am install -DskipTests}: {@code mvn -q -pl lab-wallet
 * dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt}, then {@code java -cp lab-wallet/target/classes:$(cat
 * /tmp/cp.txt) org.openjdk.jmh.Main PayloadWalkBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PayloadWalkBenchmark {
    @Param({"10000", "100000"})
    public int entries;

    private WalletContents contents;

    @Setup(Level.Trial)
    public void setUp() {
        contents = new WalletContents();
        BenchmarkEntries.random().next(entries).forEach(e -> contents.writeEntry(BenchmarkEntries.FOLDER, e));
    }

    @Benchmark
    public long size() {
        return KwlPayload.size(contents.folders());
    }

    @Benchmark
    public byte[] payload() {
        return KwlPayload.of(contents);
    }

    @Benchmark
    public long keptLength() {
        return contents.payloadBytes();
    }
}
