package labbook.reports.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;

class TableOfTest {
    private record Level(int z, double cpuS, int repeats) {}

    private static final List<Level> LEVELS = List.of(new Level(1, 0.25, 5), new Level(9, Double.NaN, 3));

    @Test
    void aColumnPerDeclarationInOrderAndARowPerElement() {
        Table t = TableOf.rows(LEVELS)
                .text("level", l -> "-z " + l.z())
                .number("CPU s", Level::cpuS)
                .count("repeats", Level::repeats)
                .named("levels");
        assertThat(t.name()).isEqualTo("levels");
        assertThat(t.columnNames()).containsExactly("level", "CPU s", "repeats");
        assertThat(t.types()).containsExactly(ColumnType.STRING, ColumnType.DOUBLE, ColumnType.INTEGER);
        assertThat(t.stringColumn("level").asList()).containsExactly("-z 1", "-z 9");
        assertThat(t.doubleColumn("CPU s").get(0)).isEqualTo(0.25);
        // NaN is Tablesaw's missing double: the page shows an empty cell, not "NaN"
        assertThat(t.doubleColumn("CPU s").isMissing(1)).isTrue();
        assertThat(t.intColumn("repeats").asList()).containsExactly(5, 3);
    }

    @Test
    void aNullTextIsAMissingCell() {
        Table t = TableOf.rows(LEVELS)
                .text("note", l -> l.z() == 1 ? "fine" : null)
                .named("notes");
        assertThat(t.stringColumn("note").isMissing(0)).isFalse();
        assertThat(t.stringColumn("note").isMissing(1)).isTrue();
    }

    @Test
    void noRowsIsATableWithItsColumnsAndNoRows() {
        Table t = TableOf.rows(List.<Level>of()).text("level", l -> "x").named("empty");
        assertThat(t.columnNames()).containsExactly("level");
        assertThat(t.rowCount()).isZero();
    }

    @Test
    void aColumnNameDeclaredTwiceFailsAtOnce() {
        assertThatThrownBy(() -> TableOf.rows(LEVELS).text("level", l -> "a").number("level", Level::cpuS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("column 'level' declared twice");
    }
}
