package labbook.vfs.tree;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import labbook.core.AtomicFiles;
import labbook.core.LabException;

/**
 * The paths of the real linux 6.1 tree, shipped with the lab so that the workload tree can be built offline: every
 * regular file (with its size) and every symbolic link (with its target), as git's index would list them. Path lookup
 * depends on the paths, not on the bytes, so the tree built from it has the kernel's shape (78,635 index entries, the
 * same folders and depths) with small generated contents.
 *
 * <p>Format (gzip-compressed UTF-8 text, generated once by the {@code manifest} subcommand from Debian's
 * linux-source-6.1 tarball): comment lines start with '#'; then one entry per line, {@code f<TAB>size_bytes<TAB>path}
 * or {@code l<TAB>target<TAB>path}, paths relative to the tree's top folder, in the tarball's order.
 */
public record KernelManifest(List<String> header, List<Entry> entries) {

    /** The manifest on the class path. */
    public static final String RESOURCE = "/labbook/vfs/linux-6.1.manifest.gz";
    /** Index entries of linux 6.1 (Debian linux-source-6.1): 78,579 files and 56 symbolic links. */
    public static final int KERNEL_ENTRIES = 78_635;
    /**
     * Quick mode's tree keeps every {@code QUICK_EVERY}-th entry in the manifest's order: a quarter of the files of
     * every folder, 19,659 entries in 4,490 of the 5,095 folders, all 24 top-level folders and the same mean path depth
     * (4.65 components), so the walks have the kernel's shape at a quarter of the cost.
     */
    public static final int QUICK_EVERY = 4;

    public enum Kind {
        FILE,
        SYMLINK
    }

    /** One index entry: a regular file of {@code sizeBytes}, or a symbolic link to {@code target}. */
    public record Entry(Kind kind, String path, long sizeBytes, String target) {
        public static Entry file(String path, long size) {
            return new Entry(Kind.FILE, path, size, null);
        }

        public static Entry symlink(String path, String target) {
            return new Entry(Kind.SYMLINK, path, 0, target);
        }
    }

    public int size() {
        return entries.size();
    }

    public List<String> paths() {
        List<String> paths = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            paths.add(e.path());
        }
        return paths;
    }

    /** Every {@code n}-th entry, starting with the first, with a header line saying so. */
    public KernelManifest everyNth(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, not " + n);
        }
        List<Entry> kept = new ArrayList<>(entries.size() / n + 1);
        for (int i = 0; i < entries.size(); i += n) {
            kept.add(entries.get(i));
        }
        List<String> h = new ArrayList<>(header);
        h.add("one entry in " + n + " of the above, in its order");
        return new KernelManifest(List.copyOf(h), List.copyOf(kept));
    }

    /** The shipped linux 6.1 manifest. */
    public static KernelManifest linux61() {
        InputStream in = KernelManifest.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new LabException(
                    "the kernel manifest " + RESOURCE + " is missing from the class path (rebuild lab-vfs)");
        }
        try (in) {
            return read(in, RESOURCE);
        } catch (IOException e) {
            throw new LabException("cannot read the kernel manifest " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    public static KernelManifest read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        } catch (IOException e) {
            throw new LabException("cannot read the manifest " + file + ": " + e.getMessage(), e);
        }
    }

    static KernelManifest read(InputStream gz, String name) throws IOException {
        List<String> header = new ArrayList<>();
        List<Entry> entries = new ArrayList<>(80_000);
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(new GZIPInputStream(gz, 1 << 16), StandardCharsets.UTF_8))) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.startsWith("#")) {
                    header.add(line.substring(1).trim());
                    continue;
                }
                String[] f = line.split("\t", 3);
                if (f.length != 3 || f[2].isEmpty()) {
                    throw new LabException(name + " line " + n + ": expected kind<TAB>size|target<TAB>path");
                }
                switch (f[0]) {
                    case "f" -> {
                        try {
                            entries.add(Entry.file(f[2], Long.parseLong(f[1])));
                        } catch (NumberFormatException e) {
                            throw new LabException(name + " line " + n + ": bad size '" + f[1] + "'");
                        }
                    }
                    case "l" -> entries.add(Entry.symlink(f[2], f[1]));
                    default -> throw new LabException(name + " line " + n + ": unknown kind '" + f[0] + "'");
                }
            }
        }
        return new KernelManifest(List.copyOf(header), List.copyOf(entries));
    }

    /** Writes the manifest (atomically: a temporary file renamed over the target). */
    public void write(Path file) {
        Path temp = file.resolveSibling("." + file.getFileName() + ".partial");
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(
                    new GZIPOutputStream(Files.newOutputStream(temp), 1 << 16), StandardCharsets.UTF_8))) {
                for (String h : header) {
                    w.write("# " + h + "\n");
                }
                for (Entry e : entries) {
                    w.write(
                            e.kind() == Kind.FILE
                                    ? "f\t" + e.sizeBytes() + "\t" + e.path() + "\n"
                                    : "l\t" + e.target() + "\t" + e.path() + "\n");
                }
            }
            AtomicFiles.replace(temp, file);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // nothing more to clean
            }
            throw LabException.cannot("write the manifest", file, e);
        }
    }
}
