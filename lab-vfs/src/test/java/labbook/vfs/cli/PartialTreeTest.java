package labbook.vfs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.vfs.CliRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tree --dir X} builds in a hidden {@code .X.<pid>.<n>.partial}, and removes only those of processes gone. */
class PartialTreeTest {
    @TempDir
    static Path shared;

    static Path source;

    @BeforeAll
    static void sourceFolder() throws IOException {
        source = shared.resolve("src");
        Files.createDirectories(source.resolve("fs"));
        Files.writeString(source.resolve("fs/namei.c"), "int y;\n");
    }

    @Test
    void aFolderThatOnlyLooksLikeAPartialTreeIsLeftAlone(@TempDir Path dir) throws IOException {
        Path foreign = Files.createDirectory(dir.resolve("t.partial"));
        Files.writeString(foreign.resolve("mine.txt"), "keep me");
        Path notAPid = Files.createDirectory(dir.resolve(".t.mine.partial"));
        CliRunner r = CliRunner.tree(source, dir.resolve("t"));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(foreign.resolve("mine.txt")).hasContent("keep me");
        assertThat(notAPid).exists();
    }

    @Test
    void aPartialTreeThatALiveProcessBuildsIsLeftAlone(@TempDir Path dir) throws IOException {
        long live = ProcessHandle.current().pid();
        Path partial = Files.createDirectory(dir.resolve(".t." + live + ".999.partial"));
        CliRunner r = CliRunner.tree(source, dir.resolve("t"));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(partial).exists();
    }

    @Test
    void aPartialTreeLeftByAnInterruptedBuildIsRemoved(@TempDir Path dir) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path partial = Files.createDirectory(dir.resolve(".t." + gone.pid() + ".1.partial"));
        Files.writeString(partial.resolve("half-written.c"), "");
        CliRunner r = CliRunner.tree(source, dir.resolve("t"));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("removed " + partial + ", left by an interrupted build");
        assertThat(r.out()).contains("1 index entries, clean");
        assertThat(partial).doesNotExist();
        assertThat(dir.resolve("t/half-written.c")).doesNotExist();
    }

    @Test
    void aFailedBuildRemovesOnlyItsOwnPartialFolder(@TempDir Path dir) throws Exception {
        // a repository with no commit: fetching its HEAD fails
        Path empty = Files.createDirectory(dir.resolve("empty"));
        assertThat(new ProcessBuilder("git", "init", "-q", empty.toString())
                        .start()
                        .waitFor())
                .isZero();
        CliRunner r = CliRunner.tree(empty, dir.resolve("t"));
        assertThat(r.exit()).isEqualTo(1);
        List<String> lines = r.err().strip().lines().toList();
        assertThat(lines.get(lines.size() - 1)).startsWith("lab-vfs: git failed");
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("empty");
        }
    }
}
