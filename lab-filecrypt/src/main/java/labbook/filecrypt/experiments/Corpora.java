package labbook.filecrypt.experiments;

import java.nio.file.Path;
import labbook.core.Mode;
import labbook.filecrypt.corpus.Corpus;
import labbook.filecrypt.corpus.FullCorpus;
import labbook.filecrypt.corpus.QuickCorpus;

/** The corpus a mode uses: the embedded GCIDE heads (quick), enwik8 or the Debian-built 100 MB (full). */
public final class Corpora {
    private Corpora() {}

    public static Corpus forMode(Mode mode, Path enwik8) {
        Corpus corpus = mode == Mode.FULL ? FullCorpus.materialize(enwik8) : QuickCorpus.materialize();
        System.err.printf(
                "corpus %s: %d files in %s (largest SHA-256 %s)%n",
                corpus.name(), corpus.files().size(), corpus.dir(), corpus.sha256());
        return corpus;
    }
}
