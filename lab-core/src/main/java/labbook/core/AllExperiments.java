package labbook.core;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The experiments of one study's {@code all} command, run in turn, where one failure costs one experiment: a failed
 * experiment is one line, and the run then stops (its remaining experiments skipped) or, with {@code --keep-going},
 * goes on to the next. Each outcome, with its time, goes into run.json ({@link LabRun#outcome}), so the report can show
 * what failed and what never ran; the closing table says the same.
 *
 * <pre>{@code
 * AllExperiments all = new AllExperiments("wallet", keepGoing, System.err);
 * all.run(run, "sync-sweep", () -> SyncSweepExperiment.run(run, out));
 * Optional<Ratios> ratios = all.runFor(run, "stat-walk", () -> StatWalkExperiment.run(run, tree, out));
 * ...
 * return all.finish(out);
 * }</pre>
 */
public final class AllExperiments {
    /** How an experiment of the sequence ended. */
    public enum Status {
        DONE,
        /** Finished by the run that {@code --resume} goes on from: kept, with that run's time. */
        DONE_EARLIER,
        FAILED,
        SKIPPED;

        /** As run.json and the tables say it: "done", "done earlier", "failed", "skipped". */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }

        /** Whether the experiment finished, in this run or in the one it resumed. */
        public boolean finished() {
            return this == DONE || this == DONE_EARLIER;
        }

        /** Whether run.json's {@code label} names a finished experiment ("done" or "done earlier"). */
        public static boolean finished(String label) {
            return java.util.Arrays.stream(values())
                    .anyMatch(s -> s.finished() && s.label().equals(label));
        }
    }

    /**
     * One experiment's outcome: its time and CPU time (with the processes it started), its failure line, and, when it
     * finished, its {@link Work} in each mode (empty when none was declared), from which run.json's history scales its
     * time to the other mode, and what the machine did besides while it ran ({@code load}: null when it did not run, or
     * /proc does not tell).
     */
    public record Part(
            String name,
            Status status,
            Duration time,
            double cpuSeconds,
            String failure,
            Map<Mode, Work.Size> work,
            MachineLoad load) {
        public Part {
            work = Map.copyOf(work);
        }

        Part(String name, Status status) {
            this(name, status, Duration.ZERO, 0, null, Map.of(), null);
        }
    }

    /** An experiment of an {@code all} command: what it measures in each mode, and the run itself. */
    public record Experiment(Work work, Runnable body) {}

    private final String study;
    private final boolean keepGoing;
    private final PrintStream progress;
    private final List<Part> parts = new ArrayList<>();
    private final long started = System.nanoTime();
    private final double cpuAtStart = cpuSeconds();
    private String stoppedBy;
    private RunPlan plan;
    private Map<String, ? extends Work> work = Map.of();
    private ReferenceCosts reference;

    /** {@code progress} gets the "== study experiment" lines and the failure lines (stderr, as the bars). */
    public AllExperiments(String study, boolean keepGoing, PrintStream progress) {
        this.study = study;
        this.keepGoing = keepGoing;
        this.progress = progress;
    }

    /**
     * Runs one experiment (or records it skipped) for its value: present when it finished (and returned one).
     * {@code run} may be null, for a set-up step that belongs to no run.
     */
    public <T> Optional<T> runFor(LabRun run, String name, Supplier<T> experiment) {
        if (plan != null && !work.containsKey(name)) {
            throw new IllegalStateException(name + " is not one of the experiments the plan named");
        }
        if (stoppedBy != null) {
            progress.println("== " + study + " " + name + ": skipped (" + stoppedBy + " failed; --keep-going runs the"
                    + " rest)");
            record(run, new Part(name, Status.SKIPPED));
            return Optional.empty();
        }
        if (run != null && run.doneBefore(name)) {
            progress.println("== " + study + " " + name + ": done before (--resume keeps it)");
            // its time is the earlier run's; its CPU time was not recorded (NaN: "-" in the table)
            record(run, new Part(name, Status.DONE_EARLIER, run.earlierTime(name), Double.NaN, null, Map.of(), null));
            return Optional.empty();
        }
        progress.println("== " + study + " " + name);
        progress.flush();
        long t = System.nanoTime();
        MachineLoad.Snapshot before = MachineLoad.now();
        try {
            T value = experiment.get();
            Duration took = since(t);
            MachineLoad.Snapshot after = MachineLoad.now();
            record(
                    run,
                    new Part(
                            name,
                            Status.DONE,
                            took,
                            after.ownCpuSeconds() - before.ownCpuSeconds(),
                            null,
                            work(name),
                            load(name, before, after)));
            return Optional.ofNullable(value);
        } catch (RuntimeException e) {
            String line = failureLine(e);
            progress.println("lab-" + study + ": " + name + " failed: " + line);
            progress.flush();
            MachineLoad.Snapshot after = MachineLoad.now();
            record(
                    run,
                    new Part(
                            name,
                            Status.FAILED,
                            since(t),
                            after.ownCpuSeconds() - before.ownCpuSeconds(),
                            line,
                            Map.of(),
                            load(name, before, after)));
            if (!keepGoing) {
                stoppedBy = name;
            }
            return Optional.empty();
        }
    }

    /**
     * Scales times between modes by {@code costs} rather than by the reference run in the repository (a test's own
     * reference, or none).
     */
    public AllExperiments reference(ReferenceCosts costs) {
        reference = costs;
        return this;
    }

    private ReferenceCosts reference() {
        if (reference == null) {
            reference = ReferenceCosts.ofStudy(study);
        }
        return reference;
    }

    /**
     * Prints the plan of {@code experiments}, in their order (each one's last time in this mode on this host, or a time
     * in the other mode scaled by the {@link ReferenceCosts} line of its {@link Work}) before any runs; the closing
     * table then sets each actual time beside its estimate.
     */
    public AllExperiments plan(LabRun run, Map<String, ? extends Work> experiments) {
        work = experiments;
        plan = RunPlan.of(run.studyDir(), reference(), study, run.mode(), experiments);
        plan.print("lab-" + study + ": the plan", progress);
        return this;
    }

    /** {@link #plan}, then each experiment in turn (unless {@code planOnly}). */
    public void runAll(LabRun run, Map<String, Experiment> experiments, boolean planOnly) {
        Map<String, Work> works = new LinkedHashMap<>();
        experiments.forEach((name, experiment) -> works.put(name, experiment.work()));
        plan(run, works);
        if (!planOnly) {
            experiments.forEach((name, experiment) -> run(run, name, experiment.body()));
        }
    }

    /** An experiment's work in each mode, as the plan declared it; empty for one it did not declare. */
    private Map<Mode, Work.Size> work(String name) {
        Work w = work.get(name);
        Map<Mode, Work.Size> out = new EnumMap<>(Mode.class);
        if (w != null) {
            for (Mode m : Mode.values()) {
                out.put(m, w.size(m));
            }
        }
        return out;
    }

    /** Records {@code name} skipped, for {@code why} (an experiment it needs did not finish). */
    public void skip(LabRun run, String name, String why) {
        progress.println("== " + study + " " + name + ": skipped (" + why + ")");
        record(run, new Part(name, Status.SKIPPED));
    }

    /** {@link #runFor} for an experiment whose value is not needed: whether it finished in this run. */
    public boolean run(LabRun run, String name, Runnable experiment) {
        return runFor(run, name, () -> {
                    experiment.run();
                    return Boolean.TRUE;
                })
                .isPresent();
    }

    public List<Part> parts() {
        return List.copyOf(parts);
    }

    /** Whether every experiment so far finished. */
    public boolean allDone() {
        return parts.stream().allMatch(p -> p.status().finished());
    }

    /** Prints the table of outcomes and times on {@code out}; 0 when every experiment finished, 1 otherwise. */
    public int finish(PrintStream out) {
        ConsoleTable t = new ConsoleTable(
                "experiment", "outcome", "time", "planned", "CPU time (with the processes it started)");
        for (Part p : parts) {
            t.row(p.name(), p.status().label(), Progress.human(p.time()), planned(p.name()), cpu(p.cpuSeconds()));
        }
        t.row(
                "all",
                allDone() ? "done" : "not all done",
                Progress.human(since(started)),
                "",
                cpu(cpuSeconds() - cpuAtStart));
        out.println();
        t.print(out);
        out.flush();
        List<String> failed = parts.stream()
                .filter(p -> p.status() == Status.FAILED)
                .map(Part::name)
                .toList();
        if (!failed.isEmpty()) {
            progress.println("lab-" + study + ": failed: " + String.join(", ", failed));
            progress.flush();
        }
        return allDone() ? 0 : 1;
    }

    private void record(LabRun run, Part part) {
        parts.add(part);
        if (run != null) {
            run.outcome(part);
        }
    }

    /** The failure's one line, as the lab's commands print it ({@link FailureLine}), without the command's name. */
    static String failureLine(RuntimeException e) {
        StringWriter s = new StringWriter();
        FailureLine.print("", e, new PrintWriter(s));
        return s.toString().lines().findFirst().orElse("failed").replaceFirst("^: ", "");
    }

    private String planned(String experiment) {
        return RunPlan.human(plan == null ? null : plan.seconds(experiment));
    }

    private static String cpu(double seconds) {
        return Double.isNaN(seconds) ? "-" : String.format(Locale.ROOT, "%.1fs", seconds);
    }

    private static Duration since(long nanos) {
        return Duration.ofNanos(System.nanoTime() - nanos);
    }

    /** The machine's load between two snapshots; one line on the progress stream when it passed a limit. */
    private MachineLoad load(String name, MachineLoad.Snapshot before, MachineLoad.Snapshot after) {
        MachineLoad load = MachineLoad.between(before, after);
        if (load != null && load.flagged()) {
            progress.println("lab-" + study + ": " + name + " measured on a busy machine (" + load.flagText()
                    + "): its figures may be off; run.json flags it and compare names it");
            progress.flush();
        }
        return load;
    }

    /** User + system CPU of this JVM and of the child processes it has waited for (forked JVMs, their forks). */
    private static double cpuSeconds() {
        return Clocks.withChildrenSeconds();
    }
}
