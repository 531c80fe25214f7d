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
 */
public record ResultsSchema(String study, String experiment, List<Column> columns) {

    public ResultsSchema {
        Objects.requireNonNull(study, "study");
        Objects.requireNonNull(experiment, "experiment");
        columns = List.copyOf(columns);
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
    }

    public static ResultsSchema of(String study, String experiment, Column... columns) {
        return new ResultsSchema(study, experiment, Arrays.asList(columns));
    }

    /** This schema with more columns after its own (for an experiment that extends another's rows). */
    public ResultsSchema plus(String experiment, Column... more) {
        List<Column> all = new ArrayList<>(columns);
        all.addAll(Arrays.asList(more));
        return new ResultsSchema(study, experiment, all);
    }

    public List<String> names() {
        return columns.stream().map(Column::name).toList();
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
