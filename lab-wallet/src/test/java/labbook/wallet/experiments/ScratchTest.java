package labbook.wallet.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An experiment's scratch folder: removed when closed, and a killed run's left for the next run to remove. */
class ScratchTest {
    @TempDir
    Path studyDir;

    @Test
    void aFolderLeftByAKilledRunIsRemovedAtTheNextStartAndALiveOnesIsKept() throws Exception {
        // 999999999 is above Linux's largest pid, so no process has it
        Path killed = Files.createDirectories(studyDir.resolve(".sync-sweep.999999999.123.scratch/warmup"));
        Path live = Files.createDirectories(
                studyDir.resolve(".sync-sweep." + ProcessHandle.current().pid() + ".456.scratch"));
        Path other = Files.createDirectories(studyDir.resolve(".crash-test.999999999.789.scratch"));
        try (Scratch s = new Scratch(studyDir, "sync-sweep")) {
            assertThat(killed.getParent()).doesNotExist();
            assertThat(live).exists();
            assertThat(other)
                    .as("another experiment's folders are its own business")
                    .exists();
            assertThat(s.dir().getFileName().toString())
                    .startsWith(".sync-sweep." + ProcessHandle.current().pid() + ".")
                    .endsWith(".scratch");
            Files.writeString(s.resolve("w.kwl"), "x");
        }
        try (var left = Files.list(studyDir)) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(
                            live.getFileName().toString(), other.getFileName().toString());
        }
    }
}
