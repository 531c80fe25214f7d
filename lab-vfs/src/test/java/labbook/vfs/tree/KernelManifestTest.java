package labbook.vfs.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import labbook.core.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped linux 6.1 manifest, its format written and read back, and the tar listing it is made from. */
class KernelManifestTest {

    @Test
    void theShippedManifestHasTheKernelsEntryCountWithinOnePercent() {
        KernelManifest m = KernelManifest.linux61();
        assertThat(m.size())
                .isCloseTo(KernelManifest.KERNEL_ENTRIES, org.assertj.core.data.Percentage.withPercentage(1));
        long links = m.entries().stream()
                .filter(e -> e.kind() == KernelManifest.Kind.SYMLINK)
                .count();
        assertThat(links).isEqualTo(56);
        assertThat(m.header()).anyMatch(h -> h.contains("linux-source-6.1"));
    }

    @Test
    void pathsAreUniqueRelativeAndPlain() {
        Set<String> seen = new HashSet<>();
        for (KernelManifest.Entry e : KernelManifest.linux61().entries()) {
            assertThat(seen.add(e.path())).as("duplicate %s", e.path()).isTrue();
            assertThat(e.path()).doesNotStartWith("/").doesNotContain("//").doesNotEndWith("/");
        }
        assertThat(seen)
                .contains(
                        "Makefile",
                        "MAINTAINERS",
                        "fs/namei.c",
                        "fs/dcache.c",
                        "Documentation/filesystems/path-lookup.rst");
    }

    @Test
    void writesAndReadsBackTheSameEntries(@TempDir Path dir) {
        KernelManifest m = new KernelManifest(
                List.of("test"),
                List.of(KernelManifest.Entry.file("a/b.c", 12), KernelManifest.Entry.symlink("a/link", "b.c")));
        Path file = dir.resolve("m.gz");
        m.write(file);
        assertThat(KernelManifest.read(file)).isEqualTo(m);
    }

    @Test
    void readsGnuTarsVerboseListing() {
        String listing = """
                drwxr-xr-x 0/0               0 2026-11-26 17:12 linux-source-6.1/
                -rw-r--r-- 0/0           20420 2026-11-06 18:15 linux-source-6.1/.clang-format
                -rw-r--r-- 0/0              10 2026-11-06 18:15 linux-source-6.1/a dir/with\\040space
                lrwxrwxrwx 0/0               0 2026-11-06 18:15 linux-source-6.1/Docs/Changes -> process/changes.rst
                """;
        List<KernelManifest.Entry> entries = TarListing.parse(listing);
        assertThat(entries)
                .containsExactly(
                        KernelManifest.Entry.file(".clang-format", 20420),
                        KernelManifest.Entry.file("a dir/with space", 10),
                        KernelManifest.Entry.symlink("Docs/Changes", "process/changes.rst"));
    }

    @Test
    void aBadListingLineIsOneClearError() {
        assertThatThrownBy(() -> TarListing.parse("garbage\n"))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("line 1");
    }
}
