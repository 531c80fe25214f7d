package labbook.vfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The seed figures the experiments print come from the same resources {@code reports} reads. */
class VfsSeedsTest {

    @Test
    void theSeedFiguresAreReadFromTheSharedResources() {
        List<VfsSeeds.Figures> piggin = VfsSeeds.piggin();
        assertThat(piggin)
                .extracting(VfsSeeds.Figures::config)
                .containsExactly("2.6.32-rc3 serial", "2.6.32-rc3 parallel", "vfs serial", "vfs parallel");
        VfsSeeds.Figures old = VfsSeeds.find(piggin, "2.6.32-rc3", "parallel");
        assertThat(List.of(old.user(), old.sys(), old.real(), old.cpuPct())).containsExactly(5.79, 17.69, 9.41, 249.0);
        // Piggin's times are sums over his loop of 100 runs, as the seed table says
        assertThat(piggin).extracting(VfsSeeds.Figures::runs).containsOnly(100.0);
        VfsSeeds.Figures vfs = VfsSeeds.find(VfsSeeds.axboe(), "vfs", "parallel");
        assertThat(List.of(vfs.real(), vfs.user(), vfs.sys())).containsExactly(0.43, 0.72, 0.13);
    }
}
