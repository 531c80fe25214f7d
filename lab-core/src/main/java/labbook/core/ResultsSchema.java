package labbook.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The contract of one experiment's CSV, {@code <root>/<study>/<experiment>.csv}: its columns in order. Declared once
 * per experiment in its study module; {@link LabRun#csv(ResultsSchema)} writes by it and {@code reports} loads by it. A
 * reader accepts extra columns (an older or newer writer) but a promised column that is missing is a schema error.
 *
 * <p>A schema may also say which of its columns name one measurement ({@code keys}: rows equal on them are repeats of
 * it) and which timings a comparison of two runs compares ({@code timings}, lower is better, the primary one first):
 * {@code reports compare} matches rows of two runs by exactly these, so the match comes from the writer's declaration.
 * It may also name the column of its rounds ({@code round}, null for none): rows of one round were measured moments
 * apart, every measurement once, so a bootstrap over the repeats draws whole rounds (the same ones for every
 * measurement) before it draws repeats inside them.
 */
public record ResultsSchema(
        String study, String experiment, List<Column> columns, List<Column> keys, List<Column> timings, Column round) {

    public ResultsSchema {
        Objects.requireNonNull(study, "study");
        Objects.requireNonNull(experiment, "experiment");
        columns = List.copyOf(columns);
        keys = List.copyOf(keys);
        timings = List.copyOf(timings);
        if (columns.isEmpty()) {
            throw new IllegalArgumentException(study + "/" + experiment + ": a results CSV needs at least one column");
        }
        Set<String> names = new LinkedHashSet<>();
        for (Column c : columns) {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException(
                        study + "/" + experiment + ": column '" + c.name() + "' declared twice");
            }
        }
        Set<String> former = new LinkedHashSet<>();
        for (Column c : columns) {
            for (String n : c.formerNames()) {
                if (names.contains(n) || !former.add(n)) {
                    throw new IllegalArgumentException(study + "/" + experiment + ": '" + n
                            + "' would name two columns (a former name is no other column's name)");
                }
            }
        }
        for (Column k : keys) {
            if (!columns.contains(k) || k.kind() == Column.Kind.MEASURE) {
                throw new IllegalArgumentException(
                        study + "/" + experiment + ": key '" + k.name() + "' is not a text or count column of it");
            }
        }
        if (round != null && (!columns.contains(round) || round.kind() != Column.Kind.COUNT)) {
            throw new IllegalArgumentException(
                    study + "/" + experiment + ": round '" + round.name() + "' is not a count column of it");
        }
        for (Column t : timings) {
            if (!columns.contains(t) || t.kind() != Column.Kind.MEASURE) {
                throw new IllegalArgumentException(
                        study + "/" + experiment + ": timing '" + t.name() + "' is not a measure column of it");
            }
        }
    }

    public ResultsSchema(String study, String experiment, List<Column> columns) {
        this(study, experiment, columns, List.of(), List.of(), null);
    }

    public static ResultsSchema of(String study, String experiment, Column... columns) {
        return new ResultsSchema(study, experiment, Arrays.asList(columns));
    }

    /** This schema with more columns after its own (for an experiment that extends another's rows). */
    public ResultsSchema plus(String experiment, Column... more) {
        List<Column> all = new ArrayList<>(columns);
        all.addAll(Arrays.asList(more));
        return new ResultsSchema(study, experiment, all, keys, timings, round);
    }

    /** This schema with the columns that name one measurement: rows equal on all of them are its repeats. */
    public ResultsSchema keyedBy(Column... keyColumns) {
        return new ResultsSchema(study, experiment, columns, Arrays.asList(keyColumns), timings, round);
    }

    /** This schema with the timings a comparison of two runs compares (lower is better), the primary one first. */
    public ResultsSchema comparing(Column... timingColumns) {
        return new ResultsSchema(study, experiment, columns, keys, Arrays.asList(timingColumns), round);
    }

    /** This schema with the column that numbers its rounds (see the class comment). */
    public ResultsSchema inRounds(Column roundColumn) {
        return new ResultsSchema(study, experiment, columns, keys, timings, roundColumn);
    }

    /** True when two runs' rows of this CSV can be compared: it declares its keys and at least one timing. */
    public boolean comparable() {
        return !keys.isEmpty() && !timings.isEmpty();
    }

    public List<String> names() {
        return columns.stream().map(Column::name).toList();
    }

    /**
     * The name under which this schema declares the column a CSV's header calls {@code headerName}: the column's own
     * name, or, for a header written before a rename, the new name of the column it was ({@link Column#formerNames});
     * {@code headerName} itself for a column this schema does not declare.
     */
    public String currentName(String headerName) {
        for (Column c : columns) {
            if (c.name().equals(headerName) || c.formerNames().contains(headerName)) {
                return c.name();
            }
        }
        return headerName;
    }

    public int indexOf(Column column) {
        int i = columns.indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException("column '" + column.name() + "' is not in " + this);
        }
        return i;
    }

    public String fileName() {
        return experiment + ".csv";
    }

    /** The columns as a Markdown table (name, kind, meaning), for READMEs and notebooks. */
    public String markdown() {
        return "| column | kind | meaning |\n|---|---|---|\n"
                + columns.stream()
                        .map(c -> "| `" + c.name() + "` | " + c.kind().name().toLowerCase(java.util.Locale.ROOT) + " | "
                                + c.meaning() + " |")
                        .collect(Collectors.joining("\n"));
    }

    @Override
    public String toString() {
        return study + "/" + fileName();
    }
}
