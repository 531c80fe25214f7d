package labbook.filecrypt.experiments;

import java.nio.file.Path;
import labbook.core.Mode;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.corpus.FullCorpus;
import labbook.filecrypt.corpus.QuickCorpus;

/** The corpus a mode uses: the embedded GCIDE heads (quick), enwik8 or the Debian-built 100 MB (full). */
public final class Corpora {
    private Corpora() {}

    /** The bytes of the mode's text corpus: the 100 MB file (full) or the 10 MB head (quick), and its smaller heads. */
    public static long textBytes(Mode mode) {
        long heads = 0;
        for (long h : Corpus.HEAD_SIZES) {
            heads += h;
        }
        return (mode == Mode.FULL ? FullCorpus.BYTES : 0) + heads;
    }

    /** The bytes of the mode's largest text file. */
    public static long largestTextBytes(Mode mode) {
        return mode == Mode.FULL ? FullCorpus.BYTES : Corpus.HEAD_SIZES[0];
    }

    public static Corpus forMode(Mode mode, Path enwik8) {
        Corpus corpus = mode == Mode.FULL ? FullCorpus.materialize(enwik8) : QuickCorpus.materialize();
        System.err.printf(
                "corpus %s: %d files in %s (largest SHA-256 %s)%n",
                corpus.name(), corpus.files().size(), corpus.dir(), corpus.sha256());
        return corpus;
    }
}
