package labbook.filecrypt;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import labbook.filecrypt.corpus.QuickCorpus;

/** Real text for tests: the head of the quick corpus (compressible as real text is). */
public final class TestTexts {
    private TestTexts() {}

    /**
     * The first {@code bytes} of the quick corpus's largest file. Unchecked, so that a test class can hold its text as
     * a constant: a corpus that cannot be read fails the class at once.
     */
    public static byte[] head(int bytes) {
        try (InputStream in = Files.newInputStream(QuickCorpus.materialize().largest())) {
            return in.readNBytes(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
