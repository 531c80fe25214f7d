package labbook.filecrypt.cli;

import java.util.Arrays;
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
    static final String DESCRIPTION = "Encrypt IN to OUT with a passphrase (OpenPGP, as gpg -c: AES-256, MDC, ZIP level 6).";

    private static final Option LEVEL = Option.builder("z").hasArg().argName("N")
            .desc("Compression level 0-9 (default 6); 0 writes no compressed packet.").get();
    private static final Option COMPRESS_ALGO = Option.builder().longOpt("compress-algo").hasArg().argName("ALGO")
            .desc("zip, zlib, bzip2 or none (default zip).").get();
    private static final Option CIPHER_ALGO = Option.builder().longOpt("cipher-algo").hasArg().argName("NAME")
            .desc("AES, AES192, AES256, TWOFISH, CAMELLIA128/192/256, 3DES, CAST5, BLOWFISH (default AES256).").get();
    private static final Option S2K_COUNT = Option.builder().longOpt("s2k-count").hasArg().argName("N")
            .desc("Bytes hashed by the S2K, 1024-65011712, rounded up as gpg does (default 65011712, the largest count, "
                    + "where gpg 2.2's ~100 ms calibration lands on a fast machine).").get();
    private static final Option S2K_DIGEST = Option.builder().longOpt("s2k-digest-algo").hasArg().argName("NAME")
            .desc("S2K hash: SHA1, SHA224, SHA256, SHA384, SHA512, RIPEMD160 (default SHA256).").get();
    private static final Option ARMOR = Option.builder("a").longOpt("armor").desc("Write ASCII armor.").get();
    private static final Option ZIP_DEFLATER = Option.builder().longOpt("zip-deflater").hasArg().argName("D")
            .desc("ZIP deflate: zlib-8k (native zlib with gpg's 8 KiB window; needs java --enable-native-access=ALL-UNNAMED "
                    + "on JDK 22+, plus --add-modules jdk.incubator.foreign on JDK 17), jzlib-8k (the same window in pure "
                    + "Java), jdk-32k (the JDK's Deflater), auto = zlib-8k if possible, else jzlib-8k (default auto).").get();
    private static final Option CIPHER_PATH = Option.builder().longOpt("cipher-path").hasArg().argName("P")
            .desc("AES+MDC code: jdk-fast, jdk-cipher, bc-jce or bc-lightweight (default jdk-fast).").get();
    private static final Option THREADS = Option.builder().longOpt("threads").hasArg().argName("N")
            .desc("Threads that compress ZIP and ZLIB (default: one per core). The output is one ordinary compressed "
                    + "packet gpg reads; 1 compresses as gpg does. BZIP2 always compresses on one thread.").get();

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
        return new Options().addOption(PassphraseFileOption.OPTION).addOption(LEVEL).addOption(COMPRESS_ALGO)
                .addOption(CIPHER_ALGO).addOption(S2K_COUNT).addOption(S2K_DIGEST).addOption(ARMOR).addOption(ZIP_DEFLATER)
                .addOption(CIPHER_PATH).addOption(THREADS).addOption(InOutFiles.FORCE);
    }

    @Override
    void run(CommandLine line) {
        long level = number(line, LEVEL, 6);
        if (level < 0 || level > 9) {
            throw LabException.badValue("-z", level, "a compression level 0-9");
        }
        long s2kCount = number(line, S2K_COUNT, 65_011_712);
        if (s2kCount < 1024 || s2kCount > 65_011_712) {
            throw LabException.badValue("--s2k-count", s2kCount, "1024-65011712");
        }
        long threads = number(line, THREADS, EncryptOptions.defaultThreads());
        if (threads < 1 || threads > EncryptOptions.MAX_THREADS) {
            throw LabException.badValue("--threads", threads, "1-" + EncryptOptions.MAX_THREADS);
        }
        EncryptOptions options = new EncryptOptions(
                named(CIPHER_ALGO, () -> SymmetricCipher.parse(line.getOptionValue(CIPHER_ALGO, "AES256"))),
                named(COMPRESS_ALGO, () -> Compression.parse(line.getOptionValue(COMPRESS_ALGO, "zip"))), (int) level,
                S2kCount.effective(s2kCount),
                named(S2K_DIGEST, () -> S2kDigest.parse(line.getOptionValue(S2K_DIGEST, "SHA256"))), line.hasOption(ARMOR),
                named(ZIP_DEFLATER, () -> ZipDeflater.parse(line.getOptionValue(ZIP_DEFLATER, "auto"))),
                named(CIPHER_PATH, () -> CipherPath.parse(line.getOptionValue(CIPHER_PATH, "jdk-fast"))), (int) threads);
        InOutFiles files = files(line);
        char[] passphrase = PassphraseFileOption.read(line);
        try {
            files.check();
            new PgpEncryptor(options).encryptFile(files.in, files.out, passphrase);
        } finally {
            Arrays.fill(passphrase, '\0');
        }
    }

    /** A name parsed from an option's value: an unknown one is a bad argument (exit 2) naming the option. */
    private static <T> T named(Option option, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (LabException unknown) {
            throw new LabException(optionName(option) + ": " + unknown.getMessage(), Cli.BAD_ARGUMENTS, unknown);
        }
    }
}
