package labbook.reports.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import labbook.core.Column;
import labbook.core.RowType;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.Table;

/**
 * A results table's rows as the records its experiment writes, through lab-core's {@link RowType} (the one binding of a
 * row to its schema): where a report takes a CSV row by row, it reads the components of the experiment's own record
 * rather than cells by column name, so that a column is named in its schema and its record alone. Where a report
 * groups, filters and summarises, it works on the Tablesaw table by the schema's {@link Column} constants.
 *
 * <p>The table may be a resample ({@link Resample}) as well as a CSV as loaded; its declared columns hold what
 * {@link CsvCheck} typed them as (a text column as text, a count as a long, a measure as a double), so each cell goes
 * back to the text its writer wrote: a missing cell empty, a double in {@link Double#toString}'s exact form (never
 * through the column's print format, which a page may have set).
 */
public final class TableRows {
    private TableRows() {}

    /** The records of {@code table}'s rows, in order; {@code source} names the table in a row's error line. */
    public static <R extends Record> List<R> of(Table table, RowType<R> type, String source) {
        List<Column> columns = type.schema().columns().stream()
                .filter(c -> table.containsColumn(c.name()))
                .toList(); // an absent one is the row's "no column" line, which RowType gives
        List<R> out = new ArrayList<>(table.rowCount());
        for (int row = 0; row < table.rowCount(); row++) {
            Map<String, String> cells = new HashMap<>();
            for (Column c : columns) {
                cells.put(c.name(), text(table.column(c.name()), row));
            }
            out.add(type.read(cells, source + " row " + (row + 1)));
        }
        return out;
    }

    private static String text(tech.tablesaw.columns.Column<?> column, int row) {
        if (column.isMissing(row)) {
            return "";
        }
        if (column instanceof DoubleColumn d) {
            return Double.toString(d.getDouble(row));
        }
        if (column instanceof LongColumn l) {
            return Long.toString(l.getLong(row));
        }
        return column.getString(row);
    }
}
