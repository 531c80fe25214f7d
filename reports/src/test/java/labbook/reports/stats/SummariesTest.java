package labbook.reports.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

class SummariesTest {
    @Test
    void mediansPerGroupSortedOnTheGroupingColumns() {
        Table raw = Table.create(
                "t",
                StringColumn.create("variant", "b", "a", "a", "a", "b", "a"),
                DoubleColumn.create("entries", 10, 100, 10, 10, 10, 10),
                DoubleColumn.create("ms", 7, 50, 1, 2, 9, 30));
        Table m = Summaries.medians(raw, "ms", "variant", "entries");
        assertThat(m.rowCount()).isEqualTo(3);
        assertThat(m.stringColumn("variant").asList()).containsExactly("a", "a", "b");
        assertThat(m.doubleColumn("entries").asList()).containsExactly(10.0, 100.0, 10.0);
        assertThat(m.doubleColumn("ms").asList()).containsExactly(2.0, 50.0, 8.0);
        assertThat(m.intColumn("n").asList()).containsExactly(3, 1, 2);
        assertThat(m.doubleColumn("q1").get(0)).isEqualTo(1.5);
        assertThat(m.doubleColumn("q3").get(0)).isEqualTo(16);
        assertThat(m.doubleColumn("iqr").get(0)).isEqualTo(14.5);
        assertThat(m.columnNames())
                .containsExactly("variant", "entries", "n", "ms", "q1", "q3", "iqr", "ci_low", "ci_high", "mean");
        assertThat(m.doubleColumn("mean").get(0)).isCloseTo(11, within(1e-12));
    }

    @Test
    void mediansOfEveryMeasuredColumnForAnUnknownCsv() {
        Table raw = Table.create(
                "extra",
                StringColumn.create("mode", "serial", "parallel", "serial", "parallel"),
                DoubleColumn.create("repeat", 0, 0, 1, 1),
                DoubleColumn.create("elapsed_s", 1, 0.5, 3, 0.7),
                DoubleColumn.create("sys_s", 0.1, 0.2, 0.3, 0.4));
        Table m = Summaries.mediansOfAll(raw);
        assertThat(m.columnNames()).containsExactly("mode", "rows", "elapsed_s", "sys_s");
        assertThat(m.stringColumn("mode").asList()).containsExactly("parallel", "serial");
        assertThat(m.doubleColumn("elapsed_s").asList()).containsExactly(0.6, 2.0);
        assertThat(m.doubleColumn("sys_s").get(1)).isCloseTo(0.2, within(1e-12));
    }

    @Test
    void aColumnEmptyInSomeGroupsGetsMissingMediansThere() {
        // as pipeline-variants.csv: gpg rows have no thread clock, in-process rows do
        Table raw = Table.create(
                "extra",
                StringColumn.create("variant", "gpg", "bcpg", "gpg", "bcpg"),
                DoubleColumn.create("wall_s", 1, 2, 3, 4),
                DoubleColumn.create("cpu_thread_s", Double.NaN, 0.5, Double.NaN, 0.7));
        Table m = Summaries.mediansOfAll(raw);
        assertThat(m.columnNames()).containsExactly("variant", "rows", "wall_s", "cpu_thread_s");
        assertThat(m.stringColumn("variant").asList()).containsExactly("bcpg", "gpg");
        assertThat(m.intColumn("rows").asList()).containsExactly(2, 2);
        assertThat(m.doubleColumn("wall_s").asList()).containsExactly(3.0, 2.0);
        assertThat(m.doubleColumn("cpu_thread_s").get(0)).isCloseTo(0.6, within(1e-12));
        assertThat(m.doubleColumn("cpu_thread_s").isMissing(1)).isTrue();
    }

    @Test
    void countsPerGroupWithASum() {
        Table raw = Table.create(
                "t", StringColumn.create("outcome", "new", "previous", "new"), DoubleColumn.create("lost", 0, 1, 2));
        Table c = Summaries.counts(raw, "lost", "outcome");
        assertThat(c.stringColumn("outcome").asList()).containsExactly("new", "previous");
        assertThat(c.doubleColumn("rows").asList()).containsExactly(2.0, 1.0);
        assertThat(c.doubleColumn("lost (sum)").asList()).containsExactly(2.0, 1.0);
    }
}
