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

    static final Column ROUND = Column.count("round", "which round");

    @Test
    void aCsvInRoundsDrawsTheSameRoundsForEveryMeasurement() {
        ResultsSchema inRounds = ResultsSchema.of("s", "keyed", VARIANT, ROUND, MS)
                .keyedBy(VARIANT)
                .inRounds(ROUND);
        // ms says where a row came from: round x 100, then 1 for variant a, 2 for b, plus the repeat / 10
        Table t = Table.create(
                "keyed",
                StringColumn.create("variant", "a", "a", "b", "b", "a", "a", "b", "b", "a", "b"),
                IntColumn.create("round", 0, 0, 0, 0, 1, 1, 1, 1, 2, 2),
                DoubleColumn.create("ms", 1.0, 1.1, 2.0, 2.1, 101.0, 101.1, 102.0, 102.1, 201.0, 202.0));
        Resample resample = new Resample(resultsOf(Path.of("root"), t), "s", List.of(inRounds));
        for (long seed = 0; seed < 50; seed++) {
            Table drawn = resample.draw(new SplittableRandom(seed))
                    .roots()
                    .get(0)
                    .table("s", "keyed")
                    .orElseThrow();
            assertThat(drawn.rowCount()).as("three rounds drawn, each whole").isBetween(6, 12);
            // each drawn round: its a-rows, then its b-rows, all of that one round
            int row = 0;
            while (row < drawn.rowCount()) {
                int round = (int) (drawn.doubleColumn("ms").get(row) / 100);
                int inRound = round == 2 ? 1 : 2;
                for (int k = 0; k < 2 * inRound; k++, row++) {
                    assertThat((int) (drawn.doubleColumn("ms").get(row) / 100)).isEqualTo(round);
                    assertThat(drawn.stringColumn("variant").get(row)).isEqualTo(k < inRound ? "a" : "b");
                }
            }
        }
    }
}
