package labbook.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One column of an experiment's results CSV: its name, which carries the unit ({@code sync_ms}, {@code file_bytes}),
 * the kind of value it holds, and what it means. A study module declares each column once, as a constant; the
 * experiment writes rows by these constants and {@code reports} reads the CSV by the same constants, so the two cannot
 * drift apart.
 *
 * <p>A column renamed (because its old name meant one thing in one CSV and another in the next) keeps its old names as
 * {@code formerNames}: the readers of results take a CSV written under an old name as written under the new one, so
 * results committed or kept before the rename still load.
 */
public record Column(String name, Kind kind, String meaning, List<String> formerNames) {

    /** How a reader should parse the column: text as strings, counts as longs, measures as doubles. */
    public enum Kind {
        TEXT,
        COUNT,
        MEASURE
    }

    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        formerNames = List.copyOf(formerNames);
        for (String n : formerNames) {
            if (!NAME.matcher(n).matches() || n.equals(name)) {
                throw new IllegalArgumentException("'" + n + "' cannot be a former name of column '" + name + "'");
            }
        }
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a column name is lower_snake_case with its unit: '" + name + "'");
        }
    }

    public Column(String name, Kind kind, String meaning) {
        this(name, kind, meaning, List.of());
    }

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

    /** This column, which CSVs written before its rename named {@code oldNames}. */
    public Column formerly(String... oldNames) {
        List<String> all = new ArrayList<>(formerNames);
        all.addAll(Arrays.asList(oldNames));
        return new Column(name, kind, meaning, all);
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
