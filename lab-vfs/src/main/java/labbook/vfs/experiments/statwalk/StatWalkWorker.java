package labbook.vfs.experiments.statwalk;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import labbook.core.CsvResults;
import labbook.core.FailureLine;
import labbook.core.LabException;
import labbook.core.Measurement;
import labbook.core.Slowdown;
import labbook.core.WorkerRows;
import labbook.vfs.VfsSchemas;
import labbook.vfs.experiments.PreloadWalk;
import labbook.vfs.experiments.VariantJvm;
import labbook.vfs.experiments.statwalk.StatWalkExperiment.MeasuredWalk;

/**
 * One measured walk of stat-walk in a JVM of its own: {@code StatWalkWorker TREE ENTRIES THREADS REPEAT OUT} sets up
 * the walk of the tree's index (ENTRIES: its paths, NUL-separated, in index order), warms it up on THREADS threads,
 * times one walk and writes it as the one row of {@code OUT/vfs/stat-walk.csv}, by the schema's columns.
 *
 * <p>Why a JVM of its own: in one JVM the walks of one thread count ran on code that the walks of the others had
 * compiled, and the Java walk's figures then depended on which thread counts ran before it. A fresh JVM per thread
 * count and repeat, as JMH forks one per benchmark, gives each walk a JIT state of its own, and each repeat a JVM of
 * its own (a JVM's state is a level of variance that repeats inside it cannot show).
 */
public final class StatWalkWorker {
    static final String NAME = "stat-walk worker";

    /**
     * Untimed lstats first, after the set-up's own pass over the index: a fresh JVM's first walks run interpreted code,
     * and its first multi-threaded ones pay for starting threads the JVM has not started before. So at least this many
     * lstats in whole walks, and at least {@link #WARMUP_WALKS} walks: 5 walks of the quick tree, 2 of the full one
     * (the module README shows how the first walks of a fresh JVM go).
     */
    static final int WARMUP_LSTATS = 80_000;

    static final int WARMUP_WALKS = 2;

    /** The untimed walks before the timed one, for an index of {@code paths} entries. */
    static int warmupWalks(int paths) {
        return Math.max(WARMUP_WALKS, (WARMUP_LSTATS + Math.max(paths, 1) - 1) / Math.max(paths, 1));
    }

    /** A worker silent for this long is hung: a walk of the full tree takes well under a second. */
    static final Duration SILENCE = Duration.ofMinutes(5);

    private StatWalkWorker() {}

    public static void main(String[] args) {
        FailureLine.runMain(NAME, () -> {
            if (args.length != 5) {
                throw new LabException("usage: " + StatWalkWorker.class.getName() + " TREE ENTRIES THREADS REPEAT OUT");
            }
            work(
                    Path.of(args[0]),
                    Path.of(args[1]),
                    Integer.parseInt(args[2]),
                    Integer.parseInt(args[3]),
                    Path.of(args[4]));
        });
    }

    /** The index's paths, for the workers to read: NUL-separated, as git ls-files -z gives them. */
    static void writeEntries(List<String> entries, Path file) {
        try {
            Files.writeString(file, String.join("\0", entries), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw LabException.cannot("write the index's paths for the walks to", file, e);
        }
    }

    /**
     * One walk of {@code threads} threads for repeat {@code repeat}, in a fresh JVM started with the module's declared
     * flags; {@code out}: a folder of its own for the row it hands back.
     */
    static MeasuredWalk measure(Path tree, Path entries, int threads, int repeat, Path out) {
        VariantJvm.run(
                NAME + " (" + threads + (threads == 1 ? " thread" : " threads") + ", repeat " + repeat + ")",
                StatWalkWorker.class,
                List.of(
                        tree.toString(),
                        entries.toString(),
                        String.valueOf(threads),
                        String.valueOf(repeat),
                        out.toString()),
                SILENCE);
        List<WorkerRows.Cells> rows = WorkerRows.read(
                out.resolve(VfsSchemas.STUDY).resolve(VfsSchemas.STAT_WALK.fileName()), VfsSchemas.STAT_WALK);
        if (rows.size() != 1) {
            throw new LabException(NAME + " handed back " + rows.size() + " rows for one walk (" + out + ")");
        }
        return StatWalkExperiment.ROW.read(rows.get(0));
    }

    private static void work(Path tree, Path entriesFile, int threads, int repeat, Path out) throws IOException {
        List<String> entries = new ArrayList<>();
        for (String p : Files.readString(entriesFile, StandardCharsets.UTF_8).split("\0")) {
            if (!p.isEmpty()) {
                entries.add(p);
            }
        }
        Slowdown.prepare(); // before any clock (off unless a test of the A/B method asks)
        PreloadWalk preload = PreloadWalk.of(tree, entries, "stat-walk-");
        for (int w = warmupWalks(preload.paths()); w > 0; w--) {
            preload.walk(threads);
        }
        long[] mismatches = new long[1];
        Measurement m = Measurement.of(() -> {
            long t0 = System.nanoTime();
            mismatches[0] = preload.walk(threads);
            Slowdown.after(System.nanoTime() - t0); // off unless a test of the A/B method asks (-Dlabbook.slowdown)
        });
        MeasuredWalk walk = new MeasuredWalk(
                threads, repeat, preload.paths(), m.wallSeconds(), m.userSeconds(), m.systemSeconds(), mismatches[0]);
        try (CsvResults csv = CsvResults.open(out, VfsSchemas.STAT_WALK)) {
            csv.row(StatWalkExperiment.ROW, walk);
            csv.commit();
        }
    }
}
