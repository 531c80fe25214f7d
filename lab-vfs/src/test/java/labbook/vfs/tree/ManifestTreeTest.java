package labbook.vfs.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.Mode;
import labbook.vfs.peer.Git;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/** The trees built from the shipped manifest are clean git repositories holding exactly the manifest's entries. */
class ManifestTreeTest {

    /** Quick mode's tree (what CI and `all --quick` use): one entry in 4 of the manifest, in its order. */
    @Test
    void theQuickTreeHoldsOneManifestEntryInFourAndIsClean(@TempDir Path dir) throws Exception {
        KernelTree tree = KernelTree.build(TreeSource.manifest(Mode.QUICK), dir.resolve("linux"), Git.system());
        KernelManifest quick = KernelManifest.linux61().everyNth(KernelManifest.QUICK_EVERY);
        assertThat(quick.size()).isEqualTo(19_659);
        assertThat(tree.entries()).containsExactlyInAnyOrderElementsOf(quick.paths());
        KernelManifest.Entry link = quick.entries().stream()
                .filter(e -> e.kind() == KernelManifest.Kind.SYMLINK)
                .findFirst()
                .orElseThrow();
        assertThat(Files.readSymbolicLink(tree.dir().resolve(link.path()))).hasToString(link.target());
        tree.requireClean();
        // a clean index: git diff prints nothing
        assertThat(Git.system().capture(tree.dir(), "diff", "--stat").stdoutText())
                .isEmpty();
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
        }
    }

    /** fast-import's paths: spaces as they are, a leading quote or a newline C-quoted. */
    @Test
    void aManifestWithAwkwardPathsImportsExactly(@TempDir Path dir) throws Exception {
        KernelManifest m = new KernelManifest(
                List.of("test"),
                List.of(
                        KernelManifest.Entry.file("a dir/with space.c", 1),
                        KernelManifest.Entry.file("\"quoted\\name\".c", 1),
                        KernelManifest.Entry.file("b/new\nline", 1),
                        KernelManifest.Entry.symlink("a dir/link", "with space.c")));
        Path root = Files.createDirectory(dir.resolve("t"));
        Git.system().run(root, "init", "-q").orThrow();
        TreeSource.importManifest(m, root, Git.system());
        assertThat(Files.readString(root.resolve("\"quoted\\name\".c"))).isEqualTo(TreeSource.FILE_CONTENT);
        assertThat(Files.exists(root.resolve("b/new\nline"))).isTrue();
        assertThat(Files.readSymbolicLink(root.resolve("a dir/link"))).hasToString("with space.c");
    }

    /** The whole manifest, as full mode builds it: only when asked for (its size on disk is in the module README). */
    @Test
    @EnabledIfEnvironmentVariable(named = "LABBOOK_VFS_FULL_TREE", matches = ".+")
    void theFullTreeHasTheKernelsEntryCountAndIsClean(@TempDir Path dir) {
        KernelTree tree = KernelTree.build(TreeSource.manifest(Mode.FULL), dir.resolve("linux"), Git.system());
        assertThat(tree.entries()).hasSize(KernelManifest.linux61().size());
        assertThat(Files.isSymbolicLink(tree.dir().resolve("Documentation/Changes")))
                .isTrue();
        tree.requireClean();
    }

    static boolean linuxSourceInstalled() {
        return Files.isRegularFile(TreeSource.DEBIAN_TARBALL) && System.getenv("LABBOOK_VFS_LINUX_SOURCE") != null;
    }

    /** The real kernel, unpacked from Debian's tarball: only where the package is present and asked for. */
    @Test
    @EnabledIf("linuxSourceInstalled")
    void theLinuxSourceTreeMatchesTheManifest(@TempDir Path dir) {
        KernelTree tree = KernelTree.build(
                TreeSource.of(TreeSource.LINUX_SOURCE, Mode.FULL), dir.resolve("linux-source"), Git.system());
        assertThat(tree.entries().size()).isCloseTo(KernelManifest.KERNEL_ENTRIES, Percentage.withPercentage(1));
    }
}
