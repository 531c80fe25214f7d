package labbook.filecrypt.cli;

import java.util.Arrays;
import java.util.function.Function;
import java.util.function.Supplier;
import labbook.core.Cli;
import labbook.core.LabException;
import labbook.filecrypt.pgp.CipherPath;
import labbook.filecrypt.pgp.Compression;
import labbook.filecrypt.pgp.EncryptOptions;
import labbook.filecrypt.pgp.PgpEncryptor;
import labbook.filecrypt.pgp.S2kCount;
import labbook.filecrypt.pgp.S2kDigest;
import labbook.filecrypt.pgp.SymmetricCipher;
import labbook.filecrypt.pgp.ZipDeflater;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import picocli.CommandLine.Command;

/** {@code encrypt}: OpenPGP passphrase encryption with gpg's option names (parsed as {@link FileCommand} says why). */
@Command(name = "encrypt", description = EncryptCommand.DESCRIPTION)
public final class EncryptCommand extends FileCommand {
    static final String DESCRIPTION =
            "Encrypt IN to OUT with a passphrase (OpenPGP, as gpg -c: AES-256, MDC, ZIP level 6).";

    private static final Option LEVEL = Option.builder("z")
            .hasArg()
            .argName("N")
            .desc("Compression level 0-9 (default " + EncryptOptions.DEFAULT_LEVEL
                    + "); 0 writes no compressed packet.")
            .get();
    private static final Option COMPRESS_ALGO = Option.builder()
            .longOpt("compress-algo")
            .hasArg()
            .argName("ALGO")
            .desc("zip, zlib, bzip2 or none (default " + EncryptOptions.DEFAULT_COMPRESSION.gpgName() + ").")
            .get();
    private static final Option CIPHER_ALGO = Option.builder()
            .longOpt("cipher-algo")
            .hasArg()
            .argName("NAME")
            .desc("AES, AES192, AES256, TWOFISH, CAMELLIA128/192/256, 3DES, CAST5, BLOWFISH (default "
                    + EncryptOptions.DEFAULT_CIPHER.gpgName() + ").")
            .get();
    private static final Option S2K_COUNT = Option.builder()
            .longOpt("s2k-count")
            .hasArg()
            .argName("N")
            .desc("Bytes hashed by the S2K, " + S2kCount.MIN + "-" + S2kCount.MAX + ", rounded up as gpg does (default "
                    + S2kCount.MAX
                    + ", the largest count, where gpg 2.2's ~100 ms calibration lands on a fast machine).")
            .get();
    private static final Option S2K_DIGEST = Option.builder()
            .longOpt("s2k-digest-algo")
            .hasArg()
            .argName("NAME")
            .desc("S2K hash: SHA1, SHA224, SHA256, SHA384, SHA512, RIPEMD160 (default "
                    + EncryptOptions.DEFAULT_S2K_DIGEST.gpgName() + ").")
            .get();
    private static final Option ARMOR =
            Option.builder("a").longOpt("armor").desc("Write ASCII armor.").get();
    private static final Option ZIP_DEFLATER = Option.builder()
            .longOpt("zip-deflater")
            .hasArg()
            .argName("D")
            .desc("ZIP deflate: zlib-8k (native zlib with gpg's 8 KiB window; needs java "
                    + "--enable-native-access=ALL-UNNAMED "
                    + "on JDK 22+, and gcc and zlib1g-dev before, where it is JNI), jzlib-8k "
                    + "(the same window in pure "
                    + "Java), jdk-32k (the JDK's Deflater), auto = zlib-8k if possible, else "
                    + "jzlib-8k (default auto).")
            .get();
    private static final Option CIPHER_PATH = Option.builder()
            .longOpt("cipher-path")
            .hasArg()
            .argName("P")
            .desc("AES+MDC code: jdk-fast, jdk-cipher, bc-jce or bc-lightweight (default "
                    + EncryptOptions.DEFAULT_CIPHER_PATH.label() + ").")
            .get();
    private static final Option THREADS = Option.builder()
            .longOpt("threads")
            .hasArg()
            .argName("N")
            .desc("Threads that compress ZIP and ZLIB (default: one per core). The output is one ordinary compressed "
                    + "packet gpg reads; 1 compresses as gpg does. BZIP2 always compresses on one thread.")
            .get();

    @Override
    String name() {
        return "encrypt";
    }

    @Override
    String description() {
        return DESCRIPTION;
    }

    @Override
    Options options() {
        return new Options()
                .addOption(PassphraseFileOption.OPTION)
                .addOption(LEVEL)
                .addOption(COMPRESS_ALGO)
                .addOption(CIPHER_ALGO)
                .addOption(S2K_COUNT)
                .addOption(S2K_DIGEST)
                .addOption(ARMOR)
                .addOption(ZIP_DEFLATER)
                .addOption(CIPHER_PATH)
                .addOption(THREADS)
                .addOption(InOutFiles.FORCE);
    }

    @Override
    void run(CommandLine line) {
        long level = number(line, LEVEL, EncryptOptions.DEFAULT_LEVEL);
        if (level < 0 || level > 9) {
            throw LabException.badValue("-z", level, "a compression level 0-9");
        }
        long s2kCount = number(line, S2K_COUNT, S2kCount.MAX);
        if (s2kCount < S2kCount.MIN || s2kCount > S2kCount.MAX) {
            throw LabException.badValue("--s2k-count", s2kCount, S2kCount.MIN + "-" + S2kCount.MAX);
        }
        long threads = number(line, THREADS, EncryptOptions.defaultThreads());
        if (threads < 1 || threads > EncryptOptions.MAX_THREADS) {
            throw LabException.badValue("--threads", threads, "1-" + EncryptOptions.MAX_THREADS);
        }
        EncryptOptions options = new EncryptOptions(
                named(line, CIPHER_ALGO, SymmetricCipher::parse, () -> EncryptOptions.DEFAULT_CIPHER),
                named(line, COMPRESS_ALGO, Compression::parse, () -> EncryptOptions.DEFAULT_COMPRESSION),
                (int) level,
                S2kCount.effective(s2kCount),
                named(line, S2K_DIGEST, S2kDigest::parse, () -> EncryptOptions.DEFAULT_S2K_DIGEST),
                line.hasOption(ARMOR),
                named(line, ZIP_DEFLATER, ZipDeflater::parse, ZipDeflater::gpgWindow),
                named(line, CIPHER_PATH, CipherPath::parse, () -> EncryptOptions.DEFAULT_CIPHER_PATH),
                (int) threads);
        InOutFiles files = files(line);
        char[] passphrase = PassphraseFileOption.read(line);
        try {
            files.check();
            new PgpEncryptor(options).encryptFile(files.in, files.out, passphrase);
        } finally {
            Arrays.fill(passphrase, '\0');
        }
    }

    /**
     * A name parsed from an option's value, else the default; an unknown name is a bad argument (exit 2) naming the
     * option.
     */
    private static <T> T named(CommandLine line, Option option, Function<String, T> parse, Supplier<T> fallback) {
        String text = line.getOptionValue(option);
        if (text == null) {
            return fallback.get();
        }
        try {
            return parse.apply(text);
        } catch (LabException unknown) {
            throw new LabException(optionName(option) + ": " + unknown.getMessage(), Cli.BAD_ARGUMENTS, unknown);
        }
    }
}
