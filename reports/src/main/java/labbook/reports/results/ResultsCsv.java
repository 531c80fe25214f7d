package labbook.reports.results;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import labbook.core.BoundedFile;
import labbook.core.LabException;
import labbook.core.Reasons;
import labbook.core.ResultsSchema;
import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * One results CSV as a Tablesaw table, read only after {@link CsvCheck} has passed it line by line, so a bad file fails
 * with one line naming the file (and the line) rather than a Tablesaw stack trace later. A UTF-8 byte-order mark before
 * the header is skipped, as spreadsheets write one. A column written under a former name is read under its new one
 * ({@link labbook.core.Column#formerNames}), so results made before a rename load as those made after it.
 */
public final class ResultsCsv {
    /** The largest results CSV read (the full-mode sweeps write a few MB). */
    public static final long LIMIT = 512L << 20;

    static final String WHAT = "a results CSV";

    private static final char BOM = '\uFEFF';

    private ResultsCsv() {}

    /**
     * Reads one CSV after checking it: the header holds every declared column, every row has as many fields as the
     * header, every declared number parses, and no declared duration, size or rate is below 0. {@code schema} is null
     * for a CSV no study module declares.
     */
    public static Table read(Path csv, ResultsSchema schema, String experiment) {
        Map<String, ColumnType> types;
        try {
            types = CsvCheck.check(csv, schema, experiment);
        } catch (OutOfMemoryError e) { // a field of hundreds of MB
            throw tooLargeForTheHeap(csv);
        }
        try (Reader reader = text(csv)) {
            CsvReadOptions options = CsvReadOptions.builder(reader)
                    .tableName(experiment)
                    .columnTypes(types::get)
                    .missingValueIndicator("", "NaN")
                    .build();
            Table table = Table.read().usingOptions(options);
            if (schema != null) {
                for (tech.tablesaw.columns.Column<?> c : table.columns()) {
                    c.setName(schema.currentName(c.name())); // a column written under its former name
                }
            }
            return table;
        } catch (IOException e) {
            throw failed(csv, e);
        } catch (OutOfMemoryError e) {
            throw tooLargeForTheHeap(csv);
        } catch (RuntimeException e) {
            if (BoundedFile.isOverLimit(e)) {
                throw BoundedFile.overLimit(csv, LIMIT, WHAT);
            }
            throw new LabException(csv + ": cannot load (" + Reasons.of(e) + ")", e);
        }
    }

    /** A CSV as UTF-8 text, strictly decoded, without a leading byte-order mark. */
    static Reader text(Path csv) throws IOException {
        CharsetDecoder utf8 = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        BufferedReader reader = new BufferedReader(new InputStreamReader(BoundedFile.open(csv, LIMIT), utf8));
        try {
            reader.mark(1);
            if (reader.read() != BOM) {
                reader.reset();
            }
        } catch (IOException e) {
            reader.close();
            throw e;
        }
        return reader;
    }

    static LabException failed(Path csv, IOException e) {
        return BoundedFile.failed("read", csv, LIMIT, WHAT, e);
    }

    private static LabException tooLargeForTheHeap(Path csv) {
        return new LabException(csv + ": too large to load in this JVM's heap (at most "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB); split it or give Java more memory (-Xmx)");
    }
}
