package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RowTypeTest {
    @TempDir
    Path root;

    private static final Column MODE = Column.text("mode", "serial or parallel");
    private static final Column LOOP = Column.count("loop", "the loop's index");
    private static final Column LOOP_ELAPSED_S = Column.measure("loop_elapsed_s", "a loop's wall time, s");
    private static final Column THREADS = Column.count("threads", "threads, where they apply");
    private static final Column WARM = Column.text("warm", "whether the JIT was warm");

    private static final ResultsSchema LOOPS =
            ResultsSchema.of("study", "loops", MODE, LOOP, LOOP_ELAPSED_S, THREADS, WARM);

    /** Components in another order than the columns: the binding is by name, never by place. */
    record Loop(double loopElapsedS, String mode, int loop, Integer threads, Boolean warm) {}

    private static final RowType<Loop> ROW = RowType.of(LOOPS, Loop.class);

    @Test
    void aRecordIsWrittenInTheSchemasColumnOrderAndReadBack() throws Exception {
        Loop serial = new Loop(0.25, "serial", 0, null, true);
        Loop parallel = new Loop(Double.NaN, "parallel", 1, 20, null);
        try (CsvResults csv = CsvResults.open(root, LOOPS)) {
            csv.row(ROW, serial);
            csv.row(ROW, parallel);
            csv.commit();
        }
        assertThat(Files.readAllLines(root.resolve("study/loops.csv")))
                .containsExactly("mode,loop,loop_elapsed_s,threads,warm", "serial,0,0.25,,true", "parallel,1,,20,");
        List<Loop> back = ROW.readAll(
                List.of(
                        Map.of("mode", "serial", "loop", "0", "loop_elapsed_s", "0.25", "threads", "", "warm", "true"),
                        Map.of("mode", "parallel", "loop", "1", "loop_elapsed_s", "", "threads", "20", "warm", "")),
                "loops.csv");
        assertThat(back.get(0)).isEqualTo(serial);
        assertThat(back.get(1).loopElapsedS()).isNaN(); // a value not measured: written empty, read as NaN
        assertThat(back.get(1).threads()).isEqualTo(20);
        assertThat(back.get(1).warm()).isNull();
    }

    @Test
    void columnsAndComponentsThatDoNotMatchAreNamedAtTheBinding() {
        record Wrong(String mode, long loops, String loopElapsedS, int threads, boolean warm, int extra) {}
        assertThatThrownBy(() -> RowType.of(LOOPS, Wrong.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no component loop for column loop")
                .hasMessageContaining("loopElapsedS is String, which cannot hold measure column loop_elapsed_s")
                .hasMessageContaining("component loops is no column")
                .hasMessageContaining("component extra is no column");
    }

    @Test
    void aCellThatIsNotItsColumnsKindIsOneLineNamingTheColumnAndTheRow() {
        Map<String, String> cells =
                Map.of("mode", "serial", "loop", "zero", "loop_elapsed_s", "0.25", "threads", "", "warm", "true");
        assertThatThrownBy(() -> ROW.readAll(List.of(cells), "loops.csv"))
                .isInstanceOf(LabException.class)
                .hasMessage("loops.csv row 1: loop 'zero' is not a whole number");
        Map<String, String> empty =
                Map.of("mode", "serial", "loop", "", "loop_elapsed_s", "0.25", "threads", "", "warm", "true");
        assertThatThrownBy(() -> ROW.read(empty, "loops.csv row 2"))
                .isInstanceOf(LabException.class)
                .hasMessage("loops.csv row 2: loop is empty where a value must be");
        Map<String, String> notBoolean =
                Map.of("mode", "serial", "loop", "1", "loop_elapsed_s", "0.25", "threads", "", "warm", "yes");
        assertThatThrownBy(() -> ROW.read(notBoolean, "loops.csv row 3"))
                .hasMessage("loops.csv row 3: warm 'yes' is not true or false");
        assertThatThrownBy(() -> ROW.read(Map.of("mode", "serial"), "loops.csv row 4"))
                .hasMessage("loops.csv row 4: no column 'loop'");
    }

    /** A worker's row that carries a phase the results CSV leaves out. */
    record TimedLoop(String mode, int loop, double loopElapsedS, Integer threads, Boolean warm, double phaseMs) {}

    @Test
    void aPartOfARecordIsWrittenWithoutItsExtraComponentsWhichReadBackAsNaN() throws Exception {
        assertThatThrownBy(() -> RowType.of(LOOPS, TimedLoop.class))
                .hasMessageContaining("component phaseMs is no column");
        RowType<TimedLoop> part = RowType.part(LOOPS, TimedLoop.class);
        try (CsvResults csv = CsvResults.open(root, LOOPS)) {
            csv.row(r -> part.fill(r, new TimedLoop("serial", 0, 0.25, 1, false, 3.5)));
            csv.commit();
        }
        assertThat(Files.readAllLines(root.resolve("study/loops.csv")))
                .element(1)
                .isEqualTo("serial,0,0.25,1,false");
        TimedLoop back = part.read(
                Map.of("mode", "serial", "loop", "0", "loop_elapsed_s", "0.25", "threads", "1", "warm", "false"), "x");
        assertThat(back.phaseMs()).isNaN();
        record Counted(String mode, int loop, double loopElapsedS, Integer threads, Boolean warm, int phases) {}
        assertThatThrownBy(() -> RowType.part(LOOPS, Counted.class))
                .hasMessageContaining("component phases, which no column of");
    }

    /** What two CSVs' rows share, held by each as one component; its components are columns of the row. */
    record Where(String mode, int loop) {}

    /** A measured sample, itself a record of columns. */
    record Timing(double loopElapsedS, Integer threads) {}

    record Nested(Boolean warm, Where at, Timing timing) {}

    @Test
    void aRecordComponentNamedByNoColumnIsFlattenedIntoItsOwnColumns() throws Exception {
        RowType<Nested> nested = RowType.of(LOOPS, Nested.class);
        Nested row = new Nested(true, new Where("serial", 3), new Timing(0.25, null));
        try (CsvResults csv = CsvResults.open(root, LOOPS)) {
            csv.row(nested, row);
            csv.commit();
        }
        assertThat(Files.readAllLines(root.resolve("study/loops.csv")))
                .containsExactly("mode,loop,loop_elapsed_s,threads,warm", "serial,3,0.25,,true"); // as a flat record's
        assertThat(nested.read(
                        Map.of("mode", "serial", "loop", "3", "loop_elapsed_s", "0.25", "threads", "", "warm", "true"),
                        "loops.csv"))
                .isEqualTo(row);
        assertThatThrownBy(() -> nested.fill(new Row(LOOPS), new Nested(true, null, new Timing(0.25, 1))))
                .hasMessageContaining("cannot read at.mode of");
    }

    @Test
    void aColumnHeldTwiceOrANestedComponentWithoutAColumnIsNamedAtTheBinding() {
        record Twice(Where at, String mode, double loopElapsedS, Integer threads, Boolean warm) {}
        assertThatThrownBy(() -> RowType.of(LOOPS, Twice.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column mode is held twice, by at.mode and mode");
        record Extra(String mode, int loop, double phaseMs) {}
        record Deep(Extra at, double loopElapsedS, Integer threads, Boolean warm) {}
        assertThatThrownBy(() -> RowType.of(LOOPS, Deep.class))
                .hasMessageContaining("component phaseMs is no column of study/loops.csv");
    }

    @Test
    void componentNamesAreTheColumnNamesInCamelCase() {
        assertThat(RowType.componentName("loop_elapsed_s")).isEqualTo("loopElapsedS");
        assertThat(RowType.componentName("mode")).isEqualTo("mode");
        assertThat(RowType.componentName("cpu_pct")).isEqualTo("cpuPct");
    }
}
