package labbook.reports.study;

import java.util.Optional;
import labbook.reports.results.Results;
import org.knowm.xchart.internal.chartpart.Chart;

/** One chart of a study page, listed by its study and drawn from the results (empty without data). */
public interface StudyChart {
    /** The chart's name within its study ("sync-time"): its anchor on the page and its file name. */
    String name();

    /** The chart, or empty when its experiment is in none of the results roots. */
    Optional<? extends Chart<?, ?>> draw(Results results);
}
