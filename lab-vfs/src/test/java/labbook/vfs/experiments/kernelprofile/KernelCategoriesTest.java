package labbook.vfs.experiments.kernelprofile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import labbook.core.LabException;
import org.junit.jupiter.api.Test;

/**
 * The categories against a recorded {@code perf script} of a real parallel git diff (its provenance in the README
 * beside it), counted apart from this code; the rule's edges on hand-made stacks.
 */
class KernelCategoriesTest {
    private final KernelCategories shipped = KernelCategories.shipped();

    static Path recorded() throws URISyntaxException {
        return Path.of(KernelCategoriesTest.class
                .getResource("/labbook/vfs/kernelprofile/git-diff-parallel.perf-script")
                .toURI());
    }

    @Test
    void theRecordedGitDiffFallsIntoTheCategoriesAsCountedByHand() throws Exception {
        Profile profile = new Profile(shipped);
        PerfScript.read(recorded(), profile::add);
        assertThat(profile.samples()).isEqualTo(196);
        assertThat(profile.kernelSamples()).isEqualTo(182);
        assertThat(Map.of(
                        KernelCategory.LOOKUP, profile.samples(KernelCategory.LOOKUP),
                        KernelCategory.STORES, profile.samples(KernelCategory.STORES),
                        KernelCategory.ATTRIBUTES, profile.samples(KernelCategory.ATTRIBUTES),
                        KernelCategory.SYSCALL, profile.samples(KernelCategory.SYSCALL),
                        KernelCategory.SCHEDULING, profile.samples(KernelCategory.SCHEDULING),
                        KernelCategory.REST, profile.samples(KernelCategory.REST)))
                .isEqualTo(Map.of(
                        KernelCategory.LOOKUP, 111L,
                        KernelCategory.STORES, 6L,
                        KernelCategory.ATTRIBUTES, 40L,
                        KernelCategory.SYSCALL, 5L,
                        KernelCategory.SCHEDULING, 2L,
                        KernelCategory.REST, 18L));
        // a generic helper goes where its caller does: the name copied in is the lookup's, the stat copied out is
        // reading the attributes
        Map<KernelCategory, Map<String, Long>> functions = new java.util.EnumMap<>(KernelCategory.class);
        profile.forEachFunction(functions::put);
        assertThat(functions.get(KernelCategory.LOOKUP)).containsEntry("__check_object_size", 8L);
        assertThat(functions.get(KernelCategory.ATTRIBUTES)).containsEntry("_copy_to_user", 4L);
        assertThat(functions.get(KernelCategory.STORES)).containsEntry("lockref_get_not_dead", 1L);
        // the rest is listed by function, never dropped
        assertThat(functions.get(KernelCategory.REST)).containsEntry("clear_page_erms", 2L);
        assertThat(functions.values().stream()
                        .flatMap(m -> m.values().stream())
                        .mapToLong(Long::longValue)
                        .sum())
                .isEqualTo(182);
    }

    @Test
    void aKernelFunctionNoCategoryNamesLandsInTheRestByItsName() {
        Profile profile = new Profile(shipped);
        profile.add(sample("no_such_kernel_function", "nor_this_one"));
        assertThat(shipped.classify(List.of("no_such_kernel_function", "nor_this_one")))
                .isEqualTo(KernelCategory.REST);
        Map<KernelCategory, Map<String, Long>> functions = new java.util.EnumMap<>(KernelCategory.class);
        profile.forEachFunction(functions::put);
        assertThat(functions).containsOnlyKeys(KernelCategory.REST);
        assertThat(functions.get(KernelCategory.REST)).containsExactly(Map.entry("no_such_kernel_function", 1L));
    }

    @Test
    void theInnermostDeclaredFrameDecidesAndEntryCodeClaimsOnlyItsOwnSamples() {
        // _raw_spin_lock is declared nowhere: dput, its caller, is a store
        assertThat(shipped.classify(List.of("_raw_spin_lock", "dput", "path_put", "vfs_statx", "do_syscall_64")))
                .isEqualTo(KernelCategory.STORES);
        // a compiler's copy is its function: finish_task_switch.isra.0 is finish_task_switch
        assertThat(shipped.classify(List.of("finish_task_switch.isra.0", "__schedule")))
                .isEqualTo(KernelCategory.SCHEDULING);
        // do_syscall_64 claims its own samples ...
        assertThat(shipped.classify(List.of("do_syscall_64", "entry_SYSCALL_64_after_hwframe")))
                .isEqualTo(KernelCategory.SYSCALL);
        // ... but not those of another system call it passes through: a fork is the rest
        assertThat(shipped.classify(List.of("dup_mmap", "copy_process", "do_syscall_64")))
                .isEqualTo(KernelCategory.REST);
    }

