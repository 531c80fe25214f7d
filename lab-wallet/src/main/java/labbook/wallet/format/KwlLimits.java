package labbook.wallet.format;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** What a .kwl file can hold, checked before anything is written. */
public final class KwlLimits {
    private KwlLimits() {}

    /**
     * Why {@code contents} cannot be written as a .kwl file of at most {@code maxFileBytes} (too many folders for the
     * format, or too big a file), or empty when it can: checked before anything is written.
     */
    public static Optional<String> whyNotWritable(WalletContents contents, long maxFileBytes) {
        Map<String, TreeMap<String, Entry>> folders = contents.folders();
        if (folders.size() > KwlCodec.MAX_FOLDERS) {
            return Optional.of(String.format(
                    Locale.ROOT, "%,d folders; a .kwl file holds at most %d", folders.size(), KwlCodec.MAX_FOLDERS));
        }
        long hash = 4;
        for (TreeMap<String, Entry> f : folders.values()) {
            hash += 16 + 4 + 16L * f.size();
        }
        long payload = KwlPayload.size(folders);
        long size = KwlCodec.HEADER_BYTES + hash + payload + 32 + (8 - ((payload + 32) % 8));
        if (size > maxFileBytes) {
            return Optional.of(String.format(
                    Locale.ROOT,
                    "the wallet would be %,d bytes; the lab writes wallets of at most %,d",
                    size,
                    maxFileBytes));
        }
        return Optional.empty();
    }
}
