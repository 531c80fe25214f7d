package labbook.wallet;

import static labbook.core.Column.count;
import static labbook.core.Column.measure;
import static labbook.core.Column.text;

import java.util.List;
import labbook.core.Column;
import labbook.core.ResultsSchema;

/**
 * The wallet study's CSV schemas: every CSV it writes under {@code results/wallet/}, each column declared once. The
 * experiments write rows by these constants and {@code reports} reads the CSVs by them; the module README links here
 * instead of repeating the list.
 */
public final class WalletSchemas {
    public static final String STUDY = "wallet";

    public static final Column VARIANT = text(
            "variant",
            "the wallet implementation (kde4, kf5, kf5-fdatasync, aead: the lab's Java code; kwallet5: KDE's "
                    + "real backend;"
                    + " kde4-c1, kde4-xint: kde4 in a forked JVM, C1 only or interpreted)");
    public static final Column ENTRIES =
            count("entries", "entries in the wallet (for a timing: when the save was timed)");
    public static final Column REPEAT = count("repeat", "repeat number at this size (0-based)");
    public static final Column FILE_BYTES = count("file_bytes", "size of the saved wallet file");
    public static final Column SYNC_MS = measure("sync_ms", "wall time of one whole-wallet sync, ms");
    public static final Column CIPHER_MS =
            measure("cipher_ms", "wall time of Blowfish alone over the same bytes, same run, ms");
    public static final Column CIPHER_BYTES = count("cipher_bytes", "bytes the cipher-alone baseline encrypted");
    public static final Column SYNC_CPU_MS = measure("sync_cpu_ms", "thread CPU time of the sync, ms");
    public static final Column CIPHER_CPU_MS =
            measure("cipher_cpu_ms", "thread CPU time of the cipher-alone baseline, ms");

    public static final Column BLOWFISH_MODE = text(
            "blowfish_mode",
            "OpenSSL's Blowfish call: cbc (one BF_cbc_encrypt, KF5's mode) or ecb (BF_ecb_encrypt block by block, as"
                    + " KDE4's format chains it)");

    public static final Column DERIVED_BY = text(
            "derived_by",
            "who derived the key: lab (its PBKDF2 over the JDK's SHA-512) or openssl (PKCS5_PBKDF2_HMAC, the system"
                    + " libcrypto)");
    /** The values of {@link #DERIVED_BY}. */
    public static final String DERIVED_BY_LAB = "lab";

    public static final String DERIVED_BY_OPENSSL = "openssl";
    public static final Column ITERATIONS = count("iterations", "PBKDF2 iterations of one derivation");
    public static final Column KEY_MS =
            measure("key_ms", "wall time of one PBKDF2-HMAC-SHA512 derivation of a KF5 wallet's 56-byte key, ms");

    public static final Column FORK = count("fork", "JMH fork number");
    public static final Column ITERATION = count("iteration", "JMH measurement iteration");

    public static final Column STRATEGY =
            text("strategy", "how a change is made durable (rewrite, rewrite-fdatasync, journal, file-per-entry)");
    public static final Column SAVE_MS = measure("save_ms", "wall time to make one new entry durable, ms");
    public static final Column BYTES_WRITTEN = count("bytes_written", "bytes written by that save");
    public static final Column FDATASYNC = text("fdatasync", "whether the save called fdatasync (true/false)");
    public static final Column FOLDED =
            text("folded", "whether this save also folded the journal into the wallet (true/false)");

    public static final Column KILL = count("kill", "the kill's number, from 0 (each a kill -9 mid-sync)");
    public static final Column OUTCOME = text(
            "outcome",
            "what the next open found (previous, new, unreadable; for a flip: detected, refused, accepted, ...;"
                    + " for interop: identical, different, refused)");
    public static final Column ACKNOWLEDGED_LOST =
            count("acknowledged_lost", "entries reported saved before the kill and missing after it");
    public static final Column ACKED_ENTRIES = count("acked_entries", "entries reported saved before the kill");
    public static final Column FOUND_ENTRIES = count("found_entries", "entries found in the wallet after the kill");
    public static final Column KILL_AFTER_MS =
            count("kill_after_ms", "delay between the sync's start and the kill, ms");
    public static final Column TEMP_FILES_LEFT =
            count("temp_files_left", "temporary files the kill left beside the wallet");
    public static final Column TEMP_FILES_AFTER_CLEANUP =
            count("temp_files_after_cleanup", "temporary files left after the next open");

    public static final Column WALLET = text(
            "wallet",
            "the wallet: a real fixture's file name (tamper-test: the one whose bit was flipped) or an "
                    + "interop case's name");
    public static final Column REGION =
            text("region", "the part of the file the bit lies in (header, hash section, blocks, salt, ...)");
    public static final Column BIT = count("bit", "the flipped bit's offset in the file, in bits");
    public static final Column HASH_SECTION_CONSISTENT = text(
            "hash_section_consistent", "whether the accepted wallet's clear hash section still matched its contents");
    public static final Column REASON = text("reason", "the reader's one-line reason for refusing the file, if it did");

