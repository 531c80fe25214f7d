package labbook.reports.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import labbook.core.CsvResults;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.core.RowType;
import labbook.vfs.VfsSchemas;
import labbook.vfs.experiments.gitdiff.GitDiffExperiment;
import labbook.vfs.experiments.gitdiff.GitDiffExperiment.Loop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.numbers.NumberColumnFormatter;

class TableRowsTest {
    @TempDir
    Path root;

    /** git-diff's own record and schema: the binding the experiment writes by. */
    private static final RowType<Loop> ROW = GitDiffExperiment.ROW;

    private static final ResultsSchema LOOPS = VfsSchemas.GIT_DIFF;

    @Test
    void theRecordsAnExperimentWroteComeBackFromItsLoadedTable() {
        List<Loop> written = List.of(
                new Loop("serial", 0, 6, 0.1 + 0.2, 1.5, 1.8, 99.5, 78_635, 0), // 0.30000000000000004: each digit back
                new Loop("parallel", 1, 6, 0.25, 1e-9, Double.NaN, Double.NaN, 78_635, 20), // a value not measured
                new Loop("parallel", 2, 6, 0.25, 1.0, 0.9, 138.9, 78_635, 20));
        try (CsvResults csv = CsvResults.open(root, LOOPS)) {
            written.forEach(loop -> csv.row(ROW, loop));
            csv.commit();
        }
        Table table = ResultsCsv.read(root.resolve("vfs/git-diff.csv"), LOOPS, "git-diff");

        table.doubleColumn("loop_user_s").setPrintFormatter(NumberColumnFormatter.fixedWithGrouping(2)); // for a page

        List<Loop> read = TableRows.of(table, ROW, "vfs/git-diff.csv");

        assertThat(read).containsExactlyElementsOf(written); // a record's NaN equals NaN
        assertThat(TableRows.of(table.where(table.stringColumn("mode").isEqualTo("parallel")), ROW, "git-diff"))
                .as("a filtered table (as a resample or a selection hands over)")
                .containsExactly(read.get(1), read.get(2));
    }

    @Test
    void aTableWithoutADeclaredColumnIsOneLineNamingTheRowAndTheColumn() {
        Table missing = Table.create(
                "git-diff",
                StringColumn.create("mode", "serial"),
                DoubleColumn.create("loop_elapsed_s", 0.25)); // what a hand-made table might hold

        assertThatThrownBy(() -> TableRows.of(missing, ROW, "vfs/git-diff.csv"))
                .isInstanceOf(LabException.class)
                .hasMessage("vfs/git-diff.csv row 1: no column 'loop'");
    }
}
