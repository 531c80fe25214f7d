package labbook.wallet.format;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntConsumer;

/**
 * D, the part of a wallet that is encrypted: a QDataStream of each folder's name and entry count, then each entry's
 * key, type code and value, in KWallet's (QMap's) order.
 */
public final class KwlPayload {
    private KwlPayload() {}

    /**
     * The length of D for these folders, in bytes, summed entry by entry; {@link WalletContents#payloadBytes} keeps the
     * same figure without the walk.
     */
    @SuppressWarnings("NonApiType") // each folder sorted by key: the order the format writes, which the type says
    public static long size(Map<String, TreeMap<String, Entry>> folders) {
        long size = 0;
        for (Map.Entry<String, TreeMap<String, Entry>> f : folders.entrySet()) {
            size += folderBytes(f.getKey());
            for (Entry e : f.getValue().values()) {
                size += e.recordBytes();
            }
        }
        return size;
    }

    /** A folder's own bytes in D: its name and its entry count. */
    static int folderBytes(String folder) {
        return QData.qstringSize(folder) + 4;
    }

    /** D alone: the QDataStream of folders and entries that a wallet encrypts. */
    public static byte[] of(WalletContents contents) {
        byte[] d = new byte[Math.toIntExact(contents.payloadBytes())];
        write(contents.folders(), new QData.Writer(d, 0), null, end -> {});
        return d;
    }

    /**
     * Writes D into {@code into} from {@code off} (it must have room for {@link WalletContents#payloadBytes}), telling
     * {@code ready} how far it is written every {@code pieceBytes} or so, at the end of an entry, and once more at its
     * end: a sync's producer ({@link PiecePipeline}).
     */
    public static void writeInPieces(WalletContents contents, byte[] into, int off, int pieceBytes, IntConsumer ready) {
        int[] told = {off};
        QData.Writer w = new QData.Writer(into, off);
        write(contents.folders(), w, null, end -> {
            if (end - told[0] >= pieceBytes) {
                told[0] = end;
                ready.accept(end);
            }
        });
        ready.accept(w.position());
    }

    /**
     * Writes D, the folders and their entries, through {@code w}; {@code afterEntry} is told where each entry ends, so
     * a sync can encrypt what is written while it writes the rest. With {@code hashSection} (else null), the same walk
     * writes the file's clear hash section: a big wallet's entries are then read from memory once per sync, not twice.
     */
    @SuppressWarnings("NonApiType") // each folder sorted by key: the order the format writes, which the type says
    static void write(
            Map<String, TreeMap<String, Entry>> folders,
            QData.Writer w,
            HashSection hashSection,
            IntConsumer afterEntry) {
        for (Map.Entry<String, TreeMap<String, Entry>> f : folders.entrySet()) {
            w.qstring(f.getKey());
            w.u32(f.getValue().size());
            if (hashSection != null) {
                hashSection.folder(f.getKey(), f.getValue().size());
            }
            for (Entry e : f.getValue().values()) {
                if (hashSection != null) {
                    hashSection.entry(e);
                }
                e.copyRecord(w.buf, w.pos);
                w.pos += e.recordBytes();
                afterEntry.accept(w.pos);
            }
        }
    }

    /** Reads D from {@code plain[from, to)}; entries of a type KWallet does not know are dropped, as KWallet does. */
    public static WalletContents read(byte[] plain, int from, int to) throws BadWalletException {
        WalletContents contents = new WalletContents();
        QData.Reader r = new QData.Reader(plain, from, to);
        while (!r.atEnd()) {
            String folder = nonNull(r.qstring());
            long n = r.u32();
            contents.createFolder(folder);
            for (long i = 0; i < n; i++) {
                String key = nonNull(r.qstring());
                int type = (int) r.u32();
                byte[] value = r.qbyteArray();
                // KWallet drops entries of a type it does not know
                EntryType.ofCode(type).ifPresent(t -> contents.writeEntry(folder, new Entry(key, t, value)));
            }
        }
        return contents;
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
