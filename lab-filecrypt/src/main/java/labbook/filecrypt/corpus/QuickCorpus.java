package labbook.filecrypt.corpus;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import labbook.core.AtomicFiles;
import labbook.core.LabException;
import org.bouncycastle.apache.bzip2.CBZip2InputStream;

/**
 * The quick-mode corpus, the same bytes on every machine: the first 10,000,000 bytes of GCIDE (the GNU Collaborative
 * International Dictionary of English, Webster's 1913 based; GPL-2+; from Debian's {@code dict-gcide} 0.48.5+nmu2,
 * {@code gcide.dict.dz} inflated), embedded in this module as a 2.5 MB bzip2 resource, and its 5 MB, 2 MB, 1 MB and 10
 * kB heads. Checked by SHA-256 after unpacking; unpacked once into the temp folder and reused while it checks out. See
 * the module README for source and licence.
 */
public final class QuickCorpus {
    public static final String NAME = "gcide-10MB";
    static final String RESOURCE = "/corpus/gcide-head-10MB.txt.bz2";
    static final String SHA256 = "4f629781f4fe481769ae7a1ecc1dd128c8efbd6eec40417df0ed89075ecb1d68";
    static final long BYTES = 10_000_000;

    private QuickCorpus() {}

    public static Corpus materialize() {
        Path dir = Path.of(
                System.getProperty("java.io.tmpdir"), "labbook-filecrypt", NAME + "-" + SHA256.substring(0, 12));
        try {
            Files.createDirectories(dir);
            Path full = dir.resolve(Corpus.headName("gcide", BYTES));
            if (!Files.isRegularFile(full)
                    || Files.size(full) != BYTES
                    || !Corpus.sha256(full).equals(SHA256)) {
                unpack(full);
            }
            List<Path> files = new ArrayList<>();
            for (long size : Corpus.HEAD_SIZES) {
                files.add(size == BYTES ? full : Corpus.head(full, dir, "gcide", size));
            }
            return new Corpus(NAME, dir, List.copyOf(files), SHA256);
        } catch (IOException e) {
            throw new LabException("cannot unpack the quick corpus into " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void unpack(Path target) throws IOException {
        Path temp = target.resolveSibling("." + target.getFileName() + ".partial");
        try {
            try (InputStream resource = QuickCorpus.class.getResourceAsStream(RESOURCE)) {
                if (resource == null) {
                    throw new LabException("the quick corpus resource " + RESOURCE + " is missing from the class path");
                }
                try (InputStream in = new CBZip2InputStream(new BufferedInputStream(resource, 1 << 16));
                        OutputStream out = Files.newOutputStream(temp)) {
                    in.transferTo(out);
                }
            }
            String actual = Corpus.sha256(temp);
            if (!actual.equals(SHA256)) {
                throw new LabException(
                        "the quick corpus " + RESOURCE + " unpacks to SHA-256 " + actual + ", expected " + SHA256);
            }
            AtomicFiles.replace(temp, target);
        } finally {
            Files.deleteIfExists(temp); // gone once renamed
        }
    }
}
