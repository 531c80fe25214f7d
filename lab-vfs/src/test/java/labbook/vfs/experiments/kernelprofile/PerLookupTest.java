package labbook.vfs.experiments.kernelprofile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The per-lookup arithmetic, worked by hand. */
class PerLookupTest {
    @Test
    void systemTimePerLookupAndEachCategorysPartOfIt() {
        // 10 runs of 25,000 lookups each took 0.5 s of system time: 0.5e6 us / 250,000 lookups = 2 us a lookup.
        // 1,000 kernel samples: 600 lookup, 50 stores, 350 attributes; no other category.
        PerLookup p = new PerLookup(
                10,
                25_000,
                20_000,
                0.5,
                1_000,
                Map.of(KernelCategory.LOOKUP, 600L, KernelCategory.STORES, 50L, KernelCategory.ATTRIBUTES, 350L));
        assertThat(p.sysPerLookupUs()).isCloseTo(2.0, within(1e-12));
        assertThat(p.share(KernelCategory.STORES)).isCloseTo(0.05, within(1e-12));
        assertThat(p.perLookupUs(KernelCategory.LOOKUP)).isCloseTo(1.2, within(1e-12)); // 2 us x 0.6
        assertThat(p.perLookupUs(KernelCategory.STORES)).isCloseTo(0.1, within(1e-12)); // 2 us x 0.05
        assertThat(p.perLookupUs(KernelCategory.ATTRIBUTES)).isCloseTo(0.7, within(1e-12)); // 2 us x 0.35
        assertThat(p.perLookupUs(KernelCategory.REST)).isZero();
        // per file: 0.5e6 us / (10 runs x 20,000 files) = 2.5 us
        assertThat(p.sysPerFileUs()).isCloseTo(2.5, within(1e-12));
    }

    @Test
    void theSeedsSystemTimePerFile() {
        // Piggin's vfs parallel: 0.68 s for 100 runs over a tree of 30,254 entries: 0.68e6 / 3,025,400 = 0.2248 us
        assertThat(PerLookup.perFileUs(0.68, 100, 30_254)).isCloseTo(0.22476, within(1e-5));
    }

    @Test
    void withoutKernelSamplesNoShare() {
        PerLookup p = new PerLookup(1, 1, 1, 0.1, 0, Map.of());
        assertThat(p.share(KernelCategory.LOOKUP)).isNaN();
    }
}
