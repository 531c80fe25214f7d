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

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import labbook.core.Column;
import labbook.core.LabException;
import labbook.vfs.VfsSeeds;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

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
        return read(VfsSeeds.VFS_GIT_DIFF_RESOURCE, r -> new SeedFigures(r.get(KERNEL.name()), r.get(MODE.name()),
                number(r, USER_S), number(r, SYS_S), number(r, ELAPSED_S), number(r, CPU_PCT)));
    }

    /** Axboe's four configurations, each a ratio to his "2.6.32-rc3 serial" (no %CPU). */
    static List<SeedFigures> axboe() {
        return read(VfsSeeds.VFS_AXBOE_RESOURCE, r -> new SeedFigures(r.get(KERNEL.name()), r.get(MODE.name()),
                number(r, USER), number(r, SYS), number(r, REAL), Double.NaN));
    }

    /** The row of {@code kernel} and {@code mode} ("2.6.32-rc3" or "vfs"; "serial" or "parallel"). */
    static SeedFigures find(List<SeedFigures> rows, String kernel, String mode) {
        return rows.stream().filter(s -> s.kernel.equals(kernel) && s.mode.equals(mode)).findFirst()
                .orElseThrow(() -> new LabException("the seed figures have no row for " + kernel + " " + mode));
    }

    private static double number(CSVRecord r, Column column) {
        String v = r.get(column.name());
        return v.isEmpty() ? Double.NaN : Double.parseDouble(v);
    }

    private static List<SeedFigures> read(String resource, Function<CSVRecord, SeedFigures> row) {
        InputStream in = SeedFigures.class.getResourceAsStream(resource);
        if (in == null) {
            throw new LabException("the seed figures " + resource + " are missing from the class path (rebuild lab-vfs)");
        }
        List<SeedFigures> rows = new ArrayList<>();
        try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            for (CSVRecord record : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
                rows.add(row.apply(record));
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new LabException("cannot read the seed figures " + resource + ": " + e.getMessage(), e);
        }
        return rows;
    }
}
