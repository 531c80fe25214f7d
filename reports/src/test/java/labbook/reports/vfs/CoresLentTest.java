package labbook.reports.vfs;

import static org.assertj.core.api.Assertions.assertThat;

import labbook.vfs.VfsSchemas;
import labbook.vfs.dcache.Walk;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/** How many cores the model's JVM had at a thread count: the gate on the dentry model's claim. */
class CoresLentTest {
    @Test
    void theMedianOfCpuOverElapsedAtTheFewestRenames() {
        Table model = Table.create(
                "dcache-model",
                StringColumn.create(
                        "walk",
                        Walk.REF.label(),
                        Walk.REF.label(),
                        Walk.REF.label(),
                        Walk.REF.label(),
                        Walk.RCU.label()),
                IntColumn.create(VfsSchemas.WALKER_THREADS.name(), 20, 20, 20, 20, 20),
                IntColumn.create("renames", 0, 0, 0, 1, 0),
                DoubleColumn.create("cpu_s", 0.4, 0.9, 2.0, 2.0, 1.0),
                DoubleColumn.create("iteration_s", 1.0, 1.0, 1.0, 1.0, 0.5));
        // ref at 0 renames: 0.4, 0.9, 2.0 cores; the row with a renamer is left out
        assertThat(VfsData.coresLent(model, Walk.REF.label(), 20)).isEqualTo(0.9);
        assertThat(VfsData.coresLent(model, Walk.RCU.label(), 20)).isEqualTo(2.0);
        assertThat(VfsData.coresLent(model.removeColumns("cpu_s"), Walk.REF.label(), 20))
                .isNaN();
    }
}
