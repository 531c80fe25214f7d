package labbook.filecrypt.corpus;

/**
 * One file of a built corpus as its manifest records it: name, size, SHA-256, the packages and versions it came from or
 * was made with ({@code name=version}, space-separated), what it was made from, the command that made it, and its
 * licence.
 */
public record ManifestEntry(
        String file, long bytes, String sha256, String packages, String from, String command, String licence) {

    static final String HEADER = "file\tbytes\tsha256\tpackages\tfrom\tcommand\tlicence";

    String line() {
        return String.join("\t", file, Long.toString(bytes), sha256, packages, from, command, licence);
    }

    static ManifestEntry parse(String line) {
        String[] f = line.split("\t", -1);
        if (f.length != 7) {
            throw new IllegalArgumentException("a manifest line has 7 tab-separated fields, not " + f.length);
        }
        return new ManifestEntry(f[0], Long.parseLong(f[1]), f[2], f[3], f[4], f[5], f[6]);
    }

    /** Tabs and line breaks would break the manifest's lines; the texts never need them. */
    static String clean(String text) {
        return text.replaceAll("[\t\r\n]+", " ");
    }
}
