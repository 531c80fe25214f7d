package labbook.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs JMH benchmarks in a forked JVM with the module's real class path (see {@link ForkedJava}) and reads back every
 * measured iteration from JMH's JSON result, so the lab's CSV keeps raw per-iteration figures rather than JMH's
 * summary.
 *
 * <p>The module must compile its benchmarks with {@code jmh-generator-annprocess} so that
 * {@code META-INF/BenchmarkList} is on its class path.
 */
public final class JmhRun {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One measured JMH iteration: benchmark, its parameters, fork and iteration numbers, score. */
    public record Iteration(
            String benchmark,
            Map<String, String> params,
            String mode,
            int fork,
            int iteration,
            double score,
            String unit,
            double meanScore,
            double meanError) {}

    /** JMH's machine-wide lock: JMH refuses to start while another JMH run holds it. */
    static final Path LOCK = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");

    private static final Duration LOCK_WAIT = Duration.ofMinutes(10);
    /**
     * JMH prints a line per iteration and fails an iteration itself after 10 min: a JMH run silent for longer is hung.
     */
    private static final Duration SILENCE = Duration.ofMinutes(11);

    private JmhRun() {}

    /**
     * Two benchmarks at once would disturb each other, so JMH refuses to start while another run holds its lock. On a
     * shared machine, rather than fail at once, wait for the lock (saying so once) for at most {@code max}; after that
     * JMH itself says why it cannot start.
     */
    public static void awaitLockFree(Duration max) {
        awaitLockFree(LOCK, max);
    }

    @SuppressWarnings("try") // the lock is taken and released: nothing is done while it is held
    static void awaitLockFree(Path lockFile, Duration max) {
        try (Held held = hold(lockFile, max)) {
            // free now; released again at once
        }
    }

    /**
     * JMH's lock, taken by this JVM for as long as one JMH run lasts; {@link Held#held()} is false when another run
     * kept it past {@code max} (or the file is not ours to open).
     */
    static Held hold(Path lockFile, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        boolean said = false;
        FileChannel channel;
        try {
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException cannotOpen) {
            return new Held(null, null); // another user's: JMH will say so itself
        }
        try {
            while (true) {
                try {
                    FileLock lock = channel.tryLock();
                    if (lock != null) {
                        return new Held(channel, lock);
                    }
                } catch (OverlappingFileLockException heldByAnotherThreadHere) {
                    // another JMH run of this JVM: wait for it like any other
                }
                if (System.nanoTime() > deadline) {
                    channel.close();
                    return new Held(null, null);
                }
                if (!said) {
                    System.err.println("another JMH run on this machine holds " + lockFile
                            + "; waiting for it to finish (at most " + max.toMinutes() + " min)");
                    said = true;
                }
                Thread.sleep(500);
            }
        } catch (IOException e) {
            closeQuietly(channel);
            return new Held(null, null);
        } catch (InterruptedException e) {
            closeQuietly(channel);
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while waiting for " + lockFile);
        }
    }

    /** JMH's lock while this JVM holds it (or nothing, when it could not be had). */
    record Held(FileChannel channel, FileLock lock) implements AutoCloseable {
        boolean held() {
            return lock != null;
        }

        @Override
        public void close() {
            if (channel != null) {
                closeQuietly(channel); // releases the lock with it
            }
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // the lock goes with the descriptor
        }
    }

    /**
     * Runs {@code org.openjdk.jmh.Main <include> <jmhArgs> -rf json -rff <tmp>} and returns each measured iteration.
     * JMH's own progress is shown on the console. This JVM holds JMH's lock for the whole run and tells the forked JMH
     * to skip its own check ({@code jmh.ignoreLock}): a wait-then-start would let another run slip in between and make
     * JMH refuse to start.
     */
    public static List<Iteration> fork(String includeRegex, List<String> jmhArgs) {
        Path json;
        try {
            json = Files.createTempFile("labbook-jmh", ".json");
        } catch (IOException e) {
            throw new LabException("cannot create a temporary file for JMH: " + e.getMessage(), e);
        }
        try (Held lock = hold(LOCK, LOCK_WAIT)) {
            List<String> args = new ArrayList<>();
            args.add(includeRegex);
            args.addAll(jmhArgs);
            args.addAll(List.of("-rf", "json", "-rff", json.toString()));
            List<String> jvm = lock.held() ? List.of("-Djmh.ignoreLock=true") : List.of();
            ForkedJava.run("JMH", ForkedJava.command(jvm, "org.openjdk.jmh.Main", args), SILENCE);
            return parse(json);
        } finally {
            try {
                Files.deleteIfExists(json);
            } catch (IOException ignored) {
                // a temp file; the OS cleans /tmp
            }
        }
    }

