package labbook.filecrypt;

import static labbook.core.Column.count;
import static labbook.core.Column.measure;
import static labbook.core.Column.text;

import java.util.List;
import labbook.core.Column;
import labbook.core.ResultsSchema;

/**
 * The filecrypt study's CSV schemas: every CSV it writes under {@code results/filecrypt/}, each column declared once.
 * The experiments write rows by these constants and {@code reports} reads the CSVs by them; the module README links
 * here instead of repeating the list.
 */
public final class FilecryptSchemas {
    public static final String STUDY = "filecrypt";

    public static final Column CORPUS =
            text("corpus", "the corpus the file came from (its name; run.json gives its SHA-256)");
    public static final Column FILE = text("file", "the file encrypted (a head of the corpus)");
    public static final Column FILE_BYTES = count("file_bytes", "the input file's size");
    public static final Column ENGINE = text("engine", "who encrypted: gpg or bcpg");
    public static final Column SCOPE = text(
            "scope", "what was timed: process (the whole process) or in-process (encryption alone, in a warm JVM)");
    public static final Column ALGO = text("algo", "compression algorithm (zip, zlib, bzip2, none)");
    public static final Column LEVEL = count("level", "compression level, -z N (0: no compressed packet)");
    public static final Column REPEAT = count("repeat", "repeat number (0-based)");
    /** Where the CPU columns come from, and how fine they are (lab-core's TimedExec says why the split is sampled). */
    private static final String CPU_SOURCE = "a peer process's: its rusage in microseconds, user + system exact, the"
            + " split between them as the kernel's ticks sampled it; in-process: this JVM's getrusage, the same";

    public static final Column CPU_USER_S = measure("cpu_user_s", "user CPU time, s (" + CPU_SOURCE + ")");
    public static final Column CPU_SYS_S = measure("cpu_sys_s", "system CPU time, s (" + CPU_SOURCE + ")");
    public static final Column WALL_S = measure("wall_s", "elapsed time, s");
    public static final Column OUT_BYTES = count("out_bytes", "size of the encrypted output");
    public static final Column DEFLATER = text(
            "deflater",
            "the compressor: gpg's zlib-8k (ZIP), zlib-32k (ZLIB) or libbz2;"
                    + " bcpg's zlib-8k (native), jzlib-8k, jdk-32k or bc-bzip2; none at level 0");
    public static final Column CIPHER_PATH = text(
            "cipher_path",
            "bcpg's AES+MDC code path"
                    + " (encrypting: jdk-fast, jdk-cipher, bc-jce, bc-lightweight; decrypting: jdk-ecb-cfb); "
                    + "gpg for gpg");
    public static final Column S2K_COUNT =
            count("s2k_count", "the S2K count (bytes hashed), pinned, the same on both sides");
    public static final Column CPU_THREAD_S = measure(
            "cpu_thread_s",
            "CPU time of the encrypting thread, s" + " (ns resolution; in-process rows only, empty otherwise)");
    public static final Column COMPRESS_THREADS = count(
                    "compress_threads", "compressing threads: 1 for gpg and single-threaded bcpg")
            .formerly("threads");

    public static final Column RUN = text(
            "run",
            "the directory run: published-gpg-default-z7,"
                    + " crypto-default, crypto-speed (--speed), gpg-default-z6 (gpg's true default)");
    public static final Column FILES = count("files", "files in the directory");
    public static final Column IN_BYTES = count("in_bytes", "bytes in");
    public static final Column MEAN_SIZE_PCT =
            measure("mean_size_pct", "mean over the files of out / in x 100 (the seed's mean % original file size)");
    public static final Column LEVELS = text("levels", "the level each file got, in file order, separated by spaces");
    public static final Column TYPE =
            text("type", "the directory's file type: text, mp3, pdf or png (as the seed's four directories)");
    public static final Column SHA256 = text("sha256", "the file's SHA-256");
    public static final Column MIME = text(
            "mime",
            "the file's mime type as libmagic reads its bytes (file --mime-type), the check crypto v1.1.0 made");
    public static final Column DEFAULT_LEVEL = count(
            "default_level",
            "the level crypto's default run gives the file:" + " 1 for a text/* mime type over 10,240 bytes, else 0");
    public static final Column ORIGIN = text(
            "origin",
            "where the file came from: Debian packages and versions, the path in the"
                    + " package or the passage of text, the command that made it (the corpus's MANIFEST.tsv "
                    + "adds the licence)");

    public static final Column DIRECTION =
            text("direction", "who encrypted and who decrypted: bcpg-to-gpg or gpg-to-bcpg");
    public static final Column CIPHER = text("cipher", "symmetric cipher (gpg's name)");
    public static final Column ARMOR = text("armor", "ASCII armor (true/false)");
    public static final Column PASSED =
            text("passed", "whether the other side decrypted it to the original bytes (true/false)");
    public static final Column S2K_DIGEST = text("s2k_digest", "S2K digest (gpg's name)");
    public static final Column DETAIL = text("detail", "empty, or the first line of the failure");

    public static final Column COMMAND = text("command", "the command timed, as a user types it, from start to exit");

    public static final Column VARIANT =
            text("variant", "the encryptor pipeline: cipher path + deflater (bc-lightweight + jdk-32k, ...), or gpg");
    public static final Column FORK = count("fork", "JMH fork number (0-based)");
    public static final Column ITERATION = count("iteration", "JMH measurement iteration (0-based)");
    public static final Column MB_PER_S = measure("mb_per_s", "throughput, MB (10^6 bytes) of input per second");
    public static final Column INPUT_BYTES = count("input_bytes", "JMH input size in memory");

