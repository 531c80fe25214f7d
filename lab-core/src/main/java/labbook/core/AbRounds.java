package labbook.core;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Interleaved A/B rounds: one experiment run for two configurations in alternating rounds, each round a fresh process
 * for each side, so whatever drifts between rounds (the machine's load, its neighbours, its clock) touches both sides
 * of a round alike, and the round's ratio B / A cancels it (Abedi and Brecht's randomized multiple interleaved trials).
 * The plan (both configurations, the rounds' order) is written first to {@value #PLAN}; a round's side is done when its
 * results root holds the study's run.json, so a killed run goes on where it stopped, in the planned order. A side run
 * on a busy machine ({@link MachineLoad#flagged}) is run again, once. {@code reports ab} analyses the rounds.
 */
public final class AbRounds {
    /** The plan's file in the A/B folder. */
    public static final String PLAN = "ab.json";

    private AbRounds() {}

    /** The order of the sides within rounds. */
    public enum Order {
        /** AB, BA, BA, AB, ... : each side first as often, and a linear drift cancels over four rounds. */
        abba,
        /** Each round's order drawn at random (seeded; the draw is in the plan). */
        random
    }

    /**
     * One side: the lab checkout whose launcher runs it, the JDK it runs on (empty: that launcher's default), JVM flags
     * added to every JVM of the experiment (through {@code LABBOOK_JVM_FLAGS}), and options added to its command line.
     */
    @JsonPropertyOrder({"lab", "jdk", "flags", "options"})
    public record Side(String lab, String jdk, String flags, List<String> options) {
        public Side {
            options = List.copyOf(options);
        }

        /** "lab ../lab-b, JDK /usr/lib/jvm/x, flags -XX:+UseParallelGC, options --threads 2". */
        public String text() {
            List<String> parts = new ArrayList<>();
            parts.add("lab " + lab);
            if (!jdk.isEmpty()) {
                parts.add("JDK " + jdk);
            }
            if (!flags.isEmpty()) {
                parts.add("flags " + flags);
            }
            if (!options.isEmpty()) {
                parts.add("options " + String.join(" ", options));
            }
            return String.join(", ", parts);
        }
    }

    /**
     * What the rounds run: the study's experiment in a mode, sides A and B, the order of each round ("AB" or "BA"), and
     * whether B is A's configuration on purpose ({@code aa}: an A/A run, which measures the method's false-change rate;
     * without it, two equal sides are refused).
     */
    @JsonPropertyOrder({"study", "experiment", "mode", "aa", "a", "b", "order"})
    public record Plan(String study, String experiment, String mode, Side a, Side b, List<String> order, boolean aa) {
        public Plan {
            order = List.copyOf(order);
        }

        /** "A/A on purpose" for an A/A plan, else "". */
        public String kind() {
            return aa
                    ? "A/A on purpose (B is A's configuration: the rounds measure the method's false-change rate)"
                    : "";
        }

        /** The same request: everything but how many rounds (more rounds continue the same plan). */
        boolean sameRequest(Plan other) {
            return study.equals(other.study)
                    && experiment.equals(other.experiment)
                    && mode.equals(other.mode)
                    && a.equals(other.a)
                    && b.equals(other.b)
                    && aa == other.aa;
        }
    }

    /** The order of {@code rounds} rounds: ABBA repeated, or each drawn with {@code seed}. */
    public static List<String> order(Order order, int rounds, long seed) {
        List<String> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < rounds; i++) {
            out.add(
                    switch (order) {
                        case abba -> (i % 4 == 0 || i % 4 == 3) ? "AB" : "BA";
                        case random -> random.nextBoolean() ? "AB" : "BA";
                    });
        }
        return out;
    }

    /** The results root of one side of one round: {@code DIR/round-03/b}. */
    public static Path root(Path dir, int round, char side) {
        return dir.resolve(String.format("round-%02d", round)).resolve(String.valueOf(Character.toLowerCase(side)));
    }

    /**
     * The plan in {@code dir}: the one there when it is the same request (its order kept, extended for more rounds),
     * else {@code wanted}, written. A different request in a folder that holds rounds is refused in one line.
     */
    public static Plan settle(Path dir, Plan wanted) {
        Path file = dir.resolve(PLAN);
        Plan plan = wanted;
        if (Files.isRegularFile(file)) {
            Plan before = read(file);
            if (!before.sameRequest(wanted)) {
                throw new LabException(
                        file + " plans other rounds (" + before.study() + " " + before.experiment()
                                + ", A: " + before.a().text() + "; B: "
                                + before.b().text() + "): give another --out, or "
                                + "remove it to start over",
                        Cli.BAD_ARGUMENTS,
                        null);
            }
            List<String> order = new ArrayList<>(before.order());
            for (int i = order.size(); i < wanted.order().size(); i++) {
                order.add(wanted.order().get(i));
            }
            plan = new Plan(
                    before.study(), before.experiment(), before.mode(), before.a(), before.b(), order, before.aa());
        }
        try {
            Files.createDirectories(dir);
            Path temp = file.resolveSibling(PLAN + ".partial");
            JSON.writeValue(temp.toFile(), plan);
            AtomicFiles.replace(temp, file);
        } catch (IOException e) {
            throw LabException.cannot("write", file, e);
        }
        return plan;
    }

    /** The plan of an A/B folder; one line naming the file when it is not one. */
    public static Plan read(Path file) {
        try {
            return JSON.readValue(file.toFile(), Plan.class);
        } catch (IOException | RuntimeException e) {
            throw new LabException(file + ": not an A/B plan (" + Reasons.of(e) + ")");
        }
    }

    /** Whether a side of a round finished: its root holds the study's run.json. */
    public static boolean done(Path dir, Plan plan, int round, char side) {
        return Files.isRegularFile(root(dir, round, side).resolve(plan.study()).resolve("run.json"));
    }

    /** How one side's run is started: its launcher, environment and arguments. */
    record Command(List<String> argv, Map<String, String> environment) {}

    /** The command of {@code side} for one round, into {@code out}. */
    static Command command(Plan plan, Side side, Path out) {
        List<String> argv = new ArrayList<>(List.of(
                Path.of(side.lab()).resolve("labbook").toString(),
                plan.study(),
                plan.experiment(),
                "--" + plan.mode(),
                "--out",
                out.toString()));
        argv.addAll(side.options());
        Map<String, String> env = new HashMap<>();
        if (!side.jdk().isEmpty()) {
            env.put("JAVA_HOME", side.jdk());
        }
        env.put(ForkedJava.EXTRA_FLAGS, side.flags());
        return new Command(argv, env);
    }

    /**
     * Runs every round of {@code plan} not yet done, in its order; each side in a process of its own, bounded by
     * {@code limit}. A side measured on a busy machine is run again once (both sides of that round, in its order, so
     * the pair stays close in time). Returns the rounds run now.
     */
    public static int run(Path dir, Plan plan, Duration limit, PrintStream err) {
        return run(dir, plan, limit, err, MachineLoad::now);
    }

    /** The same, reading the machine's load around each side with {@code probe} (a test's machine is its own). */
    static int run(Path dir, Plan plan, Duration limit, PrintStream err, Supplier<MachineLoad.Snapshot> probe) {
        int ran = 0;
        long started = System.nanoTime();
        for (int i = 0; i < plan.order().size(); i++) {
            int round = i + 1;
            String order = plan.order().get(i);
            if (done(dir, plan, round, 'a') && done(dir, plan, round, 'b')) {
                continue;
            }
            for (int attempt = 1; attempt <= 2; attempt++) {
                boolean busy = false;
                for (int s = 0; s < order.length(); s++) {
                    char side = order.charAt(s);
                    if (attempt == 1 && done(dir, plan, round, side)) {
                        continue;
                    }
                    Path out = root(dir, round, side);
                    OwnedScratch.remove(out); // a side killed half-way starts again in a fresh process
                    err.println("== ab round " + round + " of " + plan.order().size() + " (" + order + "), side " + side
                            + (attempt > 1 ? ", again" : ""));
                    err.flush();
                    MachineLoad.Snapshot before = probe.get();
                    runSide(plan, side == 'A' ? plan.a() : plan.b(), out, limit);
                    MachineLoad load = MachineLoad.between(before, probe.get());
                    if (load != null && load.flagged()) {
                        busy = true;
                        err.println("labbook ab: round " + round + " side " + side + " measured on a busy machine ("
                                + load.flagText() + ")" + (attempt == 1 ? ": the round runs again" : ""));
                    }
                    if (load != null) {
                        writeLoad(out, load);
                    }
                }
                if (!busy) {
                    break;
                }
            }
            ran++;
            // the plan's first estimate is the experiment's time at its defaults, which options such as --repeats
            // change: the rounds run so far say how long the rest will take
            long left = IntStream.range(round, plan.order().size())
                    .filter(r -> !(done(dir, plan, r + 1, 'a') && done(dir, plan, r + 1, 'b')))
                    .count();
            if (left > 0) {
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                err.println("labbook ab: " + ran + (ran == 1 ? " round" : " rounds") + " in " + Progress.human(took)
                        + ": about " + Progress.human(took.dividedBy(ran).multipliedBy(left)) + " for the " + left
                        + " left");
                err.flush();
            }
        }
        return ran;
    }

    private static void runSide(Plan plan, Side side, Path out, Duration limit) {
        Command c = command(plan, side, out);
        ChildSpec spec = Child.spec("ab " + plan.study() + " " + plan.experiment(), c.argv())
                .inheritOutput()
                .limit(limit);
        for (Map.Entry<String, String> e : c.environment().entrySet()) {
            spec = spec.env(e.getKey(), e.getValue());
        }
        try (Child child = Child.start(spec)) {
            int exit = child.waitFor();
            if (exit != 0) {
                throw new LabException("ab: " + String.join(" ", c.argv()) + " failed (exit " + exit + ")");
            }
        }
    }

    /** The side's machine load, beside its results: {@code load.json} ({@code reports ab} names flagged sides). */
    private static void writeLoad(Path out, MachineLoad load) {
        try {
            Files.createDirectories(out);
            JSON.writeValue(out.resolve("load.json").toFile(), load.fields());
        } catch (IOException e) {
            throw LabException.cannot("write", out.resolve("load.json"), e);
        }
    }

    static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT);
}
