package labbook.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The lab's main job, {@code ./labbook run}: the three studies in turn, each in its own JVM as {@code ./labbook STUDY
 * all} starts it, then the report; a study that fails costs that study alone. At the end, the time of each step. Also
 * {@code ./labbook report}, the last step alone. Each step's command comes from its module's {@link Launch}
 * declaration.
 */
@Command(
        name = "labbook",
        mixinStandardHelpOptions = true,
        subcommands = {MainJob.Run.class, MainJob.Report.class, MainJob.Calibrate.class, MainJob.Ab.class},
        description = "The lab's main job: the studies, then the report.")
public final class MainJob implements Callable<Integer> {
    private static final Properties DECLARED = declared();

    /**
     * The studies, in the order the main job runs them: their {@link Launch} commands, as the parent pom declares them
     * ({@code labbook.studies}): lab-core names no study.
     */
    public static final List<String> STUDIES =
            List.of(DECLARED.getProperty("studies").trim().split("\\s+"));

    static {
        // the help's ${labbook.studies} (ab's STUDY): picocli reads system properties
        System.setProperty("labbook.studies", String.join(", ", STUDIES));
    }

    /** The report's {@link Launch} command ({@code labbook.report} in the parent pom). */
    public static final String REPORTS = DECLARED.getProperty("report").trim();

