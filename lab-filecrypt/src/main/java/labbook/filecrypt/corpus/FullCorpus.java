package labbook.filecrypt.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import labbook.core.AtomicFiles;
import labbook.core.LabException;

/**
 * The full-mode corpus: 100,000,000 bytes of real English text and its 10 MB, 5 MB, 2 MB, 1 MB and 10 kB heads, as the
 * seed used.
 *
 * <p>With {@code --enwik8 FILE}, Matt Mahoney's enwik8 itself (checked by its SHA-1; this lab cannot download it).
 * Otherwise a corpus built from Debian packages: GCIDE's text ({@code dict-gcide},
 * {@code /usr/share/dictd/gcide.dict.dz} inflated, 39,952,321 bytes), then the Python 3.11 documentation's HTML pages
 * ({@code python3.11-doc}, {@code /usr/share/doc/python3.11/html/**}.html in path order, about 50.6 MB), then
 * PostgreSQL 15's HTML manual ({@code postgresql-doc-15}, {@code /usr/share/doc/postgresql-doc-15/html/*.html} in path
 * order) until 100,000,000 bytes. The bytes depend on those packages' versions: the printout and run.json name the
 * SHA-256 of what was built. Deflate looks back at most 32 KiB and bzip2 900 KiB, so joining distinct real texts keeps
 * their compressibility (repeating one text would not).
 */
public final class FullCorpus {
    public static final String ENWIK8_SHA1 = "57b8363b814821dc9d47aa4d41f58733519076b2";
    public static final long BYTES = 100_000_000;
    static final Path GCIDE = Path.of("/usr/share/dictd/gcide.dict.dz");
    static final Path PYTHON_DOC = Path.of("/usr/share/doc/python3.11/html");
    static final Path POSTGRESQL_DOC = Path.of("/usr/share/doc/postgresql-doc-15/html");

    private FullCorpus() {}

    public static Corpus materialize(Path enwik8) {
        return enwik8 != null ? fromEnwik8(enwik8) : fromDebian();
    }

    static Corpus fromEnwik8(Path enwik8) {
        if (!Files.isRegularFile(enwik8)) {
            throw new LabException("enwik8 not found: " + enwik8);
        }
        String sha1 = Corpus.digest(enwik8, "SHA-1");
        if (!sha1.equals(ENWIK8_SHA1)) {
            throw new LabException(enwik8 + " is not enwik8 (SHA-1 " + sha1 + ", expected " + ENWIK8_SHA1 + ")");
        }
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "labbook-filecrypt", "enwik8");
        return withHeads("enwik8", dir, enwik8, "enwik8", Corpus.sha256(enwik8));
    }

    /** What the 100 MB text is made from when enwik8 is not given: GCIDE, Python's and PostgreSQL's manuals. */
    public static final List<String> DEBIAN_PACKAGES = List.of("dict-gcide", "python3.11-doc", "postgresql-doc-15");

    static Corpus fromDebian() {
        if (!Files.isRegularFile(GCIDE) || !Files.isDirectory(PYTHON_DOC) || !Files.isDirectory(POSTGRESQL_DOC)) {
            throw new LabException("full mode needs enwik8 (--enwik8 FILE) or the Debian packages "
                    + String.join(", ", DEBIAN_PACKAGES) + " (apt-get install " + String.join(" ", DEBIAN_PACKAGES)
                    + ")");
        }
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "labbook-filecrypt", "debian-text-100MB");
        Path full = dir.resolve("debian-text-100MB.txt");
        try {
            Files.createDirectories(dir);
            if (!Files.isRegularFile(full) || Files.size(full) != BYTES) {
                Path temp = dir.resolve(".debian-text-100MB.txt.partial");
                try {
                    try (OutputStream out = Files.newOutputStream(temp)) {
                        long left = BYTES;
                        try (InputStream gcide = new GZIPInputStream(Files.newInputStream(GCIDE), 1 << 16)) {
                            left -= copy(gcide, out, left);
                        }
                        List<Path> pages = new ArrayList<>(pages(PYTHON_DOC));
                        pages.addAll(pages(POSTGRESQL_DOC));
                        for (Path page : pages) {
                            if (left == 0) {
                                break;
                            }
                            try (InputStream in = Files.newInputStream(page)) {
                                left -= copy(in, out, left);
                            }
                        }
                        if (left > 0) {
                            throw new LabException("GCIDE, the Python and the PostgreSQL docs hold " + (BYTES - left)
                                    + " bytes, fewer than " + BYTES);
                        }
                    }
                    AtomicFiles.replace(temp, full);
                } finally {
                    Files.deleteIfExists(temp); // gone once renamed; a failed build leaves no 100 MB behind
                }
            }
        } catch (IOException e) {
            throw new LabException("cannot build the full corpus in " + dir + ": " + e.getMessage(), e);
        }
        return withHeads("debian-text-100MB", dir, full, "debian-text", Corpus.sha256(full));
    }

    private static List<Path> pages(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.toString().endsWith(".html")).sorted().toList();
        }
    }

    private static long copy(InputStream in, OutputStream out, long max) throws IOException {
        byte[] buffer = new byte[1 << 16];
        long copied = 0;
        while (copied < max) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, max - copied));
            if (n < 0) {
                break;
            }
            out.write(buffer, 0, n);
            copied += n;
        }
        return copied;
    }

    private static Corpus withHeads(String name, Path dir, Path full, String prefix, String sha256) {
        try {
            Files.createDirectories(dir);
            List<Path> files = new ArrayList<>();
            Path link = dir.resolve(full.getFileName());
            if (!link.equals(full) && !Files.exists(link)) {
                Files.createSymbolicLink(link, full.toAbsolutePath());
            }
            files.add(link);
            for (long size : Corpus.HEAD_SIZES) {
                files.add(Corpus.head(full, dir, prefix, size));
            }
            return new Corpus(name, dir, List.copyOf(files), sha256);
        } catch (IOException e) {
            throw new LabException("cannot write the heads of " + full + " in " + dir + ": " + e.getMessage(), e);
        }
    }
}
