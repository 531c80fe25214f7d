package labbook.vfs.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/** The tree built from the shipped manifest is a clean git repository with the kernel's entry count. */
class ManifestTreeTest {

    @Test
    void theManifestTreeHasTheKernelsEntryCountAndIsClean(@TempDir Path dir) throws Exception {
        KernelTree tree = KernelTree.build(null, dir.resolve("linux"), Git.system());
        assertThat(tree.entries()).hasSizeBetween(
                (int) (KernelManifest.KERNEL_ENTRIES * 0.99), (int) (KernelManifest.KERNEL_ENTRIES * 1.01));
        assertThat(Files.isSymbolicLink(tree.dir().resolve("Documentation/Changes"))).isTrue();
        assertThat(tree.dir().resolve(".gitignore")).exists();
        tree.requireClean();
        // a clean index: git diff prints nothing
        assertThat(Git.system().capture(tree.dir(), "diff", "--stat").stdoutText()).isEmpty();
        assertThat(dir.resolve("linux.partial")).doesNotExist();
    }

    static boolean linuxSourceInstalled() {
        return Files.isRegularFile(KernelTree.DEBIAN_TARBALL) && System.getenv("LABBOOK_VFS_LINUX_SOURCE") != null;
    }

    /** The real kernel (1.3 GB unpacked, minutes): only where the package is present and asked for. */
    @Test
    @EnabledIf("linuxSourceInstalled")
    void theLinuxSourceTreeMatchesTheManifest(@TempDir Path dir) {
        KernelTree tree = KernelTree.build(KernelTree.LINUX_SOURCE, dir.resolve("linux-source"), Git.system());
        assertThat(tree.entries().size()).isCloseTo(KernelManifest.KERNEL_ENTRIES, Percentage.withPercentage(1));
    }
}
