package labbook.filecrypt.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import labbook.core.AtomicFiles;
import labbook.core.LabException;

/**
 * A folder of files the experiments encrypt. The text corpora: a real English text and heads of it, as the seed used
 * enwik8 and its 10 MB, 5 MB, 2 MB, 1 MB and 10 kB heads; the binary ones ({@link BinaryCorpus}): MP3, PDF and PNG
 * files, as the seed's other three directories. {@code name} goes into every CSV row; {@code sha256} is the checksum of
 * the text's largest file, or of a binary corpus's manifest (which holds every file's), so a result says which bytes it
 * used.
 */
public record Corpus(String name, Path dir, List<Path> files, String sha256) {

    /** The head sizes the seed used, in bytes (decimal, as enwik8's 100,000,000). */
    @SuppressWarnings("MutablePublicArray") // the lab's own table, which no caller writes
    public static final long[] HEAD_SIZES = {10_000_000, 5_000_000, 2_000_000, 1_000_000, 10_000};

    /** Only the files of at most {@code maxBytes} (for smoke tests); the name and checksum stay the corpus's. */
    public Corpus upTo(long maxBytes) {
        List<Path> kept = files.stream().filter(p -> size(p) <= maxBytes).toList();
        if (kept.isEmpty()) {
            throw new LabException("no file of corpus " + name + " is at most " + maxBytes + " bytes");
        }
        return new Corpus(name, dir, kept, sha256);
    }

    /** The largest file (the one the performance goal is read on). */
    public Path largest() {
        return files.stream().max((a, b) -> Long.compare(size(a), size(b))).orElseThrow();
    }

    public static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new LabException("cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    /** "head-10MB.txt", "head-10kB.txt": the seed's names for its heads. */
    static String headName(String prefix, long bytes) {
        String size = bytes >= 1_000_000 ? bytes / 1_000_000 + "MB" : bytes / 1_000 + "kB";
        return prefix + "-head-" + size + ".txt";
    }

    /**
     * The head of {@code bytes} bytes of {@code source} in {@code dir}, named as the seed named it; written (whole or
     * not at all) only when missing or of the wrong size.
     */
    static Path head(Path source, Path dir, String prefix, long bytes) throws IOException {
        Path head = dir.resolve(headName(prefix, bytes));
        if (!Files.isRegularFile(head) || Files.size(head) != bytes) {
            Path temp = dir.resolve("." + head.getFileName() + ".partial");
            try {
                writeHead(source, temp, bytes);
                AtomicFiles.replace(temp, head);
            } finally {
                Files.deleteIfExists(temp);
            }
        }
        return head;
    }

    private static void writeHead(Path source, Path target, long bytes) throws IOException {
        try (InputStream in = Files.newInputStream(source);
                OutputStream out = Files.newOutputStream(target)) {
            byte[] buffer = new byte[1 << 16];
            long left = bytes;
            while (left > 0) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    throw new LabException(source + " is shorter than " + bytes + " bytes");
                }
                out.write(buffer, 0, n);
                left -= n;
            }
        }
    }

    static String digest(Path file, String algorithm) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance(algorithm))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of()
                    .formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw new LabException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String sha256(Path file) {
        return digest(file, "SHA-256");
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
