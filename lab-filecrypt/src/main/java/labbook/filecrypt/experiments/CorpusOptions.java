package labbook.filecrypt.experiments;

import java.nio.file.Path;
import java.util.Arrays;
import labbook.core.Mode;
import labbook.core.OptionValues;
import labbook.filecrypt.corpus.Corpus;
import picocli.CommandLine.Option;

/** The corpus options level-sweep and directory-runs share (a picocli mixin). */
public final class CorpusOptions {
    @Option(names = "--enwik8", paramLabel = "FILE", description = "Full mode: enwik8 itself (checked by SHA-1).")
    Path enwik8;

    @Option(
            names = "--max-file-bytes",
            paramLabel = "N",
            hidden = true,
            description = "Only the corpus files of at most N bytes (smoke tests).")
    Long maxFileBytes;

    /** {@code --enwik8}: null when not given. */
    public Path enwik8() {
        return enwik8;
    }

    /** {@code --max-file-bytes}: null when not given. */
    public Long maxFileBytes() {
        return maxFileBytes;
    }

    /**
     * Refuses, before the corpus is unpacked or built, a {@code --max-file-bytes} that no corpus file fits under (one
     * line, exit 2).
     */
    public void checkValues() {
        OptionValues.atLeast(
                "--max-file-bytes",
                maxFileBytes,
                Arrays.stream(Corpus.HEAD_SIZES).min().orElseThrow(),
                0L);
    }

    /** The mode's corpus, cut to the files of at most {@code --max-file-bytes} when given. */
    public Corpus corpus(Mode mode) {
        Corpus corpus = Corpora.forMode(mode, enwik8);
        return maxFileBytes != null ? corpus.upTo(maxFileBytes) : corpus;
    }
}
