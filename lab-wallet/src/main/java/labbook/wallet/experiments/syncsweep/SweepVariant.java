package labbook.wallet.experiments.syncsweep;

import java.nio.file.Path;
import java.util.List;
import labbook.core.Variant;
import labbook.wallet.experiments.BenchmarkEntries;
import labbook.wallet.format.Entry;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.peer.OpensslBlowfish;
import labbook.wallet.store.AeadWallet;
import labbook.wallet.store.KwlBackend;
import labbook.wallet.store.SyncPhases;

/**
 * The wallets the sync sweep times, each with "the cipher alone" measured on the same bytes, and their labels: the one
 * declaration of the {@code variant} values of sync-sweep.csv and sync-jmh.csv, which sync-jmh and {@code reports} take
 * from here.
 */
public enum SweepVariant implements Variant {
    /** What the 2009 benchmark ran: KDE4 format, KSaveFile without fsync. */
    KDE4("kde4", Kind.JAVA),
    /** Today's KWallet: KF5 format, QSaveFile without its fdatasync. */
    KF5("kf5", Kind.JAVA),
    /** Today's KWallet as shipped: QSaveFile fdatasyncs before the rename. */
    KF5_FDATASYNC("kf5-fdatasync", Kind.JAVA),
    /** Today's choice of cipher: AES-256-GCM with an Argon2id key, same save path, no fdatasync. */
    AEAD("aead", Kind.JAVA),
    /**
     * KDE's real backend (libkwalletbackend5, KF5 5.103) through the lab's C++ harness, with QSaveFile's fdatasync
     * skipped, as the seed's KSaveFile and the lab's kde4 and kf5 do: timed in kde4's loop, step by step (alone when
     * kde4 is not chosen).
     */
    KWALLET5("kwallet5", Kind.PEER),
    /**
     * kde4 in a JVM run with {@code -XX:TieredStopAtLevel=1}: compiled by C1 alone, without C2's optimisations, the
     * closer analogue of a DebugFull build (compiled, unoptimised).
     */
    KDE4_C1("kde4-c1", Kind.UNOPTIMISED, "-XX:TieredStopAtLevel=1"),
    /** kde4 in a JVM run with -Xint: interpreted, the far end of "unoptimised". */
    KDE4_XINT("kde4-xint", Kind.UNOPTIMISED, "-Xint");

    /** What a variant runs. Each Java variant runs in a worker JVM of its own ({@link SweepWorker}). */
    public enum Kind {
        /** The lab's Java code, compiled as the JVM does by default. */
        JAVA,
        /** kde4 in a JVM started with {@link #jvmFlag()}, which holds the JIT back: an analogue of a debug build. */
        UNOPTIMISED,
        /** KDE's real backend, a peer process driven through a session: in kde4's loop when kde4 runs. */
        PEER
    }

    private final String label;
    private final Kind kind;
    private final String jvmFlag;

    SweepVariant(String label, Kind kind) {
        this(label, kind, null);
    }

    SweepVariant(String label, Kind kind, String jvmFlag) {
        this.label = label;
        this.kind = kind;
        this.jvmFlag = jvmFlag;
    }

    /** The variant whose cipher alone runs Blowfish as OpenSSL's {@code mode} does: kde4 ECB, kf5 CBC. */
    public static SweepVariant cipheringAs(OpensslBlowfish.Mode mode) {
        return mode == OpensslBlowfish.Mode.CBC ? KF5 : KDE4;
    }

    /** The variant's name in the CSVs' {@code variant} column and on the command line: kde4, kde4-xint, ... */
    @Override
    public String label() {
        return label;
    }

    public Kind kind() {
        return kind;
    }

    public boolean unoptimised() {
        return kind == Kind.UNOPTIMISED;
    }

    /**
     * The JVM options of this variant's worker beyond the module's declared flags: an unoptimised one's
     * {@link #jvmFlag()}, and a heap that -Xint's long syncs of a big wallet do not need more than.
     */
    public List<String> workerJvmArgs() {
        return unoptimised() ? List.of(jvmFlag, "-Xmx512m") : List.of();
    }