    /**
     * What a row of the level sweep's two CSVs says first: which file, engine, scope, algorithm and level, which
     * repeat, and what it cost. Not a CSV of its own.
     */
    private static final ResultsSchema ONE_LEVEL = ResultsSchema.of(
            STUDY,
            "level",
            CORPUS,
            FILE,
            FILE_BYTES,
            ENGINE,
            SCOPE,
            ALGO,
            LEVEL,
            REPEAT,
            CPU_USER_S,
            CPU_SYS_S,
            WALL_S);

    public static final ResultsSchema LEVEL_SWEEP = ONE_LEVEL
            .plus("level-sweep", OUT_BYTES, DEFLATER, CIPHER_PATH, S2K_COUNT, CPU_THREAD_S, COMPRESS_THREADS)
            .keyedBy(
                    CORPUS,
                    FILE,
                    FILE_BYTES,
                    ENGINE,
                    SCOPE,
                    ALGO,
                    LEVEL,
                    DEFLATER,
                    CIPHER_PATH,
                    S2K_COUNT,
                    COMPRESS_THREADS)
            .comparing(WALL_S, CPU_THREAD_S);
    /**
     * The level sweep's decryptions: gpg's output at each level decrypted by gpg and by bcpg in-process (in_bytes: its
     * size).
     */
    public static final ResultsSchema LEVEL_DECRYPT = ONE_LEVEL
            .plus("level-decrypt", IN_BYTES, CIPHER_PATH, S2K_COUNT, CPU_THREAD_S)
            .keyedBy(CORPUS, FILE, FILE_BYTES, ENGINE, SCOPE, ALGO, LEVEL, CIPHER_PATH, S2K_COUNT)
            .comparing(WALL_S, CPU_THREAD_S);
    /** The command line's own start-up: {@code encrypt --help} as a user types it, timed after the level sweep. */
    public static final ResultsSchema CLI_STARTUP = ResultsSchema.of(
                    STUDY, "cli-startup", COMMAND, REPEAT, CPU_USER_S, CPU_SYS_S, WALL_S)
            .keyedBy(COMMAND)
            .comparing(WALL_S, CPU_USER_S);

    public static final ResultsSchema DIRECTORY_RUNS = ResultsSchema.of(
                    STUDY,
                    "directory-runs",
                    CORPUS,
                    RUN,
                    ENGINE,
                    SCOPE,
                    REPEAT,
                    FILES,
                    IN_BYTES,
                    OUT_BYTES,
                    CPU_USER_S,
                    CPU_SYS_S,
                    WALL_S,
                    MEAN_SIZE_PCT,
                    LEVELS,
                    S2K_COUNT)
            .keyedBy(CORPUS, RUN, ENGINE, SCOPE, FILES, IN_BYTES, S2K_COUNT)
            .comparing(WALL_S, CPU_USER_S, CPU_SYS_S);
    /** The files of every directory run's folders, one row each: its type and crypto's mime verdict on it. */
    public static final ResultsSchema DIRECTORY_FILES = ResultsSchema.of(
            STUDY, "directory-files", CORPUS, TYPE, FILE, FILE_BYTES, SHA256, MIME, DEFAULT_LEVEL, ORIGIN);

    public static final ResultsSchema INTEROP = ResultsSchema.of(
            STUDY,
            "interop",
            DIRECTION,
            CIPHER,
            ALGO,
            LEVEL,
            S2K_COUNT,
            ARMOR,
            PASSED,
            S2K_DIGEST,
            IN_BYTES,
            OUT_BYTES,
            DETAIL,
            COMPRESS_THREADS);
    public static final ResultsSchema PIPELINE_VARIANTS = ResultsSchema.of(
                    STUDY,
                    "pipeline-variants",
                    CORPUS,
                    FILE,
                    FILE_BYTES,
                    VARIANT,
                    CIPHER_PATH,
                    DEFLATER,
                    LEVEL,
                    REPEAT,
                    CPU_USER_S,
                    CPU_SYS_S,
                    WALL_S,
                    OUT_BYTES,
                    CPU_THREAD_S)
            .keyedBy(CORPUS, FILE, FILE_BYTES, VARIANT, CIPHER_PATH, DEFLATER, LEVEL)
            .comparing(WALL_S, CPU_THREAD_S);
    public static final ResultsSchema LEVEL_JMH =
            ResultsSchema.of(STUDY, "level-jmh", ALGO, LEVEL, FORK, ITERATION, MB_PER_S, DEFLATER, INPUT_BYTES);

    /** Every CSV of the study, in the order the report shows them. */
    public static final List<ResultsSchema> ALL = List.of(
            LEVEL_SWEEP,
            LEVEL_DECRYPT,
            CLI_STARTUP,
            DIRECTORY_RUNS,
            DIRECTORY_FILES,
            INTEROP,
            LEVEL_JMH,
            PIPELINE_VARIANTS);

    /** The seed's figures (with their source): class-path resources of this module. */
    public static final String SEED_LEVELS = "/labbook/filecrypt/seeds/crypto-levels.csv";

    public static final String SEED_DIRECTORY = "/labbook/filecrypt/seeds/crypto-directory.csv";

    private FilecryptSchemas() {}
}
