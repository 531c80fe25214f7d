package labbook.filecrypt.experiments;

import java.io.Reader;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import labbook.core.SeedTable;
import labbook.core.SeedTable.SeedRow;
import labbook.filecrypt.FilecryptResults;
import labbook.filecrypt.FilecryptSeeds;

/**
 * The seed's directory runs, read from the seed table this module ships (the one copy the report reads too), for
 * directory-runs' printout: data with its source, never ours.
 */
final class SeedDirectoryRuns {
    /** One published run: its CPU total (s) and mean size (% of the original; NaN where the seed gives none). */
    record Figure(double cpuTotalS, double meanSizePct) {
        static final Figure NONE = new Figure(Double.NaN, Double.NaN);
    }

    private final Map<String, Figure> byTypeAndRun;

    private SeedDirectoryRuns(List<Map.Entry<String, Figure>> rows) {
        this.byTypeAndRun = rows.stream().collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    static SeedDirectoryRuns load() {
        return new SeedDirectoryRuns(SeedTable.read(
                SeedDirectoryRuns.class,
                FilecryptSeeds.CRYPTO_DIRECTORY_RESOURCE,
                FilecryptSeeds.CRYPTO_DIRECTORY,
                SeedDirectoryRuns::entry));
    }

    static SeedDirectoryRuns parse(Reader reader, String name) {
        return new SeedDirectoryRuns(
                SeedTable.parse(reader, name, FilecryptSeeds.CRYPTO_DIRECTORY, SeedDirectoryRuns::entry));
    }

    private static Map.Entry<String, Figure> entry(SeedRow r) {
        return Map.entry(
                key(r.text(FilecryptResults.TYPE), r.text(FilecryptResults.RUN)),
                new Figure(r.number(FilecryptSeeds.CPU_TOTAL_S), r.number(FilecryptResults.MEAN_SIZE_PCT)));
    }

    /**
     * The seed's figure for a folder type and run ({@code published-gpg-default-z7}, ...); NONE where it published
     * none.
     */
    Figure get(String type, String run) {
        return byTypeAndRun.getOrDefault(key(type, run), Figure.NONE);
    }

    private static String key(String type, String run) {
        return type + "/" + run;
    }
}
