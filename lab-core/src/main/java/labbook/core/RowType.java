package labbook.core;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A CSV's row as a record: the one binding between a {@link ResultsSchema} and the record type its experiment writes
 * and reads back. Each column is a component of the record, named as the column in camel case ({@code loop_elapsed_s}
 * is {@code loopElapsedS}), and of a type that fits its {@link Column.Kind}: text a {@code String} or {@code Boolean},
 * counts {@code int} or {@code long}, measures {@code double}; boxed where a value may be absent (an empty cell). The
 * binding is checked once, when it is made, so a column without its component, a component without its column or a
 * misfit type fails at the first use of the type, not in the report.
 *
 * <p>The schema stays the declaration of the columns (their names, units, meanings, keys and timings); the record is
 * their values. Writers, resumes and worker processes pass the record, and nothing reads a column by its position.
 */
public final class RowType<R extends Record> {
    private final ResultsSchema schema;
    private final Class<R> type;
    /** Per column, in the schema's order: its component's accessor and place in the canonical constructor. */
    private final List<Method> accessors;

    private final int[] places;
    /** Per component no column names (a part): its value when read back, NaN or null; null where a column names it. */
    private final Object[] absent;

    private final Constructor<R> constructor;

    private RowType(ResultsSchema schema, Class<R> type, boolean part) {
        this.schema = schema;
        this.type = type;
        RecordComponent[] components = type.getRecordComponents();
        Map<String, RecordComponent> byName = new LinkedHashMap<>();
        Map<String, Integer> place = new LinkedHashMap<>();
        for (int i = 0; i < components.length; i++) {
            byName.put(components[i].getName(), components[i]);
            place.put(components[i].getName(), i);
        }
        this.places = new int[schema.columns().size()];
        List<String> faults = new ArrayList<>();
        this.accessors = new ArrayList<>();
        for (int i = 0; i < schema.columns().size(); i++) {
            Column column = schema.columns().get(i);
            RecordComponent c = byName.remove(componentName(column.name()));
            if (c == null) {
                faults.add("no component " + componentName(column.name()) + " for column " + column.name());
                continue;
            }
            if (!fits(column.kind(), c.getType())) {
                faults.add(c.getName() + " is " + c.getType().getSimpleName() + ", which cannot hold "
                        + column.kind().name().toLowerCase(java.util.Locale.ROOT) + " column " + column.name());
            }
            Method accessor = c.getAccessor();
            accessor.setAccessible(true); // a record of an experiment's package, read here in lab-core
            accessors.add(accessor);
            places[i] = place.get(c.getName());
        }
        this.absent = new Object[components.length];
        for (RecordComponent c : byName.values()) {
            if (!part) {
                faults.add("component " + c.getName() + " is no column of " + schema);
            } else if (c.getType() == double.class) {
                absent[place.get(c.getName())] = Double.NaN;
            } else if (c.getType().isPrimitive()) {
                faults.add("component " + c.getName() + ", which no column of " + schema
                        + " holds, cannot be left empty (a " + c.getType() + ")");
            }
        }
        if (!faults.isEmpty()) {
            throw new IllegalArgumentException(
                    type.getSimpleName() + " does not match " + schema + ": " + String.join("; ", faults));
        }
        try {
            this.constructor = type.getDeclaredConstructor(
                    Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
            constructor.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(type + " has no canonical constructor", e);
        }
    }

    /** The binding of {@code schema} to {@code type}; throws, naming each mismatch, where they do not match. */
    public static <R extends Record> RowType<R> of(ResultsSchema schema, Class<R> type) {
        return new RowType<>(schema, type, false);
    }

    /**
     * The binding of {@code schema} to part of {@code type}: a record that carries more than this CSV holds (a worker's
     * row with columns the results CSV leaves out). Every column must still have its component; a component no column
     * names is not written, and reads back as NaN (a {@code double}) or null (a boxed type).
     */
    public static <R extends Record> RowType<R> part(ResultsSchema schema, Class<R> type) {
        return new RowType<>(schema, type, true);
    }

    public ResultsSchema schema() {
        return schema;
    }

    /** {@code loop_elapsed_s} as a record component: {@code loopElapsedS}. */
    static String componentName(String column) {
        StringBuilder b = new StringBuilder(column.length());
        boolean upper = false;
        for (int i = 0; i < column.length(); i++) {
            char ch = column.charAt(i);
            if (ch == '_') {
                upper = true;
            } else {
                b.append(upper ? Character.toUpperCase(ch) : ch);
                upper = false;
            }
        }
        return b.toString();
    }

    private static boolean fits(Column.Kind kind, Class<?> t) {
        return switch (kind) {
            case TEXT -> t == String.class || t == Boolean.class || t == boolean.class;
            case COUNT -> t == int.class || t == Integer.class || t == long.class || t == Long.class;
            case MEASURE -> t == double.class || t == Double.class;
        };
    }

    /** Fills {@code row} (of this schema) with {@code value}'s components, column by column. */
    public void fill(Row row, R value) {
        for (int i = 0; i < accessors.size(); i++) {
            row.set(schema.columns().get(i), get(i, value));
        }
    }

    private Object get(int i, R value) {
        try {
            return accessors.get(i).invoke(value);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + accessors.get(i).getName() + " of " + value, e);
        }
    }

