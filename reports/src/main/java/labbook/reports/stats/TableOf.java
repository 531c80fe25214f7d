package labbook.reports.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * An analysis table declared column by column over a list of rows: each column's name stands beside the value it holds,
 * instead of a column made at the top of a method and appended to in a loop below it.
 *
 * <pre>{@code
 * Table t = TableOf.rows(levels)
 *         .text("level", l -> "-z " + l.level())
 *         .number("bcpg / gpg", Level::ratio)
 *         .named("decrypt");
 * }</pre>
 *
 * @param <R> one row of the table
 */
public final class TableOf<R> {
    private final List<R> rows;
    private final List<Column<?>> columns = new ArrayList<>();

    private TableOf(List<R> rows) {
        this.rows = rows;
    }

    /** A table with one row per element of {@code rows}, in their order. */
    public static <R> TableOf<R> rows(List<R> rows) {
        return new TableOf<>(List.copyOf(rows));
    }

    /** A text column; a null value is a missing cell. */
    public TableOf<R> text(String name, Function<? super R, String> value) {
        StringColumn c = StringColumn.create(name);
        rows.forEach(r -> c.append(value.apply(r)));
        return add(c);
    }

    /** A number column; NaN is a missing cell. */
    public TableOf<R> number(String name, ToDoubleFunction<? super R> value) {
        DoubleColumn c = DoubleColumn.create(name);
        rows.forEach(r -> c.append(value.applyAsDouble(r)));
        return add(c);
    }

    /** A column of whole numbers (counts). */
    public TableOf<R> count(String name, ToIntFunction<? super R> value) {
        IntColumn c = IntColumn.create(name);
        rows.forEach(r -> c.append(value.applyAsInt(r)));
        return add(c);
    }

    /** The table, named {@code name}. */
    public Table named(String name) {
        return Table.create(name).addColumns(columns.toArray(Column<?>[]::new));
    }

    private TableOf<R> add(Column<?> c) {
        if (columns.stream().anyMatch(x -> x.name().equals(c.name()))) {
            throw new IllegalArgumentException("column '" + c.name() + "' declared twice");
        }
        columns.add(c);
        return this;
    }
}
