package labbook.core;

/**
 * One row being filled by column, for {@link CsvResults#row(java.util.function.Consumer)}: every column of the schema
 * must be set exactly once (null for a value that does not apply, written as an empty cell), so a forgotten or misspelt
 * column fails at the first row, not in the report.
 */
public final class Row {
    private final ResultsSchema schema;
    private final Object[] values;
    private final boolean[] set;

    Row(ResultsSchema schema) {
        this.schema = schema;
        this.values = new Object[schema.columns().size()];
        this.set = new boolean[values.length];
    }

    public Row set(Column column, Object value) {
        int i = schema.indexOf(column);
        if (set[i]) {
            throw new IllegalArgumentException("column '" + column.name() + "' set twice in a row of " + schema);
        }
        values[i] = value;
        set[i] = true;
        return this;
    }

    Object[] values() {
        for (int i = 0; i < set.length; i++) {
            if (!set[i]) {
                throw new IllegalArgumentException(
                        "column '" + schema.columns().get(i).name() + "' not set in a row of " + schema);
            }
        }
        return values;
    }
}
