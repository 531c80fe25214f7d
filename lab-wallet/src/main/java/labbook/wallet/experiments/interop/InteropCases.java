package labbook.wallet.experiments.interop;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import labbook.wallet.format.Entry;
import labbook.wallet.format.EntryType;
import labbook.wallet.format.WalletContents;

/**
 * The wallets the interop checks write both ways: fixed edge cases and random wallets of a given size (reproducible
 * from the seed).
 */
public final class InteropCases {
    private static final String[] WORDS = {
        "login", "Passwörter", "Формы", "密码", "💾 backup", "a b", "x;2Fy", "%", "~", "", "null\u0000byte"
    };

    private InteropCases() {}

    public static WalletContents empty() {
        return new WalletContents();
    }

    public static WalletContents emptyFolder() {
        WalletContents c = new WalletContents();
        c.createFolder("Passwords");
        return c;
    }

    public static WalletContents oneEntry() {
        WalletContents c = new WalletContents();
        c.writeEntry("Passwords", Entry.password("https://example.org", "hunter2"));
        return c;
    }

    /** Several folders, non-ASCII keys and folder names, and every value shape KWallet stores. */
    public static WalletContents mixed() {
        WalletContents c = new WalletContents();
        c.createFolder("Empty folder");
        c.writeEntry("Passwords", Entry.password("plain", "qwerty"));
        c.writeEntry("Passwords", Entry.password("empty password", ""));
        c.writeEntry("Passwords", Entry.password("non-ASCII ключ 鍵 🔑", "пароль 密码 🔒"));
        c.writeEntry("Passwords", new Entry("null password", EntryType.PASSWORD, null));
        c.writeEntry(
                "Formulardaten äöü",
                Entry.map("kde.org", new LinkedHashMap<>(Map.of("user", "jörg", "pass", "s3cr3t", "", "empty key"))));
        c.writeEntry("Formulardaten äöü", Entry.map("empty map", Map.of()));
        c.writeEntry("Formulardaten äöü", new Entry("null map", EntryType.MAP, null));
        byte[] all = new byte[256];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) i;
        }
        c.writeEntry("Binär 二进制", Entry.stream("every byte", all));
        c.writeEntry("Binär 二进制", Entry.stream("empty stream", new byte[0]));
        c.writeEntry("Binär 二进制", new Entry("null stream", EntryType.STREAM, null));
        c.writeEntry(
                "Binär 二进制",
                new Entry("raw bytes as a password", EntryType.PASSWORD, new byte[] {(byte) 0xFF, 0, 1, 2, 3}));
        c.writeEntry("", Entry.password("key in the folder with an empty name", "x"));
        c.writeEntry("Passwords", Entry.password("", "the empty key"));
        return c;
    }

    /** Random folders (1-5), keys, types and values; {@code n} entries in all. */
    public static WalletContents random(long seed, int n) {
        Random r = new Random(seed);
        WalletContents c = new WalletContents();
        int folders = 1 + r.nextInt(5);
        String[] names = new String[folders];
        for (int f = 0; f < folders; f++) {
            names[f] = text(r, 1 + r.nextInt(12)) + "#" + f;
            c.createFolder(names[f]);
        }
        while (c.entryCount() < n) {
            String folder = names[r.nextInt(folders)];
            String key = text(r, 1 + r.nextInt(30));
            switch (r.nextInt(4)) {
                case 0, 1 -> c.writeEntry(folder, Entry.password(key, text(r, r.nextInt(40))));
                case 2 -> {
                    byte[] v = r.nextInt(20) == 0 ? null : new byte[r.nextInt(200)];
                    if (v != null) {
                        r.nextBytes(v);
                    }
                    c.writeEntry(folder, Entry.stream(key, v));
                }
                default -> {
                    Map<String, String> m = new LinkedHashMap<>();
                    for (int i = r.nextInt(4); i > 0; i--) {
                        m.put(text(r, 1 + r.nextInt(10)), text(r, r.nextInt(20)));
                    }
                    c.writeEntry(folder, Entry.map(key, m));
                }
            }
        }
        return c;
    }

    /** Random text from ASCII, accented Latin, Cyrillic, CJK and (as surrogate pairs) emoji. */
    public static String text(Random r, int length) {
        StringBuilder sb = new StringBuilder();
        while (sb.length() < length) {
            switch (r.nextInt(6)) {
                case 0 -> sb.append(WORDS[r.nextInt(WORDS.length)]);
                case 1 -> sb.append((char) (0xC0 + r.nextInt(0x40)));
                case 2 -> sb.append((char) (0x410 + r.nextInt(0x40)));
                case 3 -> sb.append((char) (0x4E00 + r.nextInt(0x5000)));
                case 4 -> sb.appendCodePoint(0x1F600 + r.nextInt(0x40));
                default -> sb.append((char) (0x20 + r.nextInt(0x5F)));
            }
        }
        return sb.toString();
    }
}
