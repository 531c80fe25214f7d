package labbook.vfs;

import static labbook.core.Column.measure;
import static labbook.core.Column.text;
import static labbook.vfs.VfsResults.CPU_PCT;
import static labbook.vfs.VfsResults.ELAPSED_S;
import static labbook.vfs.VfsResults.MODE;
import static labbook.vfs.VfsResults.RUNS;
import static labbook.vfs.VfsResults.STUDY;
import static labbook.vfs.VfsResults.SYS_S;
import static labbook.vfs.VfsResults.USER_S;

import java.util.List;
import labbook.core.Column;
import labbook.core.ResultsSchema;

/**
 * The vfs seed's published figures: class-path resources of this module (their source in the
 * README beside them), each column declared once. {@code SeedFigures} reads them by these
 * constants and {@code reports} draws them by the same ones. A seed column that is also a results
 * column ({@code mode}, {@code runs}, {@code user_s}, {@code sys_s}, {@code elapsed_s},
 * {@code cpu_pct}) is the results' constant: the seed is compared on it.
 */
public final class VfsSeeds {
    public static final Column KERNEL = text("kernel", "the kernel: 2.6.32-rc3 (ref-walk) or vfs (Piggin's store-free walking patches)");
    public static final Column APPROXIMATE = text("approximate", "true when the figure was read off a chart rather than quoted (true/false)");
    public static final Column SOURCE = text("source", "where the figure was published");

    /** Piggin's four configurations: user, system and elapsed seconds and %CPU for 100 cached git diff runs. */
    public static final ResultsSchema VFS_GIT_DIFF = ResultsSchema.of(STUDY, "vfs-git-diff",
            KERNEL, MODE, RUNS, USER_S, SYS_S, ELAPSED_S, CPU_PCT, APPROXIMATE, SOURCE);

    // Axboe's figures are ratios, not seconds: no unit in their names
    public static final Column REAL = measure("real", "elapsed time as a ratio to 2.6.32-rc3 serial");
    public static final Column USER = measure("user", "user CPU time as a ratio to 2.6.32-rc3 serial");
    public static final Column SYS = measure("sys", "system CPU time as a ratio to 2.6.32-rc3 serial");

    /** Axboe's table, normalised to 2.6.32-rc3 serial = 1.00 (his own machine). */
    public static final ResultsSchema VFS_AXBOE = ResultsSchema.of(STUDY, "vfs-axboe",
            KERNEL, MODE, REAL, USER, SYS, APPROXIMATE, SOURCE);

    /** Every seed table of the study. */
    public static final List<ResultsSchema> ALL = List.of(VFS_GIT_DIFF, VFS_AXBOE);

    public static final String VFS_GIT_DIFF_RESOURCE = "/labbook/vfs/seeds/vfs-git-diff.csv";
    public static final String VFS_AXBOE_RESOURCE = "/labbook/vfs/seeds/vfs-axboe.csv";

    private VfsSeeds() {
    }
}