    @Test
    void declaredFunctionsAKernelLacksAreNamed() {
        assertThat(shipped.missingFrom(Set.of("__d_lookup_rcu", "dput")))
                .contains("link_path_walk", "lockref_get_not_dead")
                .doesNotContain("__d_lookup_rcu", "dput");
        assertThat(KernelCategories.baseName("getname_flags.part.0")).isEqualTo("getname_flags");
        assertThat(KernelCategories.baseName("__d_lookup_rcu")).isEqualTo("__d_lookup_rcu");
    }

    @Test
    void theShippedDeclarationsExistInTheKernelTheyWereCheckedOn() {
        Path kallsyms = KernelProfileExperiment.KALLSYMS;
        String release = System.getProperty("os.version");
        assumeTrue(
                shipped.declared().stream().allMatch(d -> d.checkedOn().equals(release)) && Files.isReadable(kallsyms),
                "runs on the kernel the declarations were checked on");
        assertThat(shipped.missingFrom(KernelCategories.kernelFunctions(kallsyms)))
                .isEmpty();
    }

    @Test
    void everyCategoryButTheRestDeclaresFunctions() {
        for (KernelCategory c : KernelCategory.values()) {
            assertThat(shipped.declared().stream().anyMatch(d -> d.category() == c))
                    .as(c.id())
                    .isEqualTo(c != KernelCategory.REST);
        }
    }

    @Test
    void aBrokenDeclarationIsOneLineNamingIt() {
        String header = "category,function,scope,checked_on\n";
        assertThatThrownBy(() -> KernelCategories.parse(
                        new StringReader(header + "lookup,dput,stack,6\nstores,dput,stack,6\n"), "cats.csv"))
                .isInstanceOf(LabException.class)
                .hasMessage("cats.csv: dput is declared twice");
        assertThatThrownBy(() -> KernelCategories.parse(new StringReader(header + "rest,dput,stack,6\n"), "cats.csv"))
                .hasMessageStartingWith("cats.csv: dput is declared in 'rest'");
        assertThatThrownBy(() -> KernelCategories.parse(new StringReader(header + "locks,dput,stack,6\n"), "cats.csv"))
                .hasMessageStartingWith("cats.csv: unknown kernel category 'locks'");
        assertThatThrownBy(() -> KernelCategories.parse(new StringReader(header + "stores,dput,deep,6\n"), "cats.csv"))
                .hasMessage("cats.csv: scope 'deep' is neither stack nor self");
    }

    @Test
    @SuppressWarnings("StringConcatToTextBlock") // the tab before [ext4] is the point, seen as \\t
    void theKernelsFunctionsAreReadFromKallsyms(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path kallsyms = dir.resolve("kallsyms");
        Files.writeString(
                kallsyms,
                "0000000000000000 T __d_lookup_rcu\n0000000000000000 t finish_task_switch.isra.0\n"
                        + "0000000000000000 t ext4_getattr\t[ext4]\n");
        assertThat(KernelCategories.kernelFunctions(kallsyms))
                .containsExactlyInAnyOrder("__d_lookup_rcu", "finish_task_switch", "ext4_getattr");
        assertThatThrownBy(() -> KernelCategories.kernelFunctions(dir.resolve("none")))
                .isInstanceOf(LabException.class)
                .hasMessageContaining(dir.resolve("none").toString());
    }

    /** A kernel sample with these frames, innermost first. */
    static PerfScript.Sample sample(String... kernelFrames) {
        return new PerfScript.Sample(
                "git",
                1,
                Perf.SAMPLE_NANOS,
                java.util.Arrays.stream(kernelFrames)
                        .map(f -> new PerfScript.Frame(f, "[kernel.kallsyms]", true))
                        .toList());
    }
}
