package labbook.wallet.experiments;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import labbook.wallet.format.Entry;
import labbook.wallet.format.KwlFormat;
import labbook.wallet.store.AeadWallet;
import labbook.wallet.store.KwlBackend;

/** The wallets the sync sweep times, each with "the cipher alone" measured on the same bytes. */
public enum SweepVariant {
    /** What the 2009 benchmark ran: KDE4 format, KSaveFile without fsync. */
    KDE4("kde4", false),
    /** Today's KWallet: KF5 format, QSaveFile without its fdatasync. */
    KF5("kf5", false),
    /** Today's KWallet as shipped: QSaveFile fdatasyncs before the rename. */
    KF5_FDATASYNC("kf5-fdatasync", false),
    /** Today's choice of cipher: AES-256-GCM with an Argon2id key, same save path, no fdatasync. */
    AEAD("aead", false),
    /** kde4 in a JVM run with -Xint: the analogue of the seed's unoptimised DebugFull build. */
    KDE4_XINT("kde4-xint", true);

    private final String label;
    private final boolean forked;

    SweepVariant(String label, boolean forked) {
        this.label = label;
        this.forked = forked;
    }

    public String label() {
        return label;
    }

    public boolean forked() {
        return forked;
    }

    public static SweepVariant of(String label) {
        for (SweepVariant v : values()) {
            if (v.label.equals(label.toLowerCase(Locale.ROOT))) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + label + "'");
    }

    /** A fresh, empty wallet of this variant in {@code dir}. */
    public SyncTarget create(Path dir, byte[] password) {
        return switch (this) {
            case KDE4, KDE4_XINT -> kwl(KwlBackend.create(dir.resolve("benchmark.kwl"), KwlFormat.KDE4, password, false));
            case KF5 -> kwl(KwlBackend.create(dir.resolve("benchmark.kwl"), KwlFormat.KF5, password, false));
            case KF5_FDATASYNC -> kwl(KwlBackend.create(dir.resolve("benchmark.kwl"), KwlFormat.KF5, password, true));
            case AEAD -> aead(AeadWallet.create(dir.resolve("benchmark.aead"), password, false));
        };
    }

    /** One wallet under test: add entries, sync it, run its cipher alone on a same-sized buffer. */
    public interface SyncTarget {
        void add(List<Entry> entries);

        /** One whole sync; returns the file's size in bytes. */
        long sync();

        /** Bytes the cipher processes in one sync of the current contents. */
        int cipherBytes();

        /** The cipher alone on {@code in} (output into {@code out}, which may be {@code in}). */
        void cipherOnly(byte[] in, byte[] out);

        /** The size {@code out} must have for {@link #cipherOnly}. */
        int cipherOutBytes(int in);
    }

    private static SyncTarget kwl(KwlBackend b) {
        return new SyncTarget() {
            public void add(List<Entry> entries) {
                entries.forEach(e -> b.writeEntry(BenchmarkEntries.FOLDER, e));
            }

            public long sync() {
                return b.sync();
            }

            public int cipherBytes() {
                return b.encryptedBytes();
            }

            public void cipherOnly(byte[] in, byte[] out) {
                b.encryptOnly(in);
            }

            public int cipherOutBytes(int in) {
                return 0;
            }
        };
    }

    private static SyncTarget aead(AeadWallet w) {
        return new SyncTarget() {
            public void add(List<Entry> entries) {
                entries.forEach(e -> w.writeEntry(BenchmarkEntries.FOLDER, e));
            }

            public long sync() {
                return w.sync();
            }

            public int cipherBytes() {
                return w.encryptedBytes();
            }

            public void cipherOnly(byte[] in, byte[] out) {
                w.encryptOnly(in, out);
            }

            public int cipherOutBytes(int in) {
                return in + 16;
            }
        };
    }
}
