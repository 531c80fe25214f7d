package labbook.wallet.format;

/**
 * The clear hash section of a {@code .kwl} file, written as a walk over the entries reaches them: the folder count,
 * then per folder MD5(name) and its entry count, then MD5(key) of each entry. A sync's walk writes it beside the
 * payload ({@link KwlPayload#write}); opening a wallet writes it alone, to compare with the file's
 * ({@link KwlCodec#writeHashSection}). Each key's MD5 was computed once, when its entry was made (see {@link Entry}).
 */
final class HashSection {
    private final QData.Writer w;

    HashSection(byte[] out, int off, int folders) {
        w = new QData.Writer(out, off);
        w.u32(folders);
    }

    void folder(String name, int entries) {
        Entry.md5(name, w.buf, w.pos);
        w.pos += 16;
        w.u32(entries);
    }

    void entry(Entry e) {
        e.copyKeyMd5(w.buf, w.pos);
        w.pos += 16;
    }
}
