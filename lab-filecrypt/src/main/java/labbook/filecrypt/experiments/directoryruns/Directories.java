package labbook.filecrypt.experiments.directoryruns;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.core.LabException;
import labbook.core.Mode;
import labbook.filecrypt.corpus.BinaryCorpus;
import labbook.filecrypt.corpus.BinaryType;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.corpus.FolderTypes;
import labbook.filecrypt.corpus.ManifestEntry;
import labbook.filecrypt.experiments.CorpusOptions;

/** The folders of a directory-runs run: the text corpus of the mode and the binary ones asked for. */
final class Directories {
    /** text, then every {@link BinaryType}: mp3, pdf, png ({@link FolderTypes#ALL}). */
    static final List<String> TYPES = FolderTypes.ALL;

    private Directories() {}

    /** Refuses an unknown type in {@code --types} (one line, exit 2) before any corpus is built. */
    static List<String> parse(String types) {
        List<String> out = new ArrayList<>();
        for (String t : types.split(",")) {
            String type = t.strip();
            if (!TYPES.contains(type)) {
                throw LabException.badValue("--types", types, "a comma-separated list of " + String.join(", ", TYPES));
            }
            if (!out.contains(type)) {
                out.add(type);
            }
        }
        return out;
    }

    /**
     * Every folder, in {@link #TYPES}' order; the binary ones' packages are checked first, so a missing one is refused
     * before the text corpus is unpacked or anything is built.
     */
    static List<Directory> forMode(Mode mode, List<String> types, CorpusOptions corpusOptions) {
        BinaryCorpus binary = BinaryCorpus.onThisMachine();
        for (String type : types) {
            if (!type.equals(FolderTypes.TEXT)) {
                BinaryType t = BinaryType.of(type);
                binary.requireInstalled(t, t.packages(mode));
            }
        }
        List<Directory> out = new ArrayList<>();
        for (String type : TYPES) {
            if (!types.contains(type)) {
                continue;
            }
            if (type.equals(FolderTypes.TEXT)) {
                Corpus text = corpusOptions.corpus(mode);
                Map<Path, String> origins = new LinkedHashMap<>();
                Map<Path, String> sha256s = new LinkedHashMap<>();
                for (Path f : text.files()) {
                    origins.put(f, "head of the text corpus " + text.name() + " (run.json: corpus)");
                    sha256s.put(f, Corpus.sha256(f));
                }
                out.add(Directory.of(type, text, origins, sha256s));
            } else {
                Corpus corpus = binary.materialize(BinaryType.of(type), mode);
                Map<Path, String> origins = new LinkedHashMap<>();
                Map<Path, String> sha256s =
                        new LinkedHashMap<>(); // checked against the files by materialize: not hashed again
                for (ManifestEntry e : BinaryCorpus.manifest(corpus).entries()) {
                    origins.put(corpus.dir().resolve(e.file()), e.packages() + "; " + e.from() + "; " + e.command());
                    sha256s.put(corpus.dir().resolve(e.file()), e.sha256());
                }
                Corpus kept = corpusOptions.maxFileBytes() != null ? corpus.upTo(corpusOptions.maxFileBytes()) : corpus;
                System.err.printf(
                        "corpus %s: %d files in %s (manifest SHA-256 %s)%n",
                        kept.name(), kept.files().size(), kept.dir(), kept.sha256());
                out.add(Directory.of(type, kept, origins, sha256s));
            }
        }
        return out;
    }
}
