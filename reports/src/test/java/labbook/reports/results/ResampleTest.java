package labbook.reports.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import labbook.core.Column;
import labbook.core.ResultsSchema;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

public class ResampleTest {
    public static final Column VARIANT = Column.text("variant", "which");
    static final Column REPEAT = Column.count("repeat", "which repeat");
    static final Column MS = Column.measure("ms", "time");
    public static final ResultsSchema KEYED =
            ResultsSchema.of("s", "keyed", VARIANT, REPEAT, MS).keyedBy(VARIANT);
    static final ResultsSchema UNKEYED = ResultsSchema.of("s", "unkeyed", VARIANT, REPEAT, MS);

    public static Table rows(String name) {
        return Table.create(
                name,
                StringColumn.create("variant", "a", "a", "a", "b", "b"),
                IntColumn.create("repeat", 0, 1, 2, 0, 1),
                DoubleColumn.create("ms", 1, 2, 3, 10, 20));
    }

    static Results results() {
        StudyResults s = new StudyResults(
                "s",
                Path.of("s"),
                Map.of("keyed", rows("keyed"), "unkeyed", rows("unkeyed")),
                Map.of(),
                RunInfo.UNKNOWN);
        return new Results(List.of(new ResultsRoot(Path.of("root"), "vm", Map.of("s", s))));
    }

    /** One root, "vm", whose study "s" holds {@code keyed} as its keyed CSV. */
    public static Results resultsOf(Path root, Table keyed) {
        StudyResults s = new StudyResults("s", root.resolve("s"), Map.of("keyed", keyed), Map.of(), RunInfo.UNKNOWN);
        return new Results(List.of(new ResultsRoot(root, "vm", Map.of("s", s))));
    }

    @Test
    void eachMeasurementsRepeatsAreDrawnFromItsOwnRowsOnly() {
        Resample resample = new Resample(results(), "s", List.of(KEYED, UNKEYED));
        for (long seed = 0; seed < 50; seed++) {
            Table t = resample.draw(new SplittableRandom(seed))
                    .roots()
                    .get(0)
                    .table("s", "keyed")
                    .orElseThrow();
            assertThat(t.rowCount()).isEqualTo(5);
            for (int r = 0; r < 3; r++) {
                assertThat(t.stringColumn("variant").get(r)).isEqualTo("a");
                assertThat(t.doubleColumn("ms").get(r)).isIn(1.0, 2.0, 3.0);
            }
            for (int r = 3; r < 5; r++) {
                assertThat(t.doubleColumn("ms").get(r)).isIn(10.0, 20.0);
            }
        }
    }

    @Test
    void aCsvWithoutKeysStaysAsItIs() {
        Results original = results();
        Table before = original.roots().get(0).table("s", "unkeyed").orElseThrow();
        Table after = new Resample(original, "s", List.of(KEYED, UNKEYED))
                .draw(new SplittableRandom(1))
                .roots()
                .get(0)
                .table("s", "unkeyed")
                .orElseThrow();
        assertThat(after).isSameAs(before);
    }

    @Test
    void theSameSeedDrawsTheSameResample() {
        Resample resample = new Resample(results(), "s", List.of(KEYED));
        Table one = resample.draw(new SplittableRandom(7))
                .roots()
                .get(0)
                .table("s", "keyed")
                .orElseThrow();
        Table two = resample.draw(new SplittableRandom(7))
                .roots()
                .get(0)
                .table("s", "keyed")
                .orElseThrow();
        assertThat(one.doubleColumn("ms").asList())
                .isEqualTo(two.doubleColumn("ms").asList());
    }
}