    /**
     * Whether it is timed at every step of the seed's own loop: kde4 (the analogue of the seed's Release build) and the
     * real backend, the two the seed's question is about. The lab's other variants answer theirs at every
     * {@link SweepLoop.Plan#labStep()} entries and at the checkpoints.
     */
    public boolean inSeedLoop() {
        return this == KDE4 || this == KWALLET5;
    }

    /** The JVM option a forked variant runs under (-Xint, -XX:TieredStopAtLevel=1); null for the others. */
    public String jvmFlag() {
        return jvmFlag;
    }

    /** Every label, comma-separated, for help texts and error messages. */
    public static String labels() {
        return Variant.labels(List.of(values()));
    }

    /** The variant labelled {@code label}: kde4, kde4-xint, ... */
    public static SweepVariant of(String label) {
        return Variant.named(label, List.of(values()));
    }

    /** A fresh, empty wallet of this variant in {@code dir}. */
    public SyncTarget create(Path dir, byte[] password) {
        return switch (this) {
            case KDE4, KDE4_XINT, KDE4_C1 ->
                kwl(KwlBackend.create(dir.resolve("benchmark.kwl"), KwlFormat.KDE4, password, false));
            case KF5 -> kwl(KwlBackend.create(dir.resolve("benchmark.kwl"), KwlFormat.KF5, password, false));
            case KF5_FDATASYNC -> kwl(KwlBackend.create(dir.resolve("benchmark.kwl"), KwlFormat.KF5, password, true));
            case AEAD -> aead(AeadWallet.create(dir.resolve("benchmark.aead"), password, false));
            case KWALLET5 ->
                throw new IllegalStateException("kwallet5 is timed through a Kwallet5Session, not as a Java wallet");
        };
    }

    /** One wallet under test: add entries, sync it, run its cipher alone on a same-sized buffer. */
    public interface SyncTarget {
        void add(List<Entry> entries);

        /** One whole sync; returns the file's size in bytes. */
        long sync();

        /** Where the last sync's time went beside its cipher. */
        SyncPhases lastSyncPhases();

        /** Bytes the cipher processes in one sync of the current contents. */
        int cipherBytes();

        /** The cipher alone on {@code in} (output into {@code out}, which may be {@code in}). */
        void cipherOnly(byte[] in, byte[] out);

        /** The size {@code out} must have for {@link #cipherOnly}. */
        int cipherOutBytes(int in);
    }

    private static SyncTarget kwl(KwlBackend b) {
        return new SyncTarget() {
            @Override
            public void add(List<Entry> entries) {
                entries.forEach(e -> b.writeEntry(BenchmarkEntries.FOLDER, e));
            }

            @Override
            public long sync() {
                return b.sync();
            }

            @Override
            public SyncPhases lastSyncPhases() {
                return b.lastSyncPhases();
            }

            @Override
            public int cipherBytes() {
                return b.encryptedBytes();
            }

            @Override
            public void cipherOnly(byte[] in, byte[] out) {
                b.encryptOnly(in);
            }

            @Override
            public int cipherOutBytes(int in) {
                return 0;
            }
        };
    }

    private static SyncTarget aead(AeadWallet w) {
        return new SyncTarget() {
            @Override
            public void add(List<Entry> entries) {
                entries.forEach(e -> w.writeEntry(BenchmarkEntries.FOLDER, e));
            }

            @Override
            public long sync() {
                return w.sync();
            }

            @Override
            public SyncPhases lastSyncPhases() {
                return w.lastSyncPhases();
            }

            @Override
            public int cipherBytes() {
                return w.encryptedBytes();
            }

            @Override
            public void cipherOnly(byte[] in, byte[] out) {
                w.encryptOnly(in, out);
            }

            @Override
            public int cipherOutBytes(int in) {
                return in + 16;
            }
        };
    }
}
