package labbook.reports.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import labbook.core.ResultsSchema;
import labbook.reports.results.ResampleTest;
import labbook.reports.results.Results;
import labbook.reports.stats.Stats;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

/** A study of one claim, the median of variant a's ms, held to a threshold: its interval and verdict. */
class ClaimIntervalsTest {
    enum Id implements Claim.Id {
        MEDIAN
    }

    /** The claim "a's median is below {@code limit}". */
    record OneClaim(double limit) implements Study {
        @Override
        public String id() {
            return "s";
        }

        @Override
        public List<ResultsSchema> schemas() {
            return List.of(ResampleTest.KEYED);
        }

        @Override
        public List<Seed> seeds() {
            return List.of();
        }

        @Override
        public PageText text() {
            return new PageText("s", "", "");
        }

        @Override
        public List<Claim> claims(Results results) {
            List<Claim> out = new ArrayList<>();
            for (var t : results.tables(ResampleTest.KEYED)) {
                Table a = t.value().where(t.value().stringColumn("variant").isEqualTo("a"));
                double median = Stats.median(a.doubleColumn("ms").asDoubleArray());
                out.add(Claim.of(Id.MEDIAN, "", "a is fast")
                        .judged(median, Threshold.below(limit, Unit.MS))
                        .from(t.label(), ""));
            }
            return out;
        }

        @Override
        public List<StudyChart> charts() {
            return List.of();
        }

        @Override
        public List<String> headlines() {
            return List.of();
        }

        @Override
        public Map<String, Table> analyses(Results results) {
            return Map.of();
        }
    }

    private static Results results() {
        return ResampleTest.resultsOf(Path.of("root"), ResampleTest.rows("keyed"));
    }

    @Test
    void theIntervalSpansTheMediansOfTheResamples() {
        Claim c = ClaimIntervals.of(new OneClaim(10), results()).get(0);
        // the repeats 1, 2, 3: a resample's median is one of them
        assertThat(c.value()).isEqualTo(2);
        assertThat(c.interval().low()).isEqualTo(1);
        assertThat(c.interval().high()).isEqualTo(3);
        assertThat(c.verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void aThresholdInsideTheIntervalIsInconclusive() {
        Claim c = ClaimIntervals.of(new OneClaim(2.5), results()).get(0);
        assertThat(c.verdict().text()).isEqualTo("inconclusive: 1-3 ms against 2.5 ms");
        assertThat(ClaimIntervals.of(new OneClaim(0.5), results()).get(0).verdict())
                .isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void theSameResultsGiveTheSameInterval() {
        Results r = results();
        assertThat(ClaimIntervals.of(new OneClaim(10), r).get(0).interval())
                .isEqualTo(ClaimIntervals.of(new OneClaim(10), results()).get(0).interval());
    }
}
