package labbook.vfs.experiments;

import static labbook.vfs.VfsResults.CPU_PCT;
import static labbook.vfs.VfsResults.ELAPSED_S;
import static labbook.vfs.VfsResults.MODE;
import static labbook.vfs.VfsResults.SYS_S;
import static labbook.vfs.VfsResults.USER_S;
import static labbook.vfs.VfsSeeds.KERNEL;
import static labbook.vfs.VfsSeeds.REAL;
import static labbook.vfs.VfsSeeds.SYS;
import static labbook.vfs.VfsSeeds.USER;

import java.util.List;
import labbook.core.LabException;
import labbook.core.SeedTable;
import labbook.vfs.VfsSeeds;

/**
 * One row of the seed's published figures, read by the columns {@link VfsSeeds} declares from the
 * resources {@link VfsSeeds#VFS_GIT_DIFF_RESOURCE} (Piggin's {@code time} lines for 100 cached git
 * diff runs: seconds and %CPU) and {@link VfsSeeds#VFS_AXBOE_RESOURCE} (Axboe's table: ratios to
 * "2.6.32-rc3 serial", no %CPU), the same files {@code reports} reads. Source: Nick Piggin,
 * "[rfc][patch] store-free path walking", and Jens Axboe's reply, linux-kernel mailing list,
 * 8 October 2009.
 */
record SeedFigures(String kernel, String mode, double user, double sys, double real, double cpuPct) {

    /** "2.6.32-rc3 serial", "vfs parallel": the configuration as both posts name it. */
    String config() {
        return kernel + " " + mode;
    }

    /** Piggin's four configurations: user, sys and elapsed seconds per 100 runs, and %CPU. */
    static List<SeedFigures> piggin() {
        return SeedTable.read(SeedFigures.class, VfsSeeds.VFS_GIT_DIFF_RESOURCE, VfsSeeds.VFS_GIT_DIFF, r -> new SeedFigures(
                r.text(KERNEL), r.text(MODE), r.number(USER_S), r.number(SYS_S), r.number(ELAPSED_S), r.number(CPU_PCT)));
    }

    /** Axboe's four configurations, each a ratio to his "2.6.32-rc3 serial" (no %CPU). */
    static List<SeedFigures> axboe() {
        return SeedTable.read(SeedFigures.class, VfsSeeds.VFS_AXBOE_RESOURCE, VfsSeeds.VFS_AXBOE, r -> new SeedFigures(
                r.text(KERNEL), r.text(MODE), r.number(USER), r.number(SYS), r.number(REAL), Double.NaN));
    }

    /** The row of {@code kernel} and {@code mode} ("2.6.32-rc3" or "vfs"; "serial" or "parallel"). */
    static SeedFigures find(List<SeedFigures> rows, String kernel, String mode) {
        return rows.stream().filter(s -> s.kernel.equals(kernel) && s.mode.equals(mode)).findFirst()
                .orElseThrow(() -> new LabException("the seed figures have no row for " + kernel + " " + mode));
    }
}
