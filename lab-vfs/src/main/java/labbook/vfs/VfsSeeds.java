package labbook.vfs;

import static labbook.core.Column.count;
import static labbook.core.Column.measure;
import static labbook.core.Column.text;
import static labbook.core.SeedTable.APPROXIMATE;
import static labbook.core.SeedTable.SOURCE;
import static labbook.vfs.VfsSchemas.CPU_PCT;
import static labbook.vfs.VfsSchemas.LOOP_ELAPSED_S;
import static labbook.vfs.VfsSchemas.LOOP_SYS_S;
import static labbook.vfs.VfsSchemas.LOOP_USER_S;
import static labbook.vfs.VfsSchemas.MODE;
import static labbook.vfs.VfsSchemas.RUNS;
import static labbook.vfs.VfsSchemas.STUDY;
import static labbook.vfs.VfsSchemas.TREE_ENTRIES;

import java.util.List;
import labbook.core.Column;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.core.SeedTable;

/**
 * The vfs seed's published figures and their reader: class-path resources of this module (their source in the README
 * beside them), each column declared once. The experiments read them with {@link #piggin()} and {@link #axboe()}, by
 * these constants, and {@code reports} draws them by the same ones. A seed column that is also a results column
 * ({@code mode}, {@code runs}, {@code user_s}, {@code sys_s}, {@code elapsed_s}, {@code cpu_pct}) is the results'
 * constant: the seed is compared on it; the columns every study's seed tables share ({@code approximate},
 * {@code source}) are lab-core's {@link SeedTable}'s.
 */
public final class VfsSeeds {
    public static final Column KERNEL =
            text("kernel", "the kernel: 2.6.32-rc3 (ref-walk) or vfs (Piggin's store-free walking patches)");
    /** The seed's stock kernel, as its {@link #KERNEL} column names it: 2.6.32-rc3, which walks by ref-walk. */
    public static final String STOCK_KERNEL = "2.6.32-rc3";
    /** The seed's patched kernel, as its {@link #KERNEL} column names it: Piggin's store-free walking patches. */
    public static final String VFS_KERNEL = "vfs";

    /** Piggin's four configurations: user, system and elapsed seconds and %CPU for 100 cached git diff runs. */
    public static final ResultsSchema VFS_GIT_DIFF = ResultsSchema.of(
            STUDY,
            "vfs-git-diff",
            KERNEL,
            MODE,
            RUNS,
            LOOP_USER_S,
            LOOP_SYS_S,
            LOOP_ELAPSED_S,
            CPU_PCT,
            APPROXIMATE,
            SOURCE);

    // Axboe's figures are ratios, not seconds: no unit in their names
    public static final Column REAL = measure("real", "elapsed time as a ratio to 2.6.32-rc3 serial");
    public static final Column USER = measure("user", "user CPU time as a ratio to 2.6.32-rc3 serial");
    public static final Column SYS = measure("sys", "system CPU time as a ratio to 2.6.32-rc3 serial");

    /** Axboe's table, normalised to 2.6.32-rc3 serial = 1.00 (his own machine). */
    public static final ResultsSchema VFS_AXBOE =
            ResultsSchema.of(STUDY, "vfs-axboe", KERNEL, MODE, REAL, USER, SYS, APPROXIMATE, SOURCE);

    public static final Column FOLDERS = count("folders", "folders of the tree");
    /**
     * The seed's tree: the index entries (files and symbolic links) of Linux 2.6.32-rc3, the kernel Piggin timed, so
     * that a time per file can be set beside today's.
     */
    public static final ResultsSchema VFS_TREE =
            ResultsSchema.of(STUDY, "vfs-tree", KERNEL, TREE_ENTRIES, FOLDERS, APPROXIMATE, SOURCE);

    /** Every seed table of the study. */
    public static final List<ResultsSchema> ALL = List.of(VFS_GIT_DIFF, VFS_AXBOE, VFS_TREE);

