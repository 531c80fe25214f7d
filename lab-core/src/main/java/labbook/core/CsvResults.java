package labbook.core;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.io.IOUtils;

/**
 * One experiment's raw results: {@code <results root>/<study>/<experiment>.csv}, a header row with units in the column
 * names, then one row per measurement (every repeat, never aggregated).
 *
 * <p>Rows go to a hidden temporary file in the same folder; {@link #commit()} syncs it and renames it over the target
 * in one step, so a run killed midway leaves the previous CSV (or none), never half of one. Closing without committing
 * throws the rows away.
 */
public final class CsvResults implements AutoCloseable {
    private final Path target;
    private final PartialFile temp;
    private final List<String> columns;
    private final ResultsSchema schema;
    private final CSVPrinter printer;
    private long rows;
    private boolean done;
    private Runnable onCommit = () -> {};

    CsvResults(Path target, ResultsSchema schema) {
        this(target, schema.names(), schema);
    }

    CsvResults(Path target, List<String> columns) {
        this(target, columns, null);
    }

    private CsvResults(Path target, List<String> columns, ResultsSchema schema) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a results CSV needs at least one column");
        }
        this.target = target;
        this.schema = schema;
        this.columns = List.copyOf(columns);
        try {
            Files.createDirectories(target.getParent());
            this.temp = PartialFile.create(target, false);
            BufferedWriter writer = new BufferedWriter(
                    new OutputStreamWriter(temp.newOutputStream(), StandardCharsets.UTF_8.newEncoder()));
            this.printer = new CSVPrinter(
                    writer, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get());
            printer.printRecord(this.columns);
        } catch (IOException e) {
            throw new LabException("cannot write results in " + target.getParent() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Opens {@code <root>/<study>/<experiment>.csv} for writing by its schema; prefer
     * {@link LabRun#csv(ResultsSchema)}.
     */
    public static CsvResults open(Path resultsRoot, ResultsSchema schema) {
        return new CsvResults(resultsRoot.resolve(schema.study()).resolve(schema.fileName()), schema);
    }

    /** Opens {@code <root>/<study>/<experiment>.csv} for writing; prefer {@link LabRun#csv}. */
    public static CsvResults open(Path resultsRoot, String study, String experiment, List<String> columns) {
        return new CsvResults(resultsRoot.resolve(study).resolve(experiment + ".csv"), columns);
    }

    CsvResults trackedBy(LabRun run, String experiment) {
        onCommit = () -> run.committed(experiment);
        return this;
    }

    public Path path() {
        return target;
    }

    public List<String> columns() {
        return columns;
    }

    public long rowCount() {
        return rows;
    }

    /**
     * Appends one measurement, filled by column (as {@link #row(RowType, Record)} fills it from a record). Every column
     * of the schema must be set once.
     */
    public CsvResults row(java.util.function.Consumer<Row> fill) {
        if (schema == null) {
            throw new IllegalStateException(
                    target.getFileName() + " was opened without a schema; open it with LabRun.csv(ResultsSchema)");
        }
        Row r = new Row(schema);
        fill.accept(r);
        return row(r.values());
    }

    /** Appends one measurement: {@code value}'s components, column by column, as {@code type} binds them. */
    public <R extends Record> CsvResults row(RowType<R> type, R value) {
        return row(r -> type.fill(r, value));
    }

    /** Appends one measurement; values in column order. Doubles are written in plain locale-free form. */
    public CsvResults row(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException("row has " + values.length + " values for " + columns.size()
                    + " columns " + columns + " in " + target.getFileName());
        }
        Object[] cells = cells(values);
        try {
            printer.printRecord(cells);
        } catch (IOException e) {
            throw LabException.cannot("write", temp.path(), e);
        }
        rows++;
        return this;
    }

    /** Makes the CSV visible, whole, at its final path. */
    public Path commit() {
        if (done) {
            throw new IllegalStateException(target + " was already closed");
        }
        try {
            printer.close(true);
            temp.commit();
            done = true;
            onCommit.run();
            return target;
        } catch (IOException e) {
            throw new LabException("cannot save " + target + ": " + e.getMessage(), e);
        }
    }

    /** Without a commit, the rows are thrown away and any previous CSV stays as it was. */
    @Override
    public void close() {
        if (!done) {
            done = true;
            IOUtils.closeQuietly(printer); // a failed close loses nothing: the temporary file is deleted next
            temp.close();
        }
    }

    /** A row's values as the CSV writes them ({@link #format}). */
    static Object[] cells(Object[] values) {
        Object[] cells = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            cells[i] = format(values[i]);
        }
        return cells;
    }

    static String format(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double d) {
            return d.isNaN() || d.isInfinite() ? "" : String.format(Locale.ROOT, "%s", trim(d));
        }
        if (value instanceof Float f) {
            return format(f.doubleValue());
        }
        return value.toString();
    }

    private static String trim(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }
}
