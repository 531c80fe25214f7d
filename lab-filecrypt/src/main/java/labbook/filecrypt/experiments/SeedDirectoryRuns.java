package labbook.filecrypt.experiments;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import labbook.core.Column;
import labbook.core.LabException;
import labbook.filecrypt.FilecryptResults;
import labbook.filecrypt.FilecryptSeeds;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The seed's directory runs, read from the seed table this module ships (the one copy the report
 * reads too), for directory-runs' printout: data with its source, never ours.
 */
final class SeedDirectoryRuns {
    /** One published run: its CPU total (s) and mean size (% of the original; NaN where the seed gives none). */
    record Figure(double cpuTotalS, double meanSizePct) {
        static final Figure NONE = new Figure(Double.NaN, Double.NaN);
    }

    private final Map<String, Figure> byTypeAndRun;

    private SeedDirectoryRuns(Map<String, Figure> byTypeAndRun) {
        this.byTypeAndRun = byTypeAndRun;
    }

    static SeedDirectoryRuns load() {
        String name = FilecryptSeeds.CRYPTO_DIRECTORY_RESOURCE;
        try (InputStream in = SeedDirectoryRuns.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new LabException("the seed figures " + name + " are missing from the class path (rebuild lab-filecrypt)");
            }
            return parse(new InputStreamReader(in, StandardCharsets.UTF_8), name);
        } catch (IOException e) {
            throw new LabException("cannot read the seed figures " + name + ": " + e.getMessage(), e);
        }
    }

    static SeedDirectoryRuns parse(Reader reader, String name) throws IOException {
        List<String> expected = FilecryptSeeds.CRYPTO_DIRECTORY.names();
        try (CSVParser csv = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(reader)) {
            if (!csv.getHeaderNames().equals(expected)) {
                throw new LabException(name + ": columns " + csv.getHeaderNames() + ", expected " + expected);
            }
            Map<String, Figure> figures = new HashMap<>();
            for (CSVRecord r : csv) {
                try {
                    figures.put(key(get(r, FilecryptResults.TYPE), get(r, FilecryptResults.RUN)),
                            new Figure(number(get(r, FilecryptSeeds.CPU_TOTAL_S)), number(get(r, FilecryptResults.MEAN_SIZE_PCT))));
                } catch (NumberFormatException e) {
                    throw new LabException(name + ": line " + r.getRecordNumber() + ": not a number (" + e.getMessage() + ")");
                }
            }
            return new SeedDirectoryRuns(figures);
        }
    }

    /** The seed's figure for a folder type and run ({@code published-gpg-default-z7}, ...); NONE where it published none. */
    Figure get(String type, String run) {
        return byTypeAndRun.getOrDefault(key(type, run), Figure.NONE);
    }

    private static String key(String type, String run) {
        return type + "/" + run;
    }

    private static double number(String cell) {
        return cell.isBlank() ? Double.NaN : Double.parseDouble(cell);
    }

    private static String get(CSVRecord r, Column c) {
        return r.get(c.name());
    }
}
