package labbook.filecrypt.experiments.leveljmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import labbook.core.ConsoleTable;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.JmhRun;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.RowType;
import labbook.core.Summary;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.jmh.LevelBenchmark;
import labbook.filecrypt.pgp.FastPath;
import picocli.CommandLine.Command;

/**
 * level-jmh: bcpg's in-process encryption throughput at each compression level.
 *
 * <p><b>The question.</b> The seed measured whole gpg processes; a Java service encrypting in a warm JVM pays only the
 * pipeline. How many MB/s does each level cost there, measured the JMH way (forks, warm-up, iterations) rather than by
 * one encryption's CPU time?
 *
 * <p><b>The baseline.</b> {@code -z 0}: no compressed packet, only AES-256 CFB and the MDC's SHA-1.
 *
 * <p><b>The variants.</b> ZIP (gpg's 8 KiB window on the system zlib) at the seed's 1, 7, 9 (quick) or at the level
 * sweep's 1, 6, 7, 9 (full). See {@link LevelBenchmark}: 2 MB of real text, memory to memory.
 *
 * <p><b>How to run.</b> {@code ./labbook filecrypt level-jmh --quick}, or {@code mvn -q -pl lab-filecrypt exec:java
 * -Dexec.args="level-jmh --quick"}: a fork per level, 2 x 0.75 s warm-up and 3 x 0.5 s iterations in it;
 * {@code --full}: 2 forks, 3 x 1 s warm-ups, 5 x 1 s iterations ({@link #options}). JMH forks JVMs of the running JDK
 * with the module's class path and the flags that let bcpg call zlib ({@link FastPath#JVM_FLAGS}); ZIP is asked for on
 * native zlib by name, so a fork without it fails rather than measuring JZlib under zlib's label.
 *
 * <p><b>CSV</b> {@code results/filecrypt/level-jmh.csv}, one row per measured JMH iteration:
 * {@link FilecryptSchemas#LEVEL_JMH}. {@code deflater} is the ZIP deflate the fork used (zlib-8k or jzlib-8k; none at
 * level 0).
 */
@Command(name = "level-jmh", description = "JMH: bcpg in-process encryption throughput (MB/s) per compression level.")
public final class LevelJmhExperiment extends ExperimentCommand {
    /** A row of level-jmh.csv: one measured JMH iteration, bound to the schema by {@link #ROW}. */
    record Iteration(String algo, int level, int fork, int iteration, double mbPerS, String deflater, int inputBytes) {}

    static final RowType<Iteration> ROW = RowType.of(FilecryptSchemas.LEVEL_JMH, Iteration.class);

    /**
     * JMH's options in {@code mode}: quick, one short fork at the seed's levels; full, two forks of five 1 s iterations
     * at the level sweep's levels, enough for a spread between forks.
     */
    static List<String> options(Mode mode) {
        return mode == Mode.FULL
                ? List.of(
                        "-f",
                        "2",
                        "-wi",
                        "3",
                        "-w",
                        "1s",
                        "-i",
                        "5",
                        "-r",
                        "1s",
                        "-p",
                        "algo=zip",
                        "-p",
                        "level=0,1,6,7,9")
                : List.of(
                        "-f",
                        "1",
                        "-wi",
                        "2",
                        "-w",
                        "750ms",
                        "-i",
                        "3",
                        "-r",
                        "500ms",
                        "-p",
                        "algo=zip",
                        "-p",
                        "level=0,1,7,9");
    }

    /** What the run costs: one benchmark parameter combination per level ({@link JmhRun#work}). */
    public static JmhRun.Cost cost(Mode mode) {
        List<String> o = options(mode);
        String levels = o.get(o.size() - 1);
        return new JmhRun.Cost(levels.split(",").length, o);
    }

    @Override
    public Integer call() {
        Mode mode = lab.mode();
        List<String> args = new ArrayList<>(options(mode));
        // native zlib where this JDK has a foreign-function API (17, 22+), else JZlib, named either way
        args.addAll(List.of("-p", "deflater=" + (FastPath.JVM_FLAGS.isEmpty() ? "jzlib-8k" : "zlib-8k")));
        List<String> forkFlags = new ArrayList<>(FastPath.JVM_FLAGS);
        if (Runtime.version().feature() >= 24) {
            forkFlags.add(
                    "--sun-misc-unsafe-memory-access=allow"); // JMH's own sun.misc.Unsafe use; JDK 24+ warns otherwise
        }
        if (!forkFlags.isEmpty()) {
            args.addAll(List.of("-jvmArgsAppend", String.join(" ", forkFlags)));
        }
        List<JmhRun.Iteration> iterations = JmhRun.fork(LevelBenchmark.class.getName(), args);
        Map<String, List<Double>> byCase = new TreeMap<>();
        try (LabRun run = startRun(FilecryptSchemas.STUDY, "level-jmh");
                CsvResults csv = run.csv(FilecryptSchemas.LEVEL_JMH)) {
            for (JmhRun.Iteration it : iterations) {
                int bytes = Integer.parseInt(it.params().get("inputBytes"));
                double mbPerS = it.score() * bytes / 1e6;
                String algo = it.params().get("algo");
                int level = Integer.parseInt(it.params().get("level"));
                String deflater = level == 0 ? "none" : it.params().get("deflater");
                Iteration row = new Iteration(algo, level, it.fork(), it.iteration(), mbPerS, deflater, bytes);
                csv.row(ROW, row);
                byCase.computeIfAbsent(String.format(Locale.ROOT, "%s -z %d", algo, level), k -> new ArrayList<>())
                        .add(mbPerS);
            }
            csv.commit();
            System.out.println("level-jmh: " + csv.rowCount() + " rows in " + csv.path());
        }
        ConsoleTable t = new ConsoleTable("case", "MB/s (median, IQR, n)");
        byCase.forEach((k, v) -> t.row(k, Summary.of(v).format("%.1f")));
        t.print(System.out);
        return 0;
    }
}
