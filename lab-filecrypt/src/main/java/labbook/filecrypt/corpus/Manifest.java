package labbook.filecrypt.corpus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A binary corpus's {@code MANIFEST.tsv}: one line per file, in the corpus's order (see {@link ManifestEntry}). Written
 * last when a corpus is built, so a folder with a manifest is a whole corpus; checked file by file (size and SHA-256)
 * whenever the corpus is reused.
 */
public record Manifest(List<ManifestEntry> entries) {
    public static final String FILE_NAME = "MANIFEST.tsv";

    public Manifest {
        entries = List.copyOf(entries);
    }

    /** The manifest in {@code dir}, or empty when there is none or it cannot be read as one. */
    static Optional<Manifest> read(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals(ManifestEntry.HEADER)) {
                return Optional.empty();
            }
            List<ManifestEntry> entries = new ArrayList<>();
            for (String line : lines.subList(1, lines.size())) {
                entries.add(ManifestEntry.parse(line));
            }
            return Optional.of(new Manifest(entries));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty(); // a damaged manifest: the corpus is rebuilt
        }
    }

    void write(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(ManifestEntry.HEADER);
        entries.forEach(e -> lines.add(e.line()));
        Files.write(dir.resolve(FILE_NAME), lines, StandardCharsets.UTF_8);
    }

    /** Whether every file is in {@code dir} with the size and SHA-256 recorded. */
    boolean matches(Path dir) {
        for (ManifestEntry e : entries) {
            Path f = dir.resolve(e.file());
            try {
                if (!Files.isRegularFile(f)
                        || Files.size(f) != e.bytes()
                        || !Corpus.sha256(f).equals(e.sha256())) {
                    return false;
                }
            } catch (IOException ex) {
                return false;
            }
        }
        return !entries.isEmpty();
    }

    /** The SHA-256 of the manifest's lines: one checksum that names every file's bytes and origin. */
    String sha256() {
        StringBuilder all = new StringBuilder(ManifestEntry.HEADER).append('\n');
        entries.forEach(e -> all.append(e.line()).append('\n'));
        return Corpus.sha256(all.toString().getBytes(StandardCharsets.UTF_8));
    }

    List<Path> files(Path dir) {
        return entries.stream().map(e -> dir.resolve(e.file())).toList();
    }
}