    /** A forked JVM's start, class loading and set-up, in the plan's units: seconds. */
    static final double FORK_START_SECONDS = 2;

    /**
     * What JMH options cost per benchmark parameter combination, in seconds: forks times (start, warm-up iterations and
     * measured iterations, at JMH's defaults where an option is absent). For the plan ({@link Work}).
     */
    public static double plannedSeconds(List<String> jmhArgs) {
        return forks(jmhArgs) * FORK_START_SECONDS + iterationSeconds(jmhArgs);
    }

    /**
     * The seconds of timed iterations in JMH options, per benchmark parameter combination: forks times warm-up and
     * measured iterations, at JMH's defaults where an option is absent. They last as long on any machine
     * ({@link Work#clockSeconds}).
     */
    public static double iterationSeconds(List<String> jmhArgs) {
        double warmups = Double.parseDouble(option(jmhArgs, "-wi", "5"));
        double iterations = Double.parseDouble(option(jmhArgs, "-i", "5"));
        double warmup = seconds(option(jmhArgs, "-w", "10s"));
        double measured = seconds(option(jmhArgs, "-r", "10s"));
        return forks(jmhArgs) * (warmups * warmup + iterations * measured);
    }

    private static double forks(List<String> jmhArgs) {
        return Double.parseDouble(option(jmhArgs, "-f", "5"));
    }

    /**
     * A JMH run's cost in one mode: its benchmark parameter combinations, each run with {@code options}; in the plan's
     * units, {@link #plannedSeconds} per combination, of which the timed iterations are fixed durations.
     */
    public record Cost(int combinations, List<String> options) {
        public Cost {
            options = List.copyOf(options);
        }

        public double units() {
            return combinations * plannedSeconds(options);
        }

        public double clockSeconds() {
            return combinations * iterationSeconds(options);
        }
    }

    /** The {@link Work} of a JMH experiment whose run in each mode costs {@code cost}. */
    public static Work work(java.util.function.Function<Mode, Cost> cost) {
        return Work.timed(m -> cost.apply(m).units(), m -> cost.apply(m).clockSeconds());
    }

    private static String option(List<String> args, String name, String otherwise) {
        int i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : otherwise;
    }

    /** JMH's time values: "500ms", "2s". */
    private static double seconds(String time) {
        if (time.endsWith("ms")) {
            return Double.parseDouble(time.substring(0, time.length() - 2)) / 1000;
        }
        if (time.endsWith("s")) {
            return Double.parseDouble(time.substring(0, time.length() - 1));
        }
        throw new IllegalArgumentException("a JMH time is like 500ms or 2s: " + time);
    }

    static List<Iteration> parse(Path json) {
        List<Iteration> out = new ArrayList<>();
        try {
            for (JsonNode bench : JSON.readTree(json.toFile())) {
                String name = bench.path("benchmark").asText();
                String mode = bench.path("mode").asText();
                Map<String, String> params = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it =
                                bench.path("params").fields();
                        it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    params.put(e.getKey(), e.getValue().asText());
                }
                JsonNode metric = bench.path("primaryMetric");
                String unit = metric.path("scoreUnit").asText();
                double mean = metric.path("score").asDouble();
                double error = metric.path("scoreError").asDouble(Double.NaN);
                int fork = 0;
                for (JsonNode forkData : metric.path("rawData")) {
                    int iteration = 0;
                    for (JsonNode value : forkData) {
                        out.add(new Iteration(
                                name, params, mode, fork, iteration++, value.asDouble(), unit, mean, error));
                    }
                    fork++;
                }
            }
        } catch (IOException e) {
            throw new LabException("cannot read JMH results " + json + ": " + e.getMessage(), e);
        }
        return out;
    }
}