    public static final Column DIRECTION = text(
            "direction",
            "who wrote the wallet and who read it (lab-kf5->kwallet5, kwallet5->lab,"
                    + " lab-kde4->kwallet5, fixture->kwallet5, lab-odd-type->kwallet5)");
    public static final Column OPEN_CODE =
            count("open_code", "the real backend's Backend::open() return code when it refused the wallet, else empty");
    public static final Column DETAIL =
            text("detail", "one line: the header and dialect read, what differed, or the translated refusal");

    public static final ResultsSchema SYNC_SWEEP = ResultsSchema.of(
                    STUDY,
                    "sync-sweep",
                    VARIANT,
                    ENTRIES,
                    REPEAT,
                    FILE_BYTES,
                    SYNC_MS,
                    CIPHER_MS,
                    CIPHER_BYTES,
                    SYNC_CPU_MS,
                    CIPHER_CPU_MS)
            .keyedBy(VARIANT, ENTRIES)
            .comparing(SYNC_MS, SYNC_CPU_MS, CIPHER_MS);
    public static final Column WALK_WAIT_MS =
            measure("walk_wait_ms", "how long the sync's cipher waited for the walk over the entries (SyncPhases), ms");
    public static final Column COMMIT_MS = measure(
            "commit_ms",
            "the sync's commit after its last byte was encrypted: writes, fdatasync, rename (SyncPhases), ms");
    /**
     * Not a results CSV (so not in {@link #ALL}): the rows a sync-sweep worker JVM hands the sweep, sync-sweep.csv's
     * columns and the two phases the printout reads.
     */
    public static final ResultsSchema SYNC_SWEEP_WORKER = SYNC_SWEEP.plus("sync-sweep-worker", WALK_WAIT_MS, COMMIT_MS);

    public static final ResultsSchema SYNC_JMH = ResultsSchema.of(
                    STUDY, "sync-jmh", VARIANT, ENTRIES, FORK, ITERATION, SYNC_MS)
            .keyedBy(VARIANT, ENTRIES)
            .comparing(SYNC_MS);
    /**
     * sync-sweep's reference for the cipher alone: OpenSSL's Blowfish in the same run, on as many bytes as kde4's
     * cipher alone at 10,000 entries, as many times.
     */
    public static final ResultsSchema OPENSSL_BLOWFISH = ResultsSchema.of(
                    STUDY, "openssl-blowfish", BLOWFISH_MODE, CIPHER_BYTES, REPEAT, CIPHER_MS)
            .keyedBy(BLOWFISH_MODE, CIPHER_BYTES)
            .comparing(CIPHER_MS);
    /**
     * sync-sweep's reference for a KF5 wallet's key, when the sweep has kf5: the lab's PBKDF2-HMAC-SHA512 and OpenSSL's
     * in the same run, on the same sizes, as many times each.
     */
    public static final ResultsSchema KEY_DERIVATION = ResultsSchema.of(
                    STUDY, "key-derivation", DERIVED_BY, ITERATIONS, REPEAT, KEY_MS)
            .keyedBy(DERIVED_BY, ITERATIONS)
            .comparing(KEY_MS);

    public static final ResultsSchema SAVE_STRATEGIES = ResultsSchema.of(
            STUDY, "save-strategies", STRATEGY, ENTRIES, REPEAT, SAVE_MS, BYTES_WRITTEN, FDATASYNC, FOLDED);
    public static final ResultsSchema CRASH_TEST = ResultsSchema.of(
            STUDY,
            "crash-test",
            KILL,
            FDATASYNC,
            OUTCOME,
            ACKNOWLEDGED_LOST,
            ACKED_ENTRIES,
            FOUND_ENTRIES,
            KILL_AFTER_MS,
            TEMP_FILES_LEFT,
            TEMP_FILES_AFTER_CLEANUP);
    public static final ResultsSchema TAMPER_TEST =
            ResultsSchema.of(STUDY, "tamper-test", WALLET, REGION, BIT, OUTCOME, HASH_SECTION_CONSISTENT, REASON);
    /**
     * One row per wallet and direction: the lab's code against KDE's real backend (outcome: identical, different,
     * refused).
     */
    public static final ResultsSchema KWALLET5_INTEROP =
            ResultsSchema.of(STUDY, "kwallet5-interop", DIRECTION, WALLET, ENTRIES, OUTCOME, OPEN_CODE, DETAIL);

    /** Every CSV of the study, in the order the report shows them. */
    public static final List<ResultsSchema> ALL = List.of(
            SYNC_SWEEP,
            OPENSSL_BLOWFISH,
            KEY_DERIVATION,
            SYNC_JMH,
            SAVE_STRATEGIES,
            CRASH_TEST,
            TAMPER_TEST,
            KWALLET5_INTEROP);

    private WalletSchemas() {}
}
