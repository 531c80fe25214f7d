package labbook.vfs.jmh;

import labbook.core.RowType;
import labbook.vfs.VfsSchemas;

/**
 * One measured JMH iteration of the dentry-cache model, a row of {@code dcache-model.csv} ({@code VfsSchemas
 * .DCACHE_MODEL}, bound by {@link Binding#ROW}): JMH's score beside the counters the benchmark kept for the same
 * iteration, on both of its paths: the benchmark's fork writes its iterations as rows of that schema (its score still
 * empty: that is JMH's to give), and dcache-model reads them back by column name, adds JMH's score and writes the
 * results CSV.
 *
 * @param walkerThreads the threads walking the model at once
 * @param fork the round of forks the iteration's JVM belonged to (dcache-model starts one fresh JVM per walk, thread
 *     count and rename setting in each round)
 * @param opsPerS JMH's score; NaN (an empty cell) in the rows a fork writes
 */
public record ModelIteration(
        String walk,
        int walkerThreads,
        int renames,
        int fork,
        int iteration,
        double opsPerS,
        double cpuS,
        long failedCas,
        long lockSpins,
        long fallbacks,
        long retries,
        long misses,
        long renameOps,
        double iterationS,
        int cores) {

    /** CPU microseconds per walk: the fork's CPU over the iteration divided by the walks it did. */
    public double cpuMicrosPerWalk() {
        return cpuS / (opsPerS * iterationS) * 1e6;
    }

    /** The cores the benchmark kept busy: its CPU seconds per second of the iteration. */
    public double coresBusy() {
        return cpuS / iterationS;
    }

    /** The same iteration with JMH's score. */
    public ModelIteration scored(double score) {
        return new ModelIteration(
                walk,
                walkerThreads,
                renames,
                fork,
                iteration,
                score,
                cpuS,
                failedCas,
                lockSpins,
                fallbacks,
                retries,
                misses,
                renameOps,
                iterationS,
                cores);
    }

    /**
     * The binding of this record to the schema's columns, by name. A class of its own, so that the binding (reflection
     * over the components, and the schema's class) is made when rows are first written or read, at the trial's end, not
     * where the fork first makes a record: between two measured iterations.
     */
    public static final class Binding {
        private Binding() {}

        public static final RowType<ModelIteration> ROW = RowType.of(VfsSchemas.DCACHE_MODEL, ModelIteration.class);
    }
}
