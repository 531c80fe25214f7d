package labbook.core;

import java.util.Objects;

/**
 * One column of an experiment's results CSV: its name, which carries the unit ({@code sync_ms}, {@code file_bytes}),
 * the kind of value it holds, and what it means. A study module declares each column once, as a constant; the
 * experiment writes rows by these constants and {@code reports} reads the CSV by the same constants, so the two cannot
 * drift apart.
 */
public record Column(String name, Kind kind, String meaning) {

    /** How a reader should parse the column: text as strings, counts as longs, measures as doubles. */
    public enum Kind {
        TEXT,
        COUNT,
        MEASURE
    }

    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        if (!name.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("a column name is lower_snake_case with its unit: '" + name + "'");
        }
    }

    public static Column text(String name, String meaning) {
        return new Column(name, Kind.TEXT, meaning);
    }

    public static Column count(String name, String meaning) {
        return new Column(name, Kind.COUNT, meaning);
    }

    public static Column measure(String name, String meaning) {
        return new Column(name, Kind.MEASURE, meaning);
    }

    @Override
    public String toString() {
        return name;
    }
}
