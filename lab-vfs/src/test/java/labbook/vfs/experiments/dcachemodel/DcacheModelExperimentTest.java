package labbook.vfs.experiments.dcachemodel;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import labbook.core.JmhRun;
import labbook.core.Mode;
import org.junit.jupiter.api.Test;

/**
 * The dcache-model experiment's parts that need no JMH run: the thread counts and rename settings it chooses, the
 * pairing of JMH's iterations with the benchmark's counters, and its printout.
 */
class DcacheModelExperimentTest {

    @Test
    void threadCountsCoverOneTheCoresAndGitsTwenty() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertThat(DcacheModelExperiment.threadCounts(null, Mode.QUICK))
                .contains(1, cores, 20)
                .isSorted();
        assertThat(DcacheModelExperiment.threadCounts(null, Mode.FULL)).contains(1, 2, 4, 8, 16, 20, cores);
        assertThat(DcacheModelExperiment.threadCounts(List.of(64, 1, 64), Mode.QUICK))
                .containsExactly(1, 64);
    }

    @Test
    void quickModeRunsTheModelWithoutTheRenamerUnlessAsked() {
        assertThat(DcacheModelExperiment.renameModes(null, Mode.QUICK)).containsExactly(0);
        assertThat(DcacheModelExperiment.renameModes(null, Mode.FULL)).containsExactly(0, 1);
        assertThat(DcacheModelExperiment.renameModes("both", Mode.QUICK)).containsExactly(0, 1);
        assertThat(DcacheModelExperiment.renameModes("on", Mode.QUICK)).containsExactly(1);
        assertThat(DcacheModelExperiment.renameModes("off", Mode.FULL)).containsExactly(0);
    }

    @Test
    void theModelsTablesArePrintedFromTheRows() {
        List<ModelIteration> rows = new ArrayList<>();
        for (String walk : List.of("ref", "rcu")) {
            for (int threads : List.of(1, 2, 20)) {
                for (int it = 0; it < 3; it++) {
                    double cpu = threads == 1 ? 1.0 : 1.9;
                    rows.add(new ModelIteration(
                            walk, threads, 0, 0, it, 1e6 * (walk.equals("ref") ? 1 : 2), cpu, 1, 2, 0, 0, 0, 0, 1.0));
                }
            }
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DcacheModelPrintout.print(rows, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains(
                        "The 2 x 2 table",
                        "ref-walk, 1 thread",
                        "vfs parallel",
                        "ref-walk peaks at",
                        ">=1.5 cores busy");
        // rcu does twice the walks in the same CPU: half the time and half the CPU per walk of ref-walk on 1 thread
        assertThat(printed).containsPattern("rcu-walk, 1 thread\\s+0\\.50\\s+0\\.50");
    }

    @Test
    void jmhIterationsArePairedWithTheirCountersByForkAndIteration() {
        Map<String, String> ref = Map.of("walk", "ref", "renames", "0", "renamePauseMicros", "50");
        List<JmhRun.Iteration> its = List.of(
                new JmhRun.Iteration("b", ref, "thrpt", 0, 0, 100, "ops/s", 0, 0),
                new JmhRun.Iteration("b", ref, "thrpt", 1, 0, 200, "ops/s", 0, 0));
        List<String[]> counters = List.of(
                "ref,2,0,111,0,0.5,1,2,3,4,5,6,1.0".split(","), "ref,2,0,222,0,0.7,7,8,9,10,11,12,1.0".split(","));
        List<ModelIteration> rows = ModelIteration.pair(its, counters, 2);
        assertThat(rows).extracting(ModelIteration::cpuS).containsExactly(0.5, 0.7);
        assertThat(rows.get(1).failedCas()).isEqualTo(7);
        assertThat(rows.get(1).cpuMicrosPerWalk()).isEqualTo(0.7 / 200 * 1e6);
    }
}
