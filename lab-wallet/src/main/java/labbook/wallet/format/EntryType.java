package labbook.wallet.format;

import java.util.Locale;
import java.util.Optional;

/** KWallet's entry types with their on-disk codes; any other code is dropped when a wallet is read. */
public enum EntryType {
    UNKNOWN(0),
    PASSWORD(1),
    STREAM(2),
    MAP(3),
    UNUSED(0xFFFF);

    private final int code;

    EntryType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static Optional<EntryType> ofCode(int code) {
        for (EntryType t : values()) {
            if (t.code == code) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** The name used in the JSON of {@code dump} and {@code import}: password, stream, map or unknown. */
    public String jsonName() {
        return this == UNUSED ? "unknown" : name().toLowerCase(Locale.ROOT);
    }
}