    public static final String VFS_GIT_DIFF_RESOURCE = "/labbook/vfs/seeds/vfs-git-diff.csv";
    public static final String VFS_AXBOE_RESOURCE = "/labbook/vfs/seeds/vfs-axboe.csv";
    public static final String VFS_TREE_RESOURCE = "/labbook/vfs/seeds/vfs-tree.csv";

    /**
     * One configuration of the seed's published figures: Piggin's {@code time} lines (seconds per 100 cached git diff
     * runs, and %CPU) or Axboe's table (ratios to "2.6.32-rc3 serial", no %CPU and no runs: NaN), both read into the
     * same fields so a printout can set them side by side; {@code runs}: the runs Piggin's times sum.
     */
    public record Figures(
            String kernel, String mode, double user, double sys, double real, double cpuPct, double runs) {

        /** "2.6.32-rc3 serial", "vfs parallel": the configuration as both posts name it. */
        public String config() {
            return kernel + " " + mode;
        }
    }

    /** Piggin's four configurations: user, sys and elapsed seconds per 100 runs, and %CPU. */
    public static List<Figures> piggin() {
        return Read.PIGGIN;
    }

    /** Axboe's four configurations, each a ratio to his "2.6.32-rc3 serial" (no %CPU). */
    public static List<Figures> axboe() {
        return Read.AXBOE;
    }

    /** The seed's tree, {@link #STOCK_KERNEL}'s. */
    public static Tree seedTree() {
        return Read.TREE;
    }

    /**
     * The seeds, read from the module's resources once, when first asked for: they never change while it runs, and the
     * report's claims ask for them on each of their bootstrap's resamples.
     */
    private static final class Read {
        static final List<Figures> PIGGIN = List.copyOf(readPiggin());
        static final List<Figures> AXBOE = List.copyOf(readAxboe());
        static final Tree TREE = readSeedTree();
    }

    private static List<Figures> readPiggin() {
        return SeedTable.read(
                VfsSeeds.class,
                VFS_GIT_DIFF_RESOURCE,
                VFS_GIT_DIFF,
                r -> new Figures(
                        r.text(KERNEL),
                        r.text(MODE),
                        r.number(LOOP_USER_S),
                        r.number(LOOP_SYS_S),
                        r.number(LOOP_ELAPSED_S),
                        r.number(CPU_PCT),
                        r.number(RUNS)));
    }

    private static List<Figures> readAxboe() {
        return SeedTable.read(
                VfsSeeds.class,
                VFS_AXBOE_RESOURCE,
                VFS_AXBOE,
                r -> new Figures(
                        r.text(KERNEL),
                        r.text(MODE),
                        r.number(USER),
                        r.number(SYS),
                        r.number(REAL),
                        Double.NaN,
                        Double.NaN));
    }

    /** A kernel tree's size: its index entries (files and symbolic links) and folders. */
    public record Tree(String kernel, long entries, long folders) {}

    private static Tree readSeedTree() {
        return SeedTable.read(
                        VfsSeeds.class,
                        VFS_TREE_RESOURCE,
                        VFS_TREE,
                        r -> new Tree(r.text(KERNEL), (long) r.number(TREE_ENTRIES), (long) r.number(FOLDERS)))
                .stream()
                .filter(t -> t.kernel().equals(STOCK_KERNEL))
                .findFirst()
                .orElseThrow(() -> new LabException(VFS_TREE_RESOURCE + " has no row for " + STOCK_KERNEL));
    }

    /**
     * The row of {@code kernel} and {@code mode} ({@link #STOCK_KERNEL} or {@link #VFS_KERNEL}; serial or parallel, as
     * git-diff's {@code CachedGitDiff} names its modes).
     */
    public static Figures find(List<Figures> rows, String kernel, String mode) {
        return rows.stream()
                .filter(s -> s.kernel().equals(kernel) && s.mode().equals(mode))
                .findFirst()
                .orElseThrow(() -> new LabException("the seed figures have no row for " + kernel + " " + mode));
    }

    private VfsSeeds() {}
}
