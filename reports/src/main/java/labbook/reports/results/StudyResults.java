package labbook.reports.results;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tech.tablesaw.api.Table;

/**
 * One study's results from one results root: its tables (one per CSV, named after the experiment) and, per experiment,
 * the run.json record of the run that wrote it. A study with no CSV is "not run".
 */
public record StudyResults(
        String study, Path dir, Map<String, Table> tables, Map<String, RunInfo> runs, RunInfo latest) {

    public static StudyResults notRun(String study, Path dir) {
        return new StudyResults(study, dir, Map.of(), Map.of(), RunInfo.UNKNOWN);
    }

    /** True when at least one of its CSVs holds a row. */
    public boolean ran() {
        return tables.values().stream().anyMatch(t -> !t.isEmpty());
    }

    public Optional<Table> table(String experiment) {
        return Optional.ofNullable(tables.get(experiment));
    }

    /** The run that wrote an experiment's CSV (run.json's entry for it under experiments, else its top level). */
    public RunInfo run(String experiment) {
        return runs.getOrDefault(experiment, latest);
    }

    public List<String> experiments() {
        return List.copyOf(tables.keySet());
    }
}
