package labbook.vfs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import labbook.vfs.CliRunner;
import labbook.vfs.peer.Git;
import labbook.vfs.tree.KernelTree;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tree command and the one-line errors: no tree, no git, a dirty tree, a folder without write permission. */
class TreeAndErrorsTest {
    @TempDir
    static Path shared;

    static Path source;
    static Path tree;

    @BeforeAll
    static void smallTree() throws IOException {
        source = shared.resolve("src");
        Files.createDirectories(source.resolve("drivers/net"));
        Files.createDirectories(source.resolve("fs"));
        Files.writeString(source.resolve("Makefile"), "all:\n");
        Files.writeString(source.resolve("drivers/net/loopback.c"), "int x;\n");
        Files.writeString(source.resolve("fs/namei.c"), "int y;\n");
        Files.createSymbolicLink(source.resolve("fs/link.c"), Path.of("namei.c"));
        tree = shared.resolve("tree");
        CliRunner r = CliRunner.tree(source, tree);
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("4 index entries, clean");
    }

    @Test
    void reRunningReusesTheTree() {
        CliRunner r = CliRunner.tree(source, tree);
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("reusing the tree at " + tree);
        assertThat(KernelTree.open(tree, Git.system()).entries())
                .containsExactlyInAnyOrder("Makefile", "drivers/net/loopback.c", "fs/namei.c", "fs/link.c");
    }

    @Test
    void aTreeFromAnotherSourceIsNotReused() {
        CliRunner r = CliRunner.run("tree", "--dir", tree.toString());
        assertThat(r.exit()).isNotZero();
        assertThat(r.err().strip()).doesNotContain("\n").contains("holds a tree built from path " + source);
    }

    @Test
    void aRepositoryCanBeTheSource(@TempDir Path dir) {
        CliRunner r = CliRunner.tree(tree, dir.resolve("clone"));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("4 index entries, clean");
    }

    @Test
    void noTreeIsOneLineAndNonZero(@TempDir Path dir) {
        CliRunner r = CliRunner.onTree("git-diff", dir.resolve("missing"), dir);
        assertThat(r.exit()).isNotZero();
        assertThat(r.err().strip()).doesNotContain("\n").contains("no tree at " + dir.resolve("missing"));
    }

    @Test
    void aFolderThatIsNotARepositoryIsRefused(@TempDir Path dir) {
        CliRunner r = CliRunner.onTree("stat-walk", source, dir);
        assertThat(r.exit()).isNotZero();
        assertThat(r.err().strip()).doesNotContain("\n").contains("is not a git repository");
    }

    @Test
    void noGitIsOneLineAndNonZero(@TempDir Path dir) {
        CliRunner r = CliRunner.run(
                "git-diff", "--tree", tree.toString(), "--git", "/nonexistent/bin/git", "--out", dir.toString());
        assertThat(r.exit()).isNotZero();
        assertThat(r.err().strip()).doesNotContain("\n").contains("git not found");
        CliRunner t = CliRunner.run(
                "tree",
                "--git",
                "/nonexistent/bin/git",
                "--dir",
                dir.resolve("t").toString());
        assertThat(t.exit()).isNotZero();
        assertThat(t.err().strip()).contains("git not found");
    }

    @Test
    void aTreeThatIsNotCleanIsRefused(@TempDir Path dir) throws IOException {
        Path dirty = dir.resolve("dirty");
        assertThat(CliRunner.tree(source, dirty).exit()).isZero();
        Files.writeString(dirty.resolve("fs/namei.c"), "changed\n");
        CliRunner r = CliRunner.onTree("stat-walk", dirty, dir);
        assertThat(r.exit()).isNotZero();
        assertThat(r.err().strip())
                .doesNotContain("\n")
                .contains("is not clean")
                .contains("fs/namei.c");
        assertThat(dir.resolve("vfs/stat-walk.csv")).doesNotExist();
    }