    private static Properties declared() {
        Properties p = new Properties();
        try (InputStream in = MainJob.class.getResourceAsStream("main-job.properties")) {
            if (in == null) {
                throw new IllegalStateException("lab-core's main-job.properties is not on the class path: rebuild it");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    /** One step: a child process that talks to the user's terminal, bounded by {@code limit}. */
    record Step(String name, String title, List<String> command, Duration limit) {}

    /** How a step ended, and how long it took. */
    record Outcome(Step step, Duration took, String failure) {
        boolean ok() {
            return failure == null;
        }
    }

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        Cli.main(new MainJob(), args);
    }

    /** No subcommand: the usage, and the exit code of bad arguments. */
    @Override
    public Integer call() {
        spec.commandLine().usage(System.err);
        return Cli.BAD_ARGUMENTS;
    }

    @Command(name = "run", description = "Run the three studies, then build the report.")
    static final class Run extends ExperimentCommand {
        @Mixin
        AllOptions options;

        @Option(names = "--built-in", hidden = true, description = "Seconds ./labbook spent building, for the table.")
        long builtIn;

        @Override
        public Integer call() {
            Mode mode = lab.mode();
            Path out = lab.out;
            Path root = Repo.root();
            Path results = out != null ? out : root.resolve("results");
            if (lab.resume() && !lab.force()) {
                // one study's refusal must not leave the others run and the report rebuilt: all are checked first
                STUDIES.forEach(study -> LabRun.checkResume(results, mode, study, "all"));
            }
            RunPlan plan = RunPlan.ofStudies(results, root.resolve(ReferenceCosts.FOLDER), mode, STUDIES);
            plan.print("labbook: the plan of run " + mode.flag(), System.err);
            if (options.planOnly()) {
                return 0;
            }
            List<Step> steps =
                    new ArrayList<>(studySteps(root, mode, out, options.keepGoing(), lab.resume(), lab.force()));
            steps.add(reportStep(root, out));
            int exit = runSteps(steps, Duration.ofSeconds(builtIn), System.err);
            plan.printOutcomes(results, STUDIES, System.err);
            return exit;
        }
    }

    /**
     * One step per study, {@code ./labbook STUDY all} as the main job runs it, into {@code out} (null: the default
     * root), passing on --keep-going, --resume and --force.
     */
    static List<Step> studySteps(Path root, Mode mode, Path out, boolean keepGoing, boolean resume, boolean force) {
        List<Step> steps = new ArrayList<>();
        for (String study : STUDIES) {
            Launch launch = Launch.built(root, study);
            // a failed study costs that study alone; inside one, --keep-going runs the experiments after a failure
            List<String> args = new ArrayList<>(List.of("all", mode.flag()));
            if (keepGoing) {
                args.add("--keep-going");
            }
            if (out != null) {
                args.addAll(List.of("--out", out.toString()));
            }
            if (resume) {
                args.add("--resume");
            }
            if (force) {
                args.add("--force");
            }
            steps.add(new Step(
                    study,
                    study + ": all " + mode.flag(),
                    launch.javaCommand(root, args),
                    mode == Mode.FULL ? Duration.ofHours(12) : Duration.ofHours(2)));
        }
        return steps;
    }

    /**
     * {@code ./labbook calibrate}: this machine's spread between runs, which the claims' intervals and compare's
     * verdicts are judged against. The repeats inside one run share its JIT state and the machine's mood of those
     * minutes; only new runs show how far the same code's figures move. So: several quick main jobs back to back, each
     * into a root of its own, then {@code reports calibrate} on them. A run whose report was written is done; an
     * interrupted one is resumed, so the same command continues where it stopped.
     */
    @Command(
            name = "calibrate",
            mixinStandardHelpOptions = true,
            description = "Measure this machine's spread between runs: several quick main jobs back to back, then "
                    + "each claim's and measurement's spread, written to calibration/ where the report and compare "
                    + "use it.")
    static final class Calibrate implements Callable<Integer> {
        /** Five runs: a spread read from three has two degrees of freedom, too few for compare to call much. */
        static final int DEFAULT_RUNS = 5;

        @Option(
                names = "--runs",
                paramLabel = "N",
                description = "Quick main jobs to read the spread from (at least 3; default: " + DEFAULT_RUNS + ").")
        int runs = DEFAULT_RUNS;

        @Option(
                names = "--out",
                paramLabel = "DIR",
                description = "Where the runs' results roots go (default: calibration/runs/).")
        Path out;

        @Option(names = "--plan", description = "Print the plan (the runs and their estimated time) and exit.")
        boolean planOnly;

        @Override
        public Integer call() {
            if (runs < 3) {
                throw new LabException(
                        "--runs: '" + runs + "': a spread between runs needs at least 3", Cli.BAD_ARGUMENTS, null);
            }
            Path root = Repo.root();
            Path dir = (out != null ? out : root.resolve("calibration").resolve("runs"))
                    .toAbsolutePath()
                    .normalize();
            List<Path> roots = new ArrayList<>();
            List<Path> toRun = new ArrayList<>();
            for (int i = 1; i <= runs; i++) {
                Path r = dir.resolve("run-" + i);
                roots.add(r);
                if (!Files.isRegularFile(r.resolve("report").resolve("data").resolve("claims.csv"))) {
                    toRun.add(r);
                }
            }
            RunPlan plan = RunPlan.ofStudies(roots.get(0), root.resolve(ReferenceCosts.FOLDER), Mode.QUICK, STUDIES);
            double perRun = plan.estimates().stream()
                    .filter(e -> e.seconds() != null)
                    .mapToDouble(RunPlan.Estimate::seconds)
                    .sum();
            System.err.println("labbook calibrate: " + runs + " quick main jobs into " + dir + ", "
                    + (runs - toRun.size()) + " done; about " + RunPlan.human(perRun) + " each, "
                    + RunPlan.human(perRun * toRun.size()) + " for the " + toRun.size()
                    + " to run (interrupted, the same command goes on from where it stopped)");
            if (planOnly) {
                return 0;
            }
            for (Path r : toRun) {
                List<Step> steps = new ArrayList<>(studySteps(root, Mode.QUICK, r, false, Files.isDirectory(r), false));
                steps.add(reportStep(root, r));
                System.err.println("== calibration run " + (roots.indexOf(r) + 1) + " of " + runs + ": " + r);
                if (runSteps(steps, Duration.ZERO, System.err) != 0) {
                    System.err.println("labbook calibrate: run " + r + " failed; a calibration needs every study "
                            + "of every run (the same command resumes it)");
                    return 1;
                }
            }
            List<String> args = new ArrayList<>(List.of("calibrate"));
            roots.forEach(r -> args.add(r.toString()));
            return runReports(root, "calibrate", "the spread between the " + runs + " runs", args);
        }
    }

    /**
     * {@code ./labbook ab STUDY EXPERIMENT}: one experiment for two configurations in interleaved rounds
     * ({@link AbRounds}), then {@code reports ab}, which analyses the rounds as pairs. A side with a JDK or a commit of
     * its own runs from a checkout of its own (a git worktree under {@code target/ab/}, built once by that side's JDK),
     * since a module built by one JDK declares that JDK's flags.
     */
    @Command(
            name = "ab",
            mixinStandardHelpOptions = true,
            description = "Run one experiment for two configurations (JDKs, JVM flags, commits of the lab, options) in "
                    + "interleaved rounds, each round a fresh process a side, then analyse the rounds as pairs.")
    static final class Ab implements Callable<Integer> {
        @picocli.CommandLine.Parameters(index = "0", paramLabel = "STUDY", description = "a study: ${labbook.studies}")
        String study;

        @picocli.CommandLine.Parameters(index = "1", paramLabel = "EXPERIMENT", description = "e.g. sync-sweep")
        String experiment;

        @Option(
                names = "--rounds",
                paramLabel = "N",
                defaultValue = "10",
                description = "Rounds (default: ${DEFAULT-VALUE}; 6 or more can call a change; the analysis prints "
                        + "what each could find).")
        int rounds = 10;

        @Option(names = "--order", paramLabel = "ORDER", description = "abba (default) or random.")
        AbRounds.Order order = AbRounds.Order.abba;

        @Option(
                names = "--seed",
                paramLabel = "N",
                description = "The random order's seed (default: ${DEFAULT-VALUE}).")
        long seed = 1;

        @Option(names = "--full", description = "Full mode (default: quick).")
        boolean full;

        @Option(
                names = "--out",
                paramLabel = "DIR",
                description = "The rounds' folder (default: results-ab/STUDY-EXPERIMENT).")
        Path out;

        @Option(names = "--options", paramLabel = "ARGS", description = "Options of the experiment, both sides.")
        String options = "";

        @Option(names = "--a-jdk", paramLabel = "DIR", description = "A's JDK (JAVA_HOME).")
        String aJdk = "";

        @Option(names = "--b-jdk", paramLabel = "DIR", description = "B's JDK (JAVA_HOME).")
        String bJdk = "";

        @Option(names = "--a-flags", paramLabel = "FLAGS", description = "JVM flags added to A's JVMs.")
        String aFlags = "";

        @Option(names = "--b-flags", paramLabel = "FLAGS", description = "JVM flags added to B's JVMs.")
        String bFlags = "";

        @Option(names = "--a-options", paramLabel = "ARGS", description = "Experiment options for A alone.")
        String aOptions = "";

        @Option(names = "--b-options", paramLabel = "ARGS", description = "Experiment options for B alone.")
        String bOptions = "";

        @Option(
                names = "--a-commit",
                paramLabel = "REV",
                description = "A's commit of the lab (a worktree of its own).")
        String aCommit = "";

        @Option(
                names = "--b-commit",
                paramLabel = "REV",
                description = "B's commit of the lab (a worktree of its own).")
        String bCommit = "";

        @Option(
                names = "--aa",
                description = "A/A on purpose: B runs A's configuration, to measure the method's false-change rate "
                        + "(no --b-... option; reports ab --power resamples such rounds).")
        boolean aa;

        @Option(names = "--plan", description = "Print the plan and its estimated time, and exit.")
        boolean planOnly;

        @Override
        public Integer call() {
            if (rounds < 2) {
                throw new LabException(
                        "--rounds: '" + rounds + "': pairs need at least 2 rounds", Cli.BAD_ARGUMENTS, null);
            }
            if (!STUDIES.contains(study)) {
                throw new LabException(
                        "'" + study + "' is not a study (" + String.join(", ", STUDIES) + ")", Cli.BAD_ARGUMENTS, null);
            }
            for (String jdk : List.of(aJdk, bJdk)) {
                if (!jdk.isEmpty() && !Files.isExecutable(Path.of(jdk, "bin", "java"))) {
                    throw new LabException(
                            "no JDK at " + jdk + " (no executable bin/java there)", Cli.BAD_ARGUMENTS, null);
                }
            }
            Path root = Repo.root();
            AbRounds.Side a = side(root, "a", aJdk, aCommit, aFlags, (options + " " + aOptions).trim());
            AbRounds.Side b;
            if (aa) {
                for (String[] given : new String[][] {
                    {"--b-jdk", bJdk}, {"--b-flags", bFlags}, {"--b-options", bOptions}, {"--b-commit", bCommit}
                }) {
                    if (!given[1].isEmpty()) {
                        throw new LabException(
                                "--aa runs A's configuration on both sides: drop " + given[0] + " '" + given[1] + "'",
                                Cli.BAD_ARGUMENTS,
                                null);
                    }
                }
                b = a;
            } else {
                b = side(root, "b", bJdk, bCommit, bFlags, (options + " " + bOptions).trim());
                if (a.equals(b)) {
                    throw new LabException(
                            "A and B are the same configuration (" + a.text() + "): give B another --b-jdk, "
                                    + "--b-flags, --b-options or --b-commit, or --aa for an A/A run on purpose",
                            Cli.BAD_ARGUMENTS,
                            null);
                }
            }
            uncommitted(root, a, b).ifPresent(System.err::println);
            Mode mode = full ? Mode.FULL : Mode.QUICK;
            Path dir = (out != null ? out : root.resolve("results-ab").resolve(study + "-" + experiment))
                    .toAbsolutePath()
                    .normalize();
            AbRounds.Plan plan = AbRounds.settle(
                    dir,
                    new AbRounds.Plan(study, experiment, mode.label(), a, b, AbRounds.order(order, rounds, seed), aa));
            long done = java.util.stream.IntStream.rangeClosed(1, plan.order().size())
                    .filter(r -> AbRounds.done(dir, plan, r, 'A') && AbRounds.done(dir, plan, r, 'B'))
                    .count();
            RunPlan estimate = RunPlan.ofStudies(
                    AbRounds.root(dir, 1, 'a'), root.resolve(ReferenceCosts.FOLDER), mode, List.of(study));
            Double perSide = estimate.seconds(experiment);
            System.err.println("labbook ab: " + study + " " + experiment + " " + mode.flag() + ", "
                    + plan.order().size()
                    + " rounds (" + String.join(" ", plan.order()) + "), " + done + " done, into " + dir
                    + (aa ? "\n  " + plan.kind() : "") + "\n  A: " + a.text() + "\n  B: " + b.text() + "\n  about "
                    + (perSide == null ? "? (no estimate of " + experiment + " yet)" : RunPlan.human(perSide))
                    + " a side, "
                    + (perSide == null
                            ? "?"
                            : RunPlan.human(perSide * 2 * (plan.order().size() - done)))
                    + " for the rounds to run (interrupted, the same command goes on where it stopped)");
            if (planOnly) {
                return 0;
            }
            prepare(
                    root,
                    a,
                    study,
                    aCommit,
                    aCommit.isEmpty() ? "--a-jdk '" + aJdk + "'" : "--a-commit '" + aCommit + "'");
            prepare(
                    root,
                    b,
                    study,
                    bCommit,
                    bCommit.isEmpty() ? "--b-jdk '" + bJdk + "'" : "--b-commit '" + bCommit + "'");
            AbRounds.run(dir, plan, mode == Mode.FULL ? Duration.ofHours(12) : Duration.ofHours(2), System.err);
            return runReports(root, "ab", "the rounds as pairs", List.of("ab", dir.toString()));
        }

        /**
         * A side: this checkout, unless a commit or a JDK of its own asks for a git worktree of its own
         * ({@code target/ab/<side>-<commit>}, made once, built by its launcher on its first round).
         */
        static AbRounds.Side side(Path root, String name, String jdk, String commit, String flags, String options) {
            List<String> opts =
                    options.isBlank() ? List.of() : List.of(options.trim().split("\\s+"));
            if (commit.isEmpty() && jdk.isEmpty()) {
                return new AbRounds.Side(root.toString(), "", flags.trim(), opts);
            }
            String rev = commit.isEmpty() ? "HEAD" : commit;
            // the worktree is named by the commit the revision names now, not by the revision: "HEAD" or a branch
            // moves, and a worktree made for it earlier would give this side older code than A's
            return new AbRounds.Side(
                    root.resolve("target")
                            .resolve("ab")
                            .resolve(name + "-"
                                    + commitOf(root, rev, "--" + name + "-commit")
                                            .substring(0, 12))
                            .toString(),
                    jdk,
                    flags.trim(),
                    opts);
        }

        /**
         * Makes a side's worktree when it has none yet, and builds its study there with its JDK (its launcher's build,
         * a no-op when up to date), before any round runs: a commit that does not build is one line naming it
         * ({@code given}: the option and value that asked for the worktree), and its worktree is removed again.
         */
        static void prepare(Path root, AbRounds.Side side, String study, String commit, String given) {
            Path lab = Path.of(side.lab());
            if (lab.equals(root)) {
                return;
            }
            boolean made = false;
            if (!Files.isRegularFile(lab.resolve("labbook"))) {
                String rev = commit.isEmpty() ? "HEAD" : commit;
                System.err.println("== ab: a worktree of " + rev + " at " + lab);
                if (worktree(root, Duration.ofMinutes(5), "add", "--detach", lab.toString(), rev) != 0) {
                    throw new LabException("ab: " + given + ": git worktree add " + lab + " " + rev + " failed: is "
                            + rev + " a commit of this repository?");
                }
                made = true;
            }
            System.err.println(
                    "== ab: building " + study + " at " + lab + (side.jdk().isEmpty() ? "" : " with " + side.jdk()));
            // the launcher builds the module when it is stale, then prints the study's help, which nobody needs: both
            // go to a log beside the worktree (not in it, since a worktree that does not build is removed)
            Path log = lab.resolveSibling(lab.getFileName() + "-build.log");
            ChildSpec build = Child.spec("ab build", lab.resolve("labbook").toString(), study, "--help")
                    .outputTo(log)
                    .limit(Duration.ofMinutes(30));
            if (!side.jdk().isEmpty()) {
                build = build.env("JAVA_HOME", side.jdk());
            }
            int exit;
            try (Child child = Child.start(build)) {
                exit = child.waitFor();
            }
            if (exit != 0) {
                if (made) { // a failed side leaves nothing behind
                    worktree(root, Duration.ofMinutes(1), "remove", "--force", lab.toString());
                }
                throw new LabException("ab: " + given + " does not build (" + lab.resolve("labbook") + " " + study
                        + ": " + Child.exitStatus(exit) + "; the build's output: " + log + ")");
            }
        }

        /**
         * A warning when one side runs this checkout and the other a worktree of a commit while the checkout has
         * uncommitted changes: the rounds then compare those changes too, which a JDK or flags A/B does not mean to.
         */
        static java.util.Optional<String> uncommitted(Path root, AbRounds.Side a, AbRounds.Side b) {
            boolean aHere = a.lab().equals(root.toString());
            boolean bHere = b.lab().equals(root.toString());
            if (aHere == bHere) {
                return java.util.Optional.empty();
            }
            int changed = MachineInfo.uncommittedChanges(root).size();
            return changed == 0
                    ? java.util.Optional.empty()
                    : java.util.Optional.of("labbook ab: warning: " + (aHere ? "A" : "B") + " runs this checkout with "
                            + changed + " uncommitted change(s) and " + (aHere ? "B" : "A")
                            + " a worktree of a commit without them: the rounds compare those changes too (commit"
                            + " them, or give both sides a commit)");
        }

        /** The full hash of the commit {@code rev} names in {@code root}; one line naming {@code option} if none. */
        static String commitOf(Path root, String rev, String option) {
            PeerResult git = Peer.command(
                            "git", "-C", root.toString(), "rev-parse", "--verify", "-q", rev + "^{commit}")
                    .captureStdout()
                    .limit(Duration.ofMinutes(1))
                    .run();
            if (!git.ok()) {
                throw new LabException(
                        "ab: " + option + " '" + rev + "' is not a commit of " + root, Cli.BAD_ARGUMENTS, null);
            }
            return git.stdoutText().trim();
        }

        /** {@code git -C root worktree ARGS...}, its output the user's: its exit code. */
        private static int worktree(Path root, Duration limit, String... args) {
            List<String> command = new ArrayList<>(List.of("git", "-C", root.toString(), "worktree"));
            command.addAll(List.of(args));
            try (Child git = Child.start(
                    Child.spec("git worktree", command).inheritOutput().limit(limit))) {
                return git.waitFor();
            }
        }
    }

    @Command(
            name = "report",
            mixinStandardHelpOptions = true,
            description = "Rebuild the report from existing results.")
    static final class Report implements Callable<Integer> {
        @Option(names = "--out", paramLabel = "DIR", description = "Results root (default: results/).")
        Path out;

        @Override
        public Integer call() {
            Step step = reportStep(Repo.root(), out);
            try (Child child = start(step)) {
                return child.waitFor();
            }
        }
    }

    static Step reportStep(Path root, Path out) {
        List<String> args = new ArrayList<>(List.of("build"));
        if (out != null) {
            args.addAll(List.of(
                    "--results", out.toString(), "--out", out.resolve("report").toString()));
        }
        return reportsStep(root, "report", "building the HTML site", args);
    }

    /** A step that runs one of the reports module's subcommands, bounded by half an hour. */
    static Step reportsStep(Path root, String name, String what, List<String> args) {
        return new Step(
                name,
                REPORTS + ": " + what,
                Launch.built(root, REPORTS).javaCommand(root, args),
                Duration.ofMinutes(30));
    }

    /** Runs a reports subcommand after the work it reads (calibrate's runs, ab's rounds): its exit code. */
    static int runReports(Path root, String name, String what, List<String> args) {
        Step step = reportsStep(root, name, what, args);
        System.err.println("== " + step.title());
        try (Child child = start(step)) {
            return child.waitFor();
        }
    }

    /**
     * Runs each step in turn, whatever became of the one before, and prints the times; returns 0 when every step
     * succeeded, 1 otherwise. The last step is the report, which shows a failed study as not run.
     */
    static int runSteps(List<Step> steps, Duration built, PrintStream err) {
        long started = System.nanoTime();
        List<Outcome> outcomes = new ArrayList<>();
        for (Step step : steps) {
            err.println("== " + step.title());
            err.flush();
            long t0 = System.nanoTime();
            String failure;
            try (Child child = start(step)) {
                int exit = child.waitFor();
                failure = exit == 0 ? null : "exit " + exit;
            } catch (LabException e) {
                failure = e.getMessage();
            }
            Duration took = Duration.ofNanos(System.nanoTime() - t0);
            if (failure != null) {
                err.println("labbook: " + step.name() + " failed (" + failure + ")"
                        + (step.name().equals("report") ? "" : "; the report shows it as not run"));
            }
            outcomes.add(new Outcome(step, took, failure));
        }
        printTimes(
                outcomes, built, Duration.ofNanos(System.nanoTime() - started).plus(built), err);
        List<String> failed =
                outcomes.stream().filter(o -> !o.ok()).map(o -> o.step().name()).toList();
        if (!failed.isEmpty()) {
            err.println("labbook: failed: " + String.join(" ", failed));
            return 1;
        }
        return 0;
    }

    private static Child start(Step step) {
        return Child.start(
                Child.spec(step.name(), step.command()).inheritOutput().limit(step.limit()));
    }

    static void printTimes(List<Outcome> outcomes, Duration built, Duration total, PrintStream err) {
        StringBuilder line = new StringBuilder("== times: build " + minSec(built));
        for (Outcome o : outcomes) {
            line.append("; ").append(o.step().name());
            line.append(o.ok() ? " " : " failed after ").append(minSec(o.took()));
        }
        line.append("; total ").append(minSec(total));
        err.println(line);
        err.flush();
    }

    static String minSec(Duration d) {
        long s = d.toSeconds();
        return String.format("%d m %02d s", s / 60, s % 60);
    }
}
