package labbook.vfs.jmh;

import static labbook.vfs.VfsSchemas.CORES;
import static labbook.vfs.VfsSchemas.CPU_S;
import static labbook.vfs.VfsSchemas.FAILED_CAS;
import static labbook.vfs.VfsSchemas.FALLBACKS;
import static labbook.vfs.VfsSchemas.FORK;
import static labbook.vfs.VfsSchemas.ITERATION;
import static labbook.vfs.VfsSchemas.ITERATION_S;
import static labbook.vfs.VfsSchemas.LOCK_SPINS;
import static labbook.vfs.VfsSchemas.MISSES;
import static labbook.vfs.VfsSchemas.OPS_PER_S;
import static labbook.vfs.VfsSchemas.RENAMES;
import static labbook.vfs.VfsSchemas.RENAME_OPS;
import static labbook.vfs.VfsSchemas.RETRIES;
import static labbook.vfs.VfsSchemas.WALK;
import static labbook.vfs.VfsSchemas.WALKER_THREADS;

import labbook.core.Row;
import labbook.core.WorkerRows;

/**
 * One measured JMH iteration of the dentry-cache model, a row of {@code dcache-model.csv} ({@code VfsSchemas
 * .DCACHE_MODEL}): JMH's score beside the counters the benchmark kept for the same iteration. {@link #fill} and
 * {@link #of} are its one mapping to and from the schema's columns, on both of its paths: the benchmark's fork writes
 * its iterations as rows of that schema (its score still empty: that is JMH's to give), and dcache-model reads them
 * back by column name, adds JMH's score and writes the results CSV.
 *
 * @param fork the round of forks the iteration's JVM belonged to (dcache-model starts one fresh JVM per walk, thread
 *     count and rename setting in each round)
 * @param opsPerS JMH's score; NaN (an empty cell) in the rows a fork writes
 */
public record ModelIteration(
        String walk,
        int threads,
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
                threads,
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

    /** This iteration's cells, by the schema's columns. */
    public Row fill(Row row) {
        return row.set(WALK, walk)
                .set(WALKER_THREADS, threads)
                .set(RENAMES, renames)
                .set(FORK, fork)
                .set(ITERATION, iteration)
                .set(OPS_PER_S, opsPerS)
                .set(CPU_S, cpuS)
                .set(FAILED_CAS, failedCas)
                .set(LOCK_SPINS, lockSpins)
                .set(FALLBACKS, fallbacks)
                .set(RETRIES, retries)
                .set(MISSES, misses)
                .set(RENAME_OPS, renameOps)
                .set(ITERATION_S, iterationS)
                .set(CORES, cores);
    }

    /** The iteration a row holds, read by column name. */
    public static ModelIteration of(WorkerRows.Cells c) {
        return new ModelIteration(
                c.text(WALK),
                c.intCount(WALKER_THREADS),
                c.intCount(RENAMES),
                c.intCount(FORK),
                c.intCount(ITERATION),
                c.measure(OPS_PER_S),
                c.measure(CPU_S),
                c.count(FAILED_CAS),
                c.count(LOCK_SPINS),
                c.count(FALLBACKS),
                c.count(RETRIES),
                c.count(MISSES),
                c.count(RENAME_OPS),
                c.measure(ITERATION_S),
                c.intCount(CORES));
    }
}