    @Test
    void aFolderWithoutWritePermissionIsRefused(@TempDir Path dir) throws IOException {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            CliRunner r = CliRunner.tree(source, locked.resolve("tree"));
            assertThat(r.exit()).isNotZero();
            assertThat(r.err().strip()).doesNotContain("\n").contains("no write permission in " + locked);
            assertThat(locked.resolve("tree")).doesNotExist();
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aResultsFolderWithoutWritePermissionIsRefusedBeforeAnyWork(@TempDir Path dir) throws IOException {
        Path locked = Files.createDirectory(dir.resolve("results"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            for (String cmd : new String[] {"git-diff", "stat-walk", "dcache-model"}) {
                CliRunner r = CliRunner.onTree(cmd, tree, locked);
                assertThat(r.exit()).as(cmd).isNotZero();
                assertThat(r.err().strip()).as(cmd).doesNotContain("\n").contains("no write permission in " + locked);
            }
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void anExistingFolderThatIsNotATreeIsNotTouched(@TempDir Path dir) throws IOException {
        Path other = Files.createDirectory(dir.resolve("other"));
        Files.writeString(other.resolve("keep.txt"), "mine");
        CliRunner r = CliRunner.tree(source, other);
        assertThat(r.exit()).isNotZero();
        assertThat(r.err().strip()).contains("is not a tree built by lab-vfs");
        assertThat(other.resolve("keep.txt")).hasContent("mine");
    }

    @Test
    void badOptionValuesExitTwoWithOneLineNamingTheOption(@TempDir Path dir) {
        String[][] cases = {
            {"--loops", "git-diff", "--loops", "0"},
            {"--runs", "git-diff", "--runs", "-3"},
            {"--repeats", "stat-walk", "--repeats", "0"},
            {"--repeats", "stat-walk", "--repeats", "-1"},
            {"--threads", "dcache-model", "--threads", "0"},
            {"--threads", "dcache-model", "--threads", "2,-4"},
            {"--threads", "dcache-model", "--threads", "2000"},
            {"--renames", "dcache-model", "--renames", "sometimes"},
            {"--repeats", "stat-walk", "--repeats", "many"},
        };
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length + 2);
            args[args.length - 2] = "--out";
            args[args.length - 1] = dir.toString();
            CliRunner r = CliRunner.run(args);
            String what = String.join(" ", args);
            assertThat(r.exit()).as(what).isEqualTo(2);
            assertThat(r.err().strip()).as(what).doesNotContain("\n").contains(c[0]);
        }
        // checked before any work: no results, no tree built
        assertThat(dir.resolve("vfs")).doesNotExist();
    }

    @Test
    void aTreeWithoutTheRenamedFolderNeedsRenamesOff(@TempDir Path dir) {
        Path fsTree = dir.resolve("fs-tree");
        assertThat(CliRunner.tree(source.resolve("fs"), fsTree).exit()).isZero();
        CliRunner noDrivers = CliRunner.run(
                "dcache-model", "--tree", fsTree.toString(), "--renames", "both", "--out", dir.toString());
        assertThat(noDrivers.exit()).isNotZero();
        assertThat(noDrivers.err().strip()).doesNotContain("\n").contains("no folder 'drivers'");
        CliRunner unknown = CliRunner.run("git-diff", "--bogus");
        assertThat(unknown.exit()).isEqualTo(2);
    }

    @Test
    void aResultsPathThatIsAFileIsNotAFolder(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("results.txt"), "not a folder");
        for (String cmd : new String[] {"git-diff", "stat-walk", "dcache-model", "all"}) {
            CliRunner r = CliRunner.onTree(cmd, tree, file);
            assertThat(r.exit()).as(cmd).isEqualTo(1);
            assertThat(r.err().strip())
                    .as(cmd)
                    .doesNotContain("\n")
                    .contains(file + " is not a folder")
                    .doesNotContain("does not exist");
        }
        assertThat(file).hasContent("not a folder");
    }

    @Test
    void aTreeThatIsAFileIsNotAFolder(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("tree.txt"), "not a tree");
        CliRunner r = CliRunner.onTree("git-diff", file, dir);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip()).doesNotContain("\n").contains(file + " is not a folder");
    }

    @Test
    void everySubcommandHasHelp() {
        for (String cmd : new String[] {"tree", "git-diff", "stat-walk", "dcache-model", "all", "manifest"}) {
            CliRunner r = CliRunner.run(cmd, "--help");
            assertThat(r.exit()).as(cmd).isZero();
            assertThat(r.out()).contains("Usage:");
        }
    }
}
