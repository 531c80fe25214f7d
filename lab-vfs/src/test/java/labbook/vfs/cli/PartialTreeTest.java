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

/** {@code tree --dir X} builds in {@code X.partial}, and only ever deletes a {@code .partial} it made. */
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
    void aForeignPartialFolderIsLeftAloneAndRefused(@TempDir Path dir) throws IOException {
        Path partial = Files.createDirectory(dir.resolve("t.partial"));
        Files.writeString(partial.resolve("mine.txt"), "keep me");
        CliRunner r = CliRunner.run(
                "tree", "--source", source.toString(), "--dir", dir.resolve("t").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip()).doesNotContain("\n").contains(partial + " exists and was not made by lab-vfs");
        assertThat(partial.resolve("mine.txt")).hasContent("keep me");
        assertThat(dir.resolve("t")).doesNotExist();
    }

    @Test
    void aPartialFolderThatALiveBuildOwnsIsRefused(@TempDir Path dir) throws IOException {
        Path partial = Files.createDirectory(dir.resolve("t.partial"));
        long live = ProcessHandle.current().pid();
        Files.writeString(partial.resolve(".labbook-vfs-partial"), "lab-vfs " + live + "\n");
        CliRunner r = CliRunner.run(
                "tree", "--source", source.toString(), "--dir", dir.resolve("t").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip()).doesNotContain("\n").contains("is being built by process " + live);
        assertThat(partial.resolve(".labbook-vfs-partial")).exists();
    }

    @Test
    void aPartialFolderLeftByAnInterruptedBuildIsReplaced(@TempDir Path dir) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path partial = Files.createDirectory(dir.resolve("t.partial"));
        Files.writeString(partial.resolve(".labbook-vfs-partial"), "lab-vfs " + gone.pid() + "\n");
        Files.writeString(partial.resolve("half-written.c"), "");
        CliRunner r = CliRunner.run(
                "tree", "--source", source.toString(), "--dir", dir.resolve("t").toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("left by an interrupted build (process " + gone.pid() + ")");
        assertThat(r.out()).contains("1 index entries, clean");
        assertThat(partial).doesNotExist();
        assertThat(dir.resolve("t/half-written.c")).doesNotExist();
        assertThat(dir.resolve("t/.labbook-vfs-partial")).doesNotExist();
    }

    @Test
    void aFailedBuildRemovesOnlyItsOwnPartialFolder(@TempDir Path dir) throws Exception {
        // a repository with no commit: fetching its HEAD fails
        Path empty = Files.createDirectory(dir.resolve("empty"));
        assertThat(new ProcessBuilder("git", "init", "-q", empty.toString())
                        .start()
                        .waitFor())
                .isZero();
        CliRunner r = CliRunner.run(
                "tree", "--source", empty.toString(), "--dir", dir.resolve("t").toString());
        assertThat(r.exit()).isEqualTo(1);
        List<String> lines = r.err().strip().lines().toList();
        assertThat(lines.get(lines.size() - 1)).startsWith("lab-vfs: git failed");
        assertThat(dir.resolve("t.partial")).doesNotExist();
        assertThat(dir.resolve("t")).doesNotExist();
    }
}
