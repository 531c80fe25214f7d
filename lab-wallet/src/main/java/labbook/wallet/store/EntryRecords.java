package labbook.wallet.store;

import labbook.wallet.format.BadWalletException;
import labbook.wallet.format.Entry;
import labbook.wallet.format.EntryType;
import labbook.wallet.format.QData;

/** One entry with its folder, serialised the QDataStream way, for the journal and file-per-entry stores. */
final class EntryRecords {
    record FolderEntry(String folder, Entry entry) {}

    private EntryRecords() {}

    static byte[] encode(String folder, Entry e) {
        byte[] b =
                new byte[QData.qstringSize(folder) + QData.qstringSize(e.key()) + 4 + QData.qbyteArraySize(e.value())];
        QData.Writer w = new QData.Writer(b, 0);
        w.qstring(folder);
        w.qstring(e.key());
        w.u32(e.type().code());
        w.qbyteArray(e.value());
        return b;
    }

    static FolderEntry decode(byte[] b) throws BadWalletException {
        QData.Reader r = new QData.Reader(b, 0, b.length);
        String folder = r.qstring();
        String key = r.qstring();
        int code = (int) r.u32();
        byte[] value = r.qbyteArray();
        r.expectEnd();
        EntryType type = EntryType.ofCode(code).orElseThrow(() -> new BadWalletException("unknown entry type " + code));
        return new FolderEntry(folder == null ? "" : folder, new Entry(key == null ? "" : key, type, value));
    }
}
