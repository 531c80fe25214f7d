package labbook.filecrypt.experiments.directoryruns;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import labbook.filecrypt.CryptoPolicy;
import labbook.filecrypt.CryptoPolicy.Run;
import labbook.filecrypt.FileMime;
import labbook.filecrypt.corpus.Corpus;

/**
 * One folder the directory runs encrypt: its type (text, mp3, pdf, png), its files, each file's mime type as crypto
 * read it (asked once, before anything is timed), where each file came from and its SHA-256 (a binary corpus's from its
 * manifest, checked when the corpus was opened).
 */
record Directory(
        String type, Corpus corpus, Map<Path, String> mimes, Map<Path, String> origins, Map<Path, String> sha256s) {

    static Directory of(String type, Corpus corpus, Map<Path, String> origins, Map<Path, String> sha256s) {
        return new Directory(type, corpus, FileMime.of(corpus.files()), origins, sha256s);
    }

    List<Path> files() {
        return corpus.files();
    }

    /** The level {@code run} gives {@code file}: crypto's default decides by the recorded mime type and the size. */
    int level(Run run, Path file) {
        return CryptoPolicy.level(run, Corpus.size(file), FileMime.isText(mimes.get(file)));
    }
}
