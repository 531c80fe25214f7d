package labbook.reports.results;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.core.ResultsSchema;
import labbook.core.RowType;
import tech.tablesaw.api.Table;

/**
 * Everything one results root holds (one machine, or one run at one time): each study's results. {@code label} names it
 * on the site and in chart legends ("host" or "host: folder").
 */
public record ResultsRoot(Path root, String label, Map<String, StudyResults> studies) {

    public StudyResults study(String study) {
        return studies.getOrDefault(study, StudyResults.notRun(study, root.resolve(study)));
    }

    public Optional<Table> table(String study, String experiment) {
        return study(study).table(experiment);
    }

    /** This root's rows of one declared CSV, if it holds them. */
    public Optional<Table> table(ResultsSchema schema) {
        return table(schema.study(), schema.experiment());
    }

    /**
     * This root's rows of one declared CSV as the records its experiment writes ({@link TableRows}); none where the
     * root holds no such CSV.
     */
    public <R extends Record> List<R> rows(RowType<R> type) {
        ResultsSchema schema = type.schema();
        return table(schema)
                .map(t -> TableRows.of(
                        t,
                        type,
                        root.resolve(schema.study()).resolve(schema.fileName()).toString()))
                .orElse(List.of());
    }

    ResultsRoot withLabel(String newLabel) {
        return new ResultsRoot(root, newLabel, studies);
    }
}
