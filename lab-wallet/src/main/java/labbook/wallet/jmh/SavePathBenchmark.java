package labbook.wallet.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import labbook.wallet.store.SaveFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What does the save path cost a sync, beside the cipher? A sync writes the encrypted file to a temp file and renames
 * it over the wallet ({@link SaveFile}, KWallet's own path, fdatasync off as sync-sweep runs it).
 *
 * <p>Baseline: {@code newName}, the save onto a name that does not exist: the previous version is deleted first (inside
 * the timing), then the temp file is renamed. A real sync must never do this, since a crash between the delete and the
 * rename loses the wallet; it is here to show what replacing costs. Variants: {@code replace}, a big sync's save
 * ({@link SaveFile#begin} on the background writer, which holds the previous version open across the rename so that its
 * blocks are freed after the save, not inside it); {@code replaceInline}, a small sync's ({@link SaveFile#write}, all
 * on the caller's thread, the previous version freed inside the rename). On ext4 a rename that replaces a file also
 * starts the new file's writeback ({@code auto_da_alloc}). {@code bytes} are the file sizes of a 10,000- and a
 * 100,000-entry sync.
 *
 * <p>Run, after {@code mvn -pl lab-wallet -am install -DskipTests}: {@code mvn -q -pl lab-wallet
 * dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt}, then {@code java -cp lab-wallet/target/classes:$(cat
 * /tmp/cp.txt) org.openjdk.jmh.Main SavePathBenchmark}. The files go in a fresh folder under {@code java.io.tmpdir}
 * ({@code -jvmArgsAppend -Djava.io.tmpdir=DIR} to measure another file system).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class SavePathBenchmark {
    @Param({"1180104", "11800104"})
    public int bytes;

    private Path dir;
    private Path wallet;
    private byte[] file;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("labbook-save-path");
        wallet = dir.resolve("benchmark.kwl");
        file = new byte[bytes];
        new Random(1).nextBytes(file); // ciphertext-like: nothing for a file system to compress or share
        SaveFile.write(wallet, file, false);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(wallet);
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public long replace() {
        try (SaveFile.Pending save = SaveFile.begin(wallet, false, true)) {
            save.ready(file, 0, file.length);
            return save.commit();
        }
    }

    @Benchmark
    public long replaceInline() {
        return SaveFile.write(wallet, file, false);
    }

    @Benchmark
    public long newName() {
        try {
            Files.deleteIfExists(wallet);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return SaveFile.write(wallet, file, false);
    }
}
