package labbook.vfs.tree;

import java.util.ArrayList;
import java.util.List;
import labbook.core.LabException;

/**
 * Reads GNU tar's verbose listing ({@code tar -tv --quoting-style=escape}) into manifest entries: regular files with
 * their sizes and symbolic links with their targets; folders are implied by the paths (git does not track them either).
 * The first path component (the tarball's top folder, {@code linux-source-6.1/}) is dropped.
 */
public final class TarListing {
    private TarListing() {}

    public static List<KernelManifest.Entry> parse(String listing) {
        List<KernelManifest.Entry> entries = new ArrayList<>(80_000);
        int n = 0;
        for (String line : listing.split("\n")) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            // mode owner/group size date time name[ -> target]
            String[] f = line.trim().split("\\s+", 6);
            if (f.length < 6) {
                throw new LabException("tar listing line " + n + ": cannot read '" + line + "'");
            }
            char type = f[0].charAt(0);
            String name = f[5];
            switch (type) {
                case '-' -> entries.add(KernelManifest.Entry.file(strip(unescape(name)), Long.parseLong(f[2])));
                case 'l' -> {
                    int arrow = name.indexOf(" -> ");
                    if (arrow < 0) {
                        throw new LabException("tar listing line " + n + ": symbolic link without a target");
                    }
                    entries.add(KernelManifest.Entry.symlink(
                            strip(unescape(name.substring(0, arrow))), unescape(name.substring(arrow + 4))));
                }
                case 'd' -> {
                    /* implied by the paths below it */
                }
                default -> throw new LabException("tar listing line " + n + ": unexpected entry type '" + type + "'");
            }
        }
        return entries;
    }

    private static String strip(String path) {
        int slash = path.indexOf('/');
        if (slash < 0 || slash == path.length() - 1) {
            throw new LabException("tar listing: '" + path + "' is not under a top folder");
        }
        return path.substring(slash + 1);
    }

    /** Undoes tar's escape quoting: backslash escapes and three-digit octal bytes. */
    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int i = 0; i < b.length; i++) {
            if (b[i] != '\\' || i + 1 >= b.length) {
                out.write(b[i]);
                continue;
            }
            char c = (char) b[++i];
            if (c >= '0' && c <= '7' && i + 2 < b.length) {
                out.write(Integer.parseInt(new String(b, i, 3, java.nio.charset.StandardCharsets.US_ASCII), 8));
                i += 2;
            } else {
                out.write(
                        switch (c) {
                            case 'n' -> '\n';
                            case 't' -> '\t';
                            case 'r' -> '\r';
                            case 'a' -> 7;
                            case 'b' -> '\b';
                            case 'f' -> '\f';
                            case 'v' -> 11;
                            default -> c;
                        });
            }
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }
}
