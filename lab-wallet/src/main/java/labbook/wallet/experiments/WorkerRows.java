package labbook.wallet.experiments;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.wallet.WalletSchemas;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The rows a worker JVM measured, handed to the experiment that started it as a CSV of one of {@link WalletSchemas} and
 * read back by column name, so the crossing has the same declaration as the results CSV it feeds. The worker writes
 * them under a folder of its own with {@link #writer} (a CSV appears whole at its commit, or not at all), and the
 * experiment reads them with {@link #read} once the worker has exited 0.
 */
public final class WorkerRows {
    private WorkerRows() {}

    /** The CSV of {@code schema} a worker writes under {@code dir}: {@code dir/<study>/<experiment>.csv}. */
    public static CsvResults writer(Path dir, ResultsSchema schema) {
        return CsvResults.open(dir, schema);
    }

    /** The rows of the CSV of {@code schema} a worker wrote under {@code dir}, each cell by its column's name. */
    public static List<Map<String, String>> read(Path dir, ResultsSchema schema) {
        Path file = dir.resolve(schema.study()).resolve(schema.fileName());
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                CSVParser csv = CSVFormat.DEFAULT
                        .builder()
                        .setHeader()
                        .setSkipHeaderRecord(true)
                        .get()
                        .parse(in)) {
            if (!csv.getHeaderNames().equals(schema.names())) {
                throw new LabException(file + ": its header " + csv.getHeaderNames() + " is not " + schema.fileName()
                        + "'s " + schema.names());
            }
            List<Map<String, String>> rows = new ArrayList<>();
            for (CSVRecord row : csv) {
                rows.add(row.toMap());
            }
            return rows;
        } catch (IOException e) {
            throw LabException.cannot("read the worker's rows", file, e);
        }
    }
}
