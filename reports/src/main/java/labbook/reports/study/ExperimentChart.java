package labbook.reports.study;

import java.util.List;
import java.util.Optional;
import labbook.core.ResultsSchema;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import org.knowm.xchart.internal.chartpart.Chart;
import tech.tablesaw.api.Table;

/** A chart drawn from one experiment's rows: it has no data when no results root has rows of that CSV. */
public abstract class ExperimentChart<C extends Chart<?, ?>> implements StudyChart {
    private final String name;
    private final ResultsSchema experiment;

    protected ExperimentChart(String name, ResultsSchema experiment) {
        this.name = name;
        this.experiment = experiment;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Optional<C> draw(Results results) {
        List<Labelled<Table>> tables = results.tables(experiment);
        return tables.isEmpty() ? Optional.empty() : draw(results, tables);
    }

    /** The chart from each root's rows of the experiment (at least one root has some). */
    protected abstract Optional<C> draw(Results results, List<Labelled<Table>> tables);
}
