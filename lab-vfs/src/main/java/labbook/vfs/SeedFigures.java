package labbook.vfs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import labbook.core.LabException;

/**
 * The seed's published figures (resource {@code seed-git-diff.csv}, with its source): Piggin's
 * four {@code time} lines for 100 runs, and Axboe's normalised ones (his run's ratios to
 * "2.6.32-rc3 serial"; for those, user/sys/elapsed hold ratios, not seconds).
 */
record SeedFigures(String kind, String config, String mode, double userS, double sysS, double elapsedS, double cpuPct) {

    static List<SeedFigures> load() {
        InputStream in = SeedFigures.class.getResourceAsStream("/labbook/vfs/seed-git-diff.csv");
        if (in == null) {
            throw new LabException("seed-git-diff.csv is missing from the class path (rebuild lab-vfs)");
        }
        List<SeedFigures> rows = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            boolean header = true;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                if (header) {
                    header = false;
                    continue;
                }
                String[] f = line.split(",", -1);
                rows.add(new SeedFigures(f[0], f[1], f[3], Double.parseDouble(f[5]), Double.parseDouble(f[6]),
                        Double.parseDouble(f[7]), f[8].isEmpty() ? Double.NaN : Double.parseDouble(f[8])));
            }
        } catch (IOException e) {
            throw new LabException("cannot read seed-git-diff.csv: " + e.getMessage(), e);
        }
        return rows;
    }

    static List<SeedFigures> of(String kind) {
        return load().stream().filter(s -> s.kind.equals(kind)).toList();
    }
}
