package labbook.reports.study;

import java.util.List;
import java.util.Optional;
import labbook.core.ResultsSchema;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import org.knowm.xchart.internal.chartpart.Chart;
import tech.tablesaw.api.Table;

/**
 * A chart drawn from one experiment's rows, declared by its study as (name, experiment, drawing): it has no data when
 * no results root has rows of that CSV, and its drawing is called only when one has.
 */
public final class ExperimentChart<C extends Chart<?, ?>> implements StudyChart {
    /** How a chart is drawn from each root's rows of its experiment (at least one root has some). */
    @FunctionalInterface
    public interface Drawing<C> {
        Optional<C> draw(Results results, List<Labelled<Table>> tables);
    }

    private final String name;
    private final ResultsSchema experiment;
    private final Drawing<C> drawing;

    private ExperimentChart(String name, ResultsSchema experiment, Drawing<C> drawing) {
        this.name = name;
        this.experiment = experiment;
        this.drawing = drawing;
    }

    /** The chart {@code name} of the study, drawn by {@code drawing} from the rows of {@code experiment}. */
    public static <C extends Chart<?, ?>> ExperimentChart<C> of(
            String name, ResultsSchema experiment, Drawing<C> drawing) {
        return new ExperimentChart<>(name, experiment, drawing);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Optional<C> draw(Results results) {
        List<Labelled<Table>> tables = results.tables(experiment);
        return tables.isEmpty() ? Optional.empty() : drawing.draw(results, tables);
    }
}
