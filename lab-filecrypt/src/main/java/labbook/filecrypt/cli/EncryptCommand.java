package labbook.filecrypt.cli;

import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import labbook.core.Cli;
import labbook.core.LabException;
import labbook.core.OptionValues;
import labbook.filecrypt.pgp.CipherPath;
import labbook.filecrypt.pgp.Compression;
import labbook.filecrypt.pgp.EncryptOptions;
import labbook.filecrypt.pgp.PgpEncryptor;
import labbook.filecrypt.pgp.S2kCount;
import labbook.filecrypt.pgp.S2kDigest;
import labbook.filecrypt.pgp.SymmetricCipher;
import labbook.filecrypt.pgp.ZipDeflater;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code encrypt}: OpenPGP passphrase encryption with gpg's option names. */
@Command(name = "encrypt", mixinStandardHelpOptions = true,
        description = "Encrypt IN to OUT with a passphrase (OpenPGP, as gpg -c: AES-256, MDC, ZIP level 6).")
public final class EncryptCommand implements Callable<Integer> {
    @Mixin
    PassphraseFileOption passphraseFile;

    @Option(names = "-z", paramLabel = "N", defaultValue = "6",
            description = "Compression level 0-9 (default ${DEFAULT-VALUE}); 0 writes no compressed packet.")
    int level;

    @Option(names = "--compress-algo", paramLabel = "ALGO", defaultValue = "zip",
            description = "zip, zlib, bzip2 or none (default ${DEFAULT-VALUE}).")
    String compressAlgo;

    @Option(names = "--cipher-algo", paramLabel = "NAME", defaultValue = "AES256",
            description = "AES, AES192, AES256, TWOFISH, CAMELLIA128/192/256, 3DES, CAST5, BLOWFISH (default ${DEFAULT-VALUE}).")
    String cipherAlgo;

    @Option(names = "--s2k-count", paramLabel = "N", defaultValue = "65011712",
            description = "Bytes hashed by the S2K, 1024-65011712, rounded up as gpg does (default ${DEFAULT-VALUE}, "
                    + "the largest count, where gpg 2.2's ~100 ms calibration lands on a fast machine).")
    long s2kCount;

    @Option(names = "--s2k-digest-algo", paramLabel = "NAME", defaultValue = "SHA256",
            description = "S2K hash: SHA1, SHA224, SHA256, SHA384, SHA512, RIPEMD160 (default ${DEFAULT-VALUE}).")
    String s2kDigest;

    @Option(names = {"-a", "--armor"}, description = "Write ASCII armor.")
    boolean armor;

    @Option(names = "--zip-deflater", paramLabel = "D", defaultValue = "auto",
            description = "ZIP deflate: zlib-8k (native zlib with gpg's 8 KiB window; needs java "
                    + "--enable-native-access=ALL-UNNAMED on JDK 22+, plus --add-modules jdk.incubator.foreign on "
                    + "JDK 17), jzlib-8k (the same "
                    + "window in pure Java), jdk-32k (the JDK's Deflater), auto = zlib-8k if possible, else jzlib-8k "
                    + "(default ${DEFAULT-VALUE}).")
    String zipDeflater;

    @Option(names = "--cipher-path", paramLabel = "P", defaultValue = "jdk-fast",
            description = "AES+MDC code: jdk-fast, jdk-cipher, bc-jce or bc-lightweight (default ${DEFAULT-VALUE}).")
    String cipherPath;

    @Option(names = "--threads", paramLabel = "N",
            description = "Threads that compress ZIP and ZLIB (default: one per core). The output is one ordinary "
                    + "compressed packet gpg reads; 1 compresses as gpg does. BZIP2 always compresses on one thread.")
    Integer threads;

    @Mixin
    InOutFiles files;

    @Override
    public Integer call() {
        if (level < 0 || level > 9) {
            throw LabException.badValue("-z", level, "a compression level 0-9");
        }
        if (s2kCount < 1024 || s2kCount > 65_011_712) {
            throw LabException.badValue("--s2k-count", s2kCount, "1024-65011712");
        }
        int n = OptionValues.atLeast("--threads", threads, 1, EncryptOptions.defaultThreads());
        if (n > EncryptOptions.MAX_THREADS) {
            throw LabException.badValue("--threads", n, "1-" + EncryptOptions.MAX_THREADS);
        }
        EncryptOptions options = new EncryptOptions(option("--cipher-algo", () -> SymmetricCipher.parse(cipherAlgo)),
                option("--compress-algo", () -> Compression.parse(compressAlgo)), level, S2kCount.effective(s2kCount),
                option("--s2k-digest-algo", () -> S2kDigest.parse(s2kDigest)), armor,
                option("--zip-deflater", () -> ZipDeflater.parse(zipDeflater)),
                option("--cipher-path", () -> CipherPath.parse(cipherPath)), n);
        files.check();
        char[] passphrase = passphraseFile.read();
        try {
            new PgpEncryptor(options).encryptFile(files.in, files.out, passphrase);
        } finally {
            Arrays.fill(passphrase, '\0');
        }
        return 0;
    }

    /** A name parsed from an option's value: an unknown one is a bad argument (exit 2) naming the option. */
    private static <T> T option(String name, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (LabException unknown) {
            throw new LabException(name + ": " + unknown.getMessage(), Cli.BAD_ARGUMENTS, unknown);
        }
    }
}
