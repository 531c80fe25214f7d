package labbook.wallet.peer;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import labbook.wallet.format.Entry;
import labbook.wallet.format.EntryType;
import labbook.wallet.format.WalletContents;

/**
 * The harness's line protocol (see the header comment of {@code src/main/cpp/kwallet5_harness.cpp}): tokens are
 * {@code -} for null, else {@code =} and base64 of the bytes; names and keys travel as their UTF-16 code units,
 * big-endian, so every Java {@code String} (even one with a lone surrogate) and every QString round-trips exactly.
 */
final class HarnessText {
    private HarnessText() {}

    static String bytesToken(byte[] b) {
        return b == null ? "-" : "=" + Base64.getEncoder().encodeToString(b);
    }

    static String stringToken(String s) {
        if (s == null) {
            return "-";
        }
        byte[] units = new byte[s.length() * 2];
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            units[2 * i] = (byte) (c >>> 8);
            units[2 * i + 1] = (byte) c;
        }
        return bytesToken(units);
    }

    static byte[] tokenBytes(String token) {
        if (token.equals("-")) {
            return null;
        }
        if (!token.startsWith("=")) {
            throw new IllegalArgumentException("not a token: expected '-' or '=BASE64'");
        }
        return Base64.getDecoder().decode(token.substring(1));
    }

    /** A QString token; null (a null QString) reads as "", as the lab's own reader reads it. */
    static String tokenString(String token) {
        byte[] units = tokenBytes(token);
        if (units == null) {
            return "";
        }
        if (units.length % 2 != 0) {
            throw new IllegalArgumentException("UTF-16BE text with an odd number of bytes");
        }
        char[] chars = new char[units.length / 2];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) (((units[2 * i] & 0xFF) << 8) | (units[2 * i + 1] & 0xFF));
        }
        return new String(chars);
    }

    static String passwordLine(byte[] password) {
        return "password " + bytesToken(password) + "\n";
    }

    /** What {@code write} reads after the password line: every folder, its entries, then "end". */
    static String contentsLines(WalletContents contents) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, TreeMap<String, Entry>> f : contents.folders().entrySet()) {
            sb.append("folder ").append(stringToken(f.getKey())).append('\n');
            for (Entry e : f.getValue().values()) {
                sb.append("entry ")
                        .append(stringToken(e.key()))
                        .append(' ')
                        .append(e.type().code())
                        .append(' ')
                        .append(bytesToken(e.value()))
                        .append('\n');
            }
        }
        return sb.append("end\n").toString();
    }

    /** The full stdin of {@code write}. */
    static byte[] writeInput(byte[] password, WalletContents contents) {
        return (passwordLine(password) + contentsLines(contents)).getBytes(StandardCharsets.US_ASCII);
    }

    /** What {@code dump} printed: the header bytes and the contents, checked against its own counts. */
    record Dumped(String header, WalletContents contents) {}

    static Dumped parseDump(String text) {
        WalletContents contents = new WalletContents();
        String header = null;
        String folder = null;
        boolean ended = false;
        int folders = 0;
        int entries = 0;
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] t = line.trim().split(" ");
            switch (t[0]) {
                case "header" -> header = String.join(" ", java.util.Arrays.copyOfRange(t, 1, t.length));
                case "folder" -> {
                    folder = tokenString(t[1]);
                    contents.createFolder(folder);
                    folders++;
                }
                case "entry" -> {
                    if (folder == null || t.length != 4) {
                        throw new IllegalArgumentException("an entry line out of place");
                    }
                    int code = Integer.parseInt(t[2]);
                    EntryType type = EntryType.ofCode(code)
                            .orElseThrow(
                                    () -> new IllegalArgumentException("entry type " + code + " unknown to the lab"));
                    contents.writeEntry(folder, new Entry(tokenString(t[1]), type, tokenBytes(t[3])));
                    entries++;
                }
                case "end" -> {
                    if (Integer.parseInt(t[1]) != folders || Integer.parseInt(t[2]) != entries) {
                        throw new IllegalArgumentException(
                                "counts do not match: end " + t[1] + " " + t[2] + ", read " + folders + " " + entries);
                    }
                    ended = true;
                }
                default -> throw new IllegalArgumentException("unexpected line '" + t[0] + " ...'");
            }
        }
        if (!ended) {
            throw new IllegalArgumentException("no end line");
        }
        if (contents.entryCount() != entries) {
            throw new IllegalArgumentException("a key appears twice in one folder");
        }
        return new Dumped(header, contents);
    }
}
