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
 * <p>A component that is itself a record, and is named by no column, is flattened: its own components are columns of
 * the row (and so on down). Columns that several CSVs share are so declared once, as one record that each row holds
 * (level-sweep's and level-decrypt's rows hold the file, engine and level they measured as one record), and a measured
 * sample whose components are columns (a {@code Sample} of CPU and wall time) is a component as it is.
 *
 * <p>The schema stays the declaration of the columns (their names, units, meanings, keys and timings); the record is
 * their values. Writers, resumes and worker processes pass the record, and nothing reads a column by its position.
 */
public final class RowType<R extends Record> {
    private final ResultsSchema schema;
    private final Class<R> type;
    /** Per column, in the schema's order: the accessors from the row's record down to the column's value. */
    private final Method[][] paths;
    /** The row's record, as its components map to the columns. */
    private final Shape shape;

    private RowType(ResultsSchema schema, Class<R> type, boolean part) {
        this.schema = schema;
        this.type = type;
        Map<String, Integer> columns = new LinkedHashMap<>();
        for (int i = 0; i < schema.columns().size(); i++) {
            columns.put(componentName(schema.columns().get(i).name()), i);
        }
        this.paths = new Method[columns.size()][];
        List<String> faults = new ArrayList<>();
        this.shape = new Shape(type, new Method[0], new Binding(schema, columns, Arrays.asList(paths), part, faults));
        List<String> unheld = new ArrayList<>();
        for (int i = 0; i < paths.length; i++) {
            if (paths[i] == null) {
                String column = schema.columns().get(i).name();
                unheld.add("no component " + componentName(column) + " for column " + column);
            }
        }
        faults.addAll(0, unheld);
        if (!faults.isEmpty()) {
            throw new IllegalArgumentException(
                    type.getSimpleName() + " does not match " + schema + ": " + String.join("; ", faults));
        }
    }

    /**
     * What a binding is being made against, and what it finds: each column's path ({@code paths}, a view of the
     * binding's array, written through), and each fault.
     */
    private record Binding(
            ResultsSchema schema,
            Map<String, Integer> columns,
            List<Method[]> paths,
            boolean part,
            List<String> faults) {}

    /** What a record's component is, read back: a column's value, a flattened record, or a part's absent value. */
    private interface Slot {
        /** Its value, from each column's value ({@code values}, in the schema's order). */
        Object value(Object[] values) throws InvocationTargetException;
    }

    /** A component that a column holds: that column's value. */
    private record ColumnSlot(int column) implements Slot {
        @Override
        public Object value(Object[] values) {
            return values[column];
        }
    }

    /** A part's component that no column holds: what it reads back as, NaN or null. */
    private record Absent(Object absent) implements Slot {
        @Override
        public Object value(Object[] values) {
            return absent;
        }
    }

    /** A record type, as its components map to the columns: the row's record, or one flattened into it. */
    private static final class Shape implements Slot {
        private final Constructor<?> constructor;
        private final Slot[] slots;

        Shape(Class<?> type, Method[] path, Binding binding) {
            RecordComponent[] components = type.getRecordComponents();
            this.slots = new Slot[components.length];
            for (int k = 0; k < components.length; k++) {
                RecordComponent c = components[k];
                Method accessor = c.getAccessor();
                accessor.setAccessible(true); // a record of an experiment's package, read here in lab-core
                Method[] to = Arrays.copyOf(path, path.length + 1);
                to[path.length] = accessor;
                Integer column = binding.columns().get(c.getName());
                if (column != null) {
                    slots[k] = new ColumnSlot(column);
                    bindColumn(c, column, to, binding);
                } else if (c.getType().isRecord()) {
                    slots[k] = new Shape(c.getType(), to, binding);
                } else if (!binding.part()) {
                    binding.faults().add("component " + c.getName() + " is no column of " + binding.schema());
                } else if (c.getType() == double.class) {
                    slots[k] = new Absent(Double.NaN);
                } else if (c.getType().isPrimitive()) {
                    binding.faults()
                            .add("component " + c.getName() + ", which no column of " + binding.schema()
                                    + " holds, cannot be left empty (a " + c.getType() + ")");
                } else {
                    slots[k] = new Absent(null);
                }
            }
            try {
                this.constructor = type.getDeclaredConstructor(
                        Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
                constructor.setAccessible(true);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type + " has no canonical constructor", e);
            }
        }

        private static void bindColumn(RecordComponent c, int column, Method[] path, Binding binding) {
            Column declared = binding.schema().columns().get(column);
            if (binding.paths().get(column) != null) {
                binding.faults()
                        .add("column " + declared.name() + " is held twice, by "
                                + name(binding.paths().get(column)) + " and " + name(path));
                return;
            }
            if (!fits(declared.kind(), c.getType())) {
                binding.faults()
                        .add(c.getName() + " is " + c.getType().getSimpleName() + ", which cannot hold "
                                + declared.kind().name().toLowerCase(java.util.Locale.ROOT) + " column "
                                + declared.name());
            }
            binding.paths().set(column, path);
        }

        /** The record of these components (a binding with faults is refused before any is made: no slot is null). */
        @Override
        public Object value(Object[] values) throws InvocationTargetException {
            Object[] args = new Object[slots.length];
            for (int k = 0; k < slots.length; k++) {
                args[k] = slots[k].value(values);
            }
            try {
                return constructor.newInstance(args);
            } catch (InstantiationException | IllegalAccessException e) {
                throw new IllegalStateException("cannot make a " + constructor.getDeclaringClass(), e);
            }
        }
    }

    /** "at.level": a column's path of components, for a message. */
    private static String name(Method[] path) {
        return String.join(".", Arrays.stream(path).map(Method::getName).toList());
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
        for (int i = 0; i < paths.length; i++) {
            row.set(schema.columns().get(i), get(i, value));
        }
    }

    private Object get(int i, R value) {
        Object v = value;
        try {
            for (Method accessor : paths[i]) {
                v = accessor.invoke(v);
            }
            return v;
        } catch (IllegalAccessException | InvocationTargetException | NullPointerException e) {
            throw new IllegalStateException("cannot read " + name(paths[i]) + " of " + value, e);
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
        Object[] values = new Object[paths.length];
        for (int i = 0; i < paths.length; i++) {
            values[i] = parse(schema.columns().get(i), paths[i][paths[i].length - 1].getReturnType(), cells);
        }
        try {
            return type.cast(shape.value(values));
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
