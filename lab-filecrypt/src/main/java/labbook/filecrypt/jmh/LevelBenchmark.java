package labbook.filecrypt.jmh;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.Date;
import java.util.concurrent.TimeUnit;
import labbook.filecrypt.corpus.QuickCorpus;
import labbook.filecrypt.pgp.Compression;
import labbook.filecrypt.pgp.EncryptOptions;
import labbook.filecrypt.pgp.PgpEncryptor;
import labbook.filecrypt.pgp.ZipDeflater;
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
 * The JMH benchmark behind {@code level-jmh} (LevelJmhExperiment): in-process encryption throughput of bcpg at one
 * compression algorithm and level, from memory to a discarding stream (no file system), so only the OpenPGP pipeline is
 * timed. Input: the first {@code inputBytes} of the quick corpus (real text). One operation encrypts the whole input;
 * throughput in MB/s = ops/s x inputBytes / 10^6.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class LevelBenchmark {
    @Param({"zip"})
    public String algo;

    @Param({"0", "1", "7", "9"})
    public int level;

    /**
     * zlib-8k (native, gpg's window: LevelJmhExperiment asks for it where the JDK can call zlib), jzlib-8k, jdk-32k or
     * auto.
     */
    @Param({"auto"})
    public String deflater;

    @Param({"2000000"})
    public int inputBytes;

    private byte[] input;
    private PgpEncryptor encryptor;
    private final char[] passphrase = "jmh passphrase".toCharArray();
    private final Date date = new Date(0);

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        try (InputStream in = Files.newInputStream(QuickCorpus.materialize().largest())) {
            input = in.readNBytes(inputBytes);
        }
        encryptor = new PgpEncryptor(EncryptOptions.defaults()
                .withCompression(Compression.parse(algo))
                .withLevel(level)
                .withZipDeflater(ZipDeflater.parse(deflater)));
    }

    @Benchmark
    public void encrypt() throws IOException {
        encryptor.encrypt(
                new ByteArrayInputStream(input), OutputStream.nullOutputStream(), passphrase, "jmh.txt", date);
    }
}
