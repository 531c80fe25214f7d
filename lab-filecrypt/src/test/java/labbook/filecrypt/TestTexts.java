package labbook.filecrypt;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import labbook.filecrypt.corpus.QuickCorpus;

/** Real text for tests: the head of the quick corpus (compressible as real text is). */
public final class TestTexts {
    private TestTexts() {}

    public static byte[] head(int bytes) throws IOException {
        Path largest = QuickCorpus.materialize().largest();
        try (InputStream in = Files.newInputStream(largest)) {
            return in.readNBytes(bytes);
        }
    }
}
