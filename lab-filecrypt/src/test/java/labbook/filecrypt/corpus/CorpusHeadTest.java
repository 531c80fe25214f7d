package labbook.filecrypt.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import labbook.core.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Heads are the source's first bytes under the seed's names, written whole or not at all, reused when right. */
class CorpusHeadTest {
    @TempDir
    Path dir;

    @Test
    void writesTheFirstBytesUnderTheSeedsNameAndRewritesAWrongSizedOne() throws Exception {
        byte[] text = new byte[150_000];
        new Random(3).nextBytes(text);
        Path source = dir.resolve("source.txt");
        Files.write(source, text);

        Path head = Corpus.head(source, dir, "x", 10_000);
        assertThat(head.getFileName().toString()).isEqualTo("x-head-10kB.txt");
        assertThat(Files.readAllBytes(head)).isEqualTo(Arrays.copyOf(text, 10_000));

        Files.write(head, new byte[] {1, 2, 3});
        assertThat(Files.readAllBytes(Corpus.head(source, dir, "x", 10_000))).isEqualTo(Arrays.copyOf(text, 10_000));
        try (var listing = Files.list(dir)) {
            assertThat(listing.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
        }
    }

    @Test
    void aSourceTooShortIsOneLineAndLeavesNoHead() throws Exception {
        Path source = dir.resolve("short.txt");
        Files.write(source, new byte[500]);
        assertThatThrownBy(() -> Corpus.head(source, dir, "s", 1_000_000))
                .isInstanceOf(LabException.class)
                .hasMessageContaining(source.toString());
        assertThat(dir.resolve("s-head-1MB.txt")).doesNotExist();
        assertThat(dir.resolve(".s-head-1MB.txt.partial")).doesNotExist();
    }
}
