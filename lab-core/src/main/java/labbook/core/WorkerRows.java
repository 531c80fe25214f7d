package labbook.core;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The one reader of the rows a worker JVM hands back to the experiment that started it: a CSV of the experiment's own
 * schema, written by the worker with {@link #writer} ({@link CsvResults}: a CSV appears whole at its commit, or not at
 * all), read here by column name (never by position), so that writer and reader share the schema's declaration. A
 * header that lacks a column of the schema, or a cell that is not of its column's kind, is one line naming the file.
 */
public final class WorkerRows {
    private WorkerRows() {}

    /** The CSV of {@code schema} a worker writes under {@code dir}: {@code dir/<study>/<experiment>.csv}. */
    public static CsvResults writer(Path dir, ResultsSchema schema) {
        return CsvResults.open(dir, schema);
    }

    /** The rows a worker wrote with {@link #writer} under {@code dir}. */
    public static List<Cells> readIn(Path dir, ResultsSchema schema) {
        return read(dir.resolve(schema.study()).resolve(schema.fileName()), schema);
    }

    /** Every row of {@code csv}, whose header must hold every column of {@code schema} (in any order). */
    public static List<Cells> read(Path csv, ResultsSchema schema) {
        List<Cells> rows = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8);
                CSVParser parser = CSVParser.builder()
                        .setReader(r)
                        .setFormat(CSVFormat.DEFAULT
                                .builder()
                                .setHeader()
                                .setSkipHeaderRecord(true)
                                .get())
                        .get()) {
            for (String name : schema.names()) {
                if (!parser.getHeaderMap().containsKey(name)) {
                    throw new LabException(csv + ": no column '" + name + "' (not a " + schema + " written by this"
                            + " lab's worker)");
                }
            }
            for (CSVRecord record : parser) {
                if (!record.isConsistent()) {
                    throw new LabException(csv + " row " + record.getRecordNumber() + ": " + record.size()
                            + " fields for " + parser.getHeaderMap().size() + " columns");
                }
                rows.add(new Cells(record.toMap(), csv + " row " + record.getRecordNumber()));
            }
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            throw LabException.cannot("read the worker's rows in", csv, e);
        }
        return rows;
    }

    /**
     * One row's cells by column, each parsed as its column's kind; {@code source} names the file and row (1: the first
     * after the header).
     */
    public record Cells(Map<String, String> byName, String source) {
        public String text(Column column) {
            String v = byName.get(column.name());
            if (v == null) {
                throw new LabException(source + ": no column '" + column.name() + "'");
            }
            return v;
        }

        public long count(Column column) {
            String v = text(column);
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new LabException(source + ": " + column.name() + " '" + v + "' is not a whole number");
            }
        }

        public int intCount(Column column) {
            long v = count(column);
            if (v != (int) v) {
                throw new LabException(source + ": " + column.name() + " " + v + " is out of range");
            }
            return (int) v;
        }

        /** An empty cell is a value that was not measured (the writer writes NaN so). */
        public double measure(Column column) {
            String v = text(column);
            if (v.isEmpty()) {
                return Double.NaN;
            }
            try {
                return Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw new LabException(source + ": " + column.name() + " '" + v + "' is not a number");
            }
        }
    }
}