    /**
     * The record of one row read back by column name ({@code cells}: current column names to cell text, as a CSV's
     * reader gives them): an empty cell is null, which only a boxed component may hold. A cell that does not parse as
     * its column's kind is one {@link LabException} line naming the column, the text and {@code source}.
     */
    public R read(Map<String, String> cells, String source) {
        return read(new WorkerRows.Cells(cells, source));
    }

    /** The records of {@code rows} (each by current column name, as {@link CsvJournal#kept} gives them). */
    public List<R> readAll(List<Map<String, String>> rows, String source) {
        List<R> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            out.add(read(rows.get(i), source + " row " + (i + 1)));
        }
        return out;
    }

    /**
     * The record of one row of a worker's CSV ({@link WorkerRows}), or of any row by column name: each cell parsed by
     * {@link WorkerRows.Cells} as its column's kind, and an empty one null where the component is boxed.
     */
    public R read(WorkerRows.Cells cells) {
        Object[] args = absent.clone();
        for (int i = 0; i < accessors.size(); i++) {
            args[places[i]] = parse(schema.columns().get(i), accessors.get(i).getReturnType(), cells);
        }
        try {
            return constructor.newInstance(args);
        } catch (InstantiationException | IllegalAccessException e) {
            throw new IllegalStateException("cannot make a " + type.getSimpleName(), e);
        } catch (InvocationTargetException e) {
            throw new LabException(cells.source() + ": a row of " + schema + " the record refuses: "
                    + e.getCause().getMessage());
        }
    }

    /** A cell as the component's type: {@link WorkerRows.Cells} parses and words its errors; empty is null if boxed. */
    private static Object parse(Column column, Class<?> t, WorkerRows.Cells cells) {
        String text = cells.text(column);
        if (text.isEmpty() && t != double.class) {
            if (t.isPrimitive()) {
                throw new LabException(cells.source() + ": " + column.name() + " is empty where a value must be");
            }
            return null;
        }
        if (t == Boolean.class || t == boolean.class) {
            if (!text.equals("true") && !text.equals("false")) {
                throw new LabException(cells.source() + ": " + column.name() + " '" + text + "' is not true or false");
            }
            return Boolean.valueOf(text);
        }
        if (t == int.class || t == Integer.class) {
            return cells.intCount(column);
        }
        if (t == long.class || t == Long.class) {
            return cells.count(column);
        }
        if (t == double.class || t == Double.class) {
            return cells.measure(column); // an empty cell, a value not measured, is NaN as the writer wrote it
        }
        return text;
    }
}
