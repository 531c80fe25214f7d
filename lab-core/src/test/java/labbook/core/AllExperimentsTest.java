package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One failure costs one experiment: said in one line, recorded in run.json, and the rest skipped or run. */
class AllExperimentsTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final List<String> ran = new ArrayList<>();

    private int runThree(boolean keepGoing) {
        PrintStream progress = new PrintStream(err, true, StandardCharsets.UTF_8);
        AllExperiments all = new AllExperiments("wallet", keepGoing, progress).reference(ReferenceCosts.none());
        try (LabRun run = LabRun.start(dir, Mode.QUICK, "wallet", "all")) {
            all.run(run, "sync-sweep", () -> {
                ran.add("sync-sweep");
                sleep(150);
            });
            all.run(run, "crash-test", () -> {
                throw new LabException("crash-test writer (pid 42) ended before it answered: exit 1");
            });
            all.run(run, "tamper-test", () -> {
                ran.add("tamper-test");
                sleep(150);
            });
        }
        return all.finish(new PrintStream(out, true, StandardCharsets.UTF_8));
    }

    /** The same work in every mode, for each of {@code names}. */
    private static Map<String, Work> work(String... names) {
        Map<String, Work> out = new LinkedHashMap<>();
        for (String name : names) {
            out.put(name, m -> 1);
        }
        return out;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private JsonNode outcomes() throws Exception {
        return new ObjectMapper()
                .readTree(dir.resolve("wallet/run.json").toFile())
                .path("outcomes");
    }

    @Test
    void byDefaultTheRestIsSkipped() throws Exception {
        assertThat(runThree(false)).isEqualTo(1);
        assertThat(ran).containsExactly("sync-sweep");
        String said = err.toString(StandardCharsets.UTF_8);
        assertThat(said)
                .contains(
                        "lab-wallet: crash-test failed: crash-test writer (pid 42) ended before it answered: exit 1\n")
                .contains("== wallet tamper-test: skipped (crash-test failed; --keep-going runs the rest)")
                .contains("lab-wallet: failed: crash-test");
        JsonNode o = outcomes();
        assertThat(o.path("sync-sweep").path("status").asText()).isEqualTo("done");
        assertThat(o.path("crash-test").path("status").asText()).isEqualTo("failed");
        assertThat(o.path("crash-test").path("failure").asText()).startsWith("crash-test writer (pid 42)");
        assertThat(o.path("tamper-test").path("status").asText()).isEqualTo("skipped");
        // what the machine did besides, for an experiment that ran (this one is Linux: /proc/stat is there)
        assertThat(o.path("sync-sweep").path("steal_pct").isNumber()).isTrue();
        assertThat(o.path("sync-sweep").path("other_cores").asDouble()).isGreaterThanOrEqualTo(0);
        assertThat(o.path("tamper-test").has("steal_pct"))
                .as("skipped: it measured nothing")
                .isFalse();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("crash-test")
                .contains("failed")
                .contains("skipped");
    }

    @Test
    void withKeepGoingTheRestRuns() throws Exception {
        assertThat(runThree(true)).isEqualTo(1);
        assertThat(ran).containsExactly("sync-sweep", "tamper-test");
        assertThat(outcomes().path("tamper-test").path("status").asText()).isEqualTo("done");
    }

    @Test
    void aResumedRunShowsWhatFinishedBeforeAsDoneEarlierWithThatTime() throws Exception {
        runThree(true); // sync-sweep and tamper-test done, crash-test failed
        double first = outcomes().path("sync-sweep").path("seconds").asDouble();
        assertThat(first).isPositive();
        ran.clear();
        out.reset();
        LabOptions options = LabOptions.of(dir, Mode.QUICK);
        options.resume = true;
        AllExperiments all = new AllExperiments("wallet", false, new PrintStream(err, true, StandardCharsets.UTF_8))
                .reference(ReferenceCosts.none());
        try (LabRun run = LabRun.start(options, "wallet", "all")) {
            all.run(run, "sync-sweep", () -> ran.add("sync-sweep"));
            all.run(run, "crash-test", () -> ran.add("crash-test"));
            all.run(run, "tamper-test", () -> ran.add("tamper-test"));
        }
        assertThat(all.finish(new PrintStream(out, true, StandardCharsets.UTF_8)))
                .isZero();
        assertThat(ran).containsExactly("crash-test");
        JsonNode o = outcomes();
        assertThat(o.path("sync-sweep").path("status").asText()).isEqualTo("done earlier");
        assertThat(o.path("sync-sweep").path("seconds").asDouble()).isEqualTo(first);
        assertThat(o.path("crash-test").path("status").asText()).isEqualTo("done");
        // the closing table: the earlier time, no CPU figure it never measured, and not "0.0s"
        String row = out.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(l -> l.startsWith("sync-sweep"))
                .findFirst()
                .orElseThrow();
        assertThat(row).contains("done earlier").doesNotContain("0.0s").endsWith("-");
    }

    @Test
    void theNextRunsPlanIsEachExperimentsLastTimeHere() {
        runThree(true);
        RunPlan plan = RunPlan.of(
                dir.resolve("wallet"),
                ReferenceCosts.none(),
                "wallet",
                Mode.QUICK,
                work("sync-sweep", "crash-test", "tamper-test"));
        assertThat(plan.seconds("sync-sweep")).isBetween(0.1, 60.0);
        assertThat(plan.seconds("tamper-test")).isBetween(0.1, 60.0);
        assertThat((Object) plan.seconds("crash-test"))
                .as("it failed: no time to plan by")
                .isNull();
        assertThat((Object) RunPlan.of(
                                dir.resolve("wallet"), ReferenceCosts.none(), "wallet", Mode.FULL, work("crash-test"))
                        .seconds("crash-test"))
                .as("never finished: no time to scale")
                .isNull();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        plan.print("the plan", new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("no estimate (never finished here)")
                .contains("1 without an estimate");
    }

    @Test
    void aModeNeverRunHereIsPlannedFromTheOtherScaledByItsWork() {
        PrintStream progress = new PrintStream(err, true, StandardCharsets.UTF_8);
        AllExperiments all = new AllExperiments("wallet", false, progress).reference(ReferenceCosts.none());
        Map<String, AllExperiments.Experiment> experiments = new LinkedHashMap<>();
        // full mode does ten times the work of quick mode
        experiments.put("sync-sweep", new AllExperiments.Experiment(m -> m == Mode.FULL ? 10 : 1, () -> sleep(200)));
        try (LabRun run = LabRun.start(dir, Mode.QUICK, "wallet", "all")) {
            all.runAll(run, experiments, false);
        }
        double quick = all.parts().get(0).time().toMillis() / 1000.0;
        Map<String, Work> work =
                Map.of("sync-sweep", experiments.get("sync-sweep").work());
        RunPlan full = RunPlan.of(dir.resolve("wallet"), ReferenceCosts.none(), "wallet", Mode.FULL, work);
        assertThat(full.estimates().get(0).basis()).isEqualTo(RunPlan.Basis.SCALED);
        assertThat(full.seconds("sync-sweep")).isCloseTo(10 * quick, org.assertj.core.data.Offset.offset(0.2));
        assertThat(RunPlan.of(dir.resolve("wallet"), ReferenceCosts.none(), "wallet", Mode.QUICK, work)
                        .estimates()
                        .get(0)
                        .basis())
                .as("a mode run here plans from its own last time")
                .isEqualTo(RunPlan.Basis.LAST_RUN);
    }

    /**
     * A JMH experiment records its timed iterations in run.json's history, and the plan of the other mode adds them
     * back unscaled: here the reference took 10 s at 1 unit (4 s of iterations) and 100 s at 10 (60 s of them), so its
     * line of the rest is 6 s at 1 unit and 40 s at 10; a quick run here of 4.2 s (0.2 s of rest, 1/30 of the
     * reference's) plans the full run at 40 / 30 + 60 s.
     */
    @Test
    void timedIterationsAreRecordedAndAddedBackUnscaled() throws Exception {
        Path reference = dir.resolve("reference/wallet");
        Files.createDirectories(reference);
        Files.writeString(reference.resolve("run.json"), """
                {"history": {"host": "vm", "quick": {"sync-jmh": 10.0}, "full": {"sync-jmh": 100.0},
                  "units": {"quick": {"sync-jmh": 1}, "full": {"sync-jmh": 10}},
                  "clock": {"quick": {"sync-jmh": 4}, "full": {"sync-jmh": 60}}}}
                """);
        ReferenceCosts costs = ReferenceCosts.of(reference);
        Path here = dir.resolve("results/wallet");
        Files.createDirectories(here);
        Files.writeString(here.resolve("run.json"), """
                {"history": {"host": "%s", "quick": {"sync-jmh": 4.2},
                  "units": {"quick": {"sync-jmh": 1}}, "clock": {"quick": {"sync-jmh": 4}}}}
                """.formatted(MachineInfo.hostName()));
        Map<String, Work> work =
                Map.of("sync-jmh", Work.timed(m -> m == Mode.FULL ? 10 : 1, m -> m == Mode.FULL ? 60 : 4));
        RunPlan full = RunPlan.of(here, costs, "wallet", Mode.FULL, work);
        assertThat(full.estimates().get(0).basis()).isEqualTo(RunPlan.Basis.FITTED);
        assertThat(full.seconds("sync-jmh")).isCloseTo(40.0 / 30 + 60, org.assertj.core.data.Offset.offset(1e-9));

        // and a run writes them: an experiment of declared fixed durations records them beside its units
        AllExperiments all = new AllExperiments("wallet", false, new PrintStream(err, true, StandardCharsets.UTF_8))
                .reference(costs);
        try (LabRun run = LabRun.start(dir.resolve("run"), Mode.QUICK, "wallet", "all")) {
            all.runAll(
                    run,
                    Map.of("sync-jmh", new AllExperiments.Experiment(work.get("sync-jmh"), () -> sleep(150))),
                    false);
        }
        JsonNode history = new ObjectMapper()
                .readTree(dir.resolve("run/wallet/run.json").toFile())
                .path("history");
        assertThat(history.path("clock").path("quick").path("sync-jmh").asDouble())
                .isEqualTo(4.0);
        assertThat(history.path("units").path("quick").path("sync-jmh").asDouble())
                .isEqualTo(1.0);
    }

    @Test
    void afterARunTheMainJobSetsEachActualTimeBesideItsPlan() {
        runThree(true);
        RunPlan plan = RunPlan.ofStudies(dir, dir.resolve("no-reference"), Mode.QUICK, List.of("wallet", "vfs"));
        runThree(true); // the run the plan was made for
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        plan.printOutcomes(dir, List.of("wallet", "vfs"), new PrintStream(printed, true, StandardCharsets.UTF_8));
        String table = printed.toString(StandardCharsets.UTF_8);
        assertThat(table.lines()
                        .filter(l -> l.contains("sync-sweep"))
                        .findFirst()
                        .orElseThrow())
                .contains("done")
                .matches(".*\\b[01]\\.\\d\\d$");
        assertThat(table).containsPattern("crash-test +failed");
        assertThat(table).containsPattern("vfs +all +not run");
    }

    @Test
    void aPlanRefusesAnExperimentItDidNotName() {
        AllExperiments all = new AllExperiments("wallet", false, new PrintStream(err, true, StandardCharsets.UTF_8));
        try (LabRun run = LabRun.start(dir, Mode.QUICK, "wallet", "all")) {
            all.plan(run, Map.of("sync-sweep", (Work) m -> 1));
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> all.run(run, "tamper-test", () -> {}))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("tamper-test");
        }
    }

    @Test
    void aBugIsOneLineToo() {
        AllExperiments all = new AllExperiments("vfs", true, new PrintStream(err, true, StandardCharsets.UTF_8));
        all.run(null, "git-diff", () -> {
            throw new IllegalStateException("index out of step");
        });
        assertThat(all.parts().get(0).failure())
                .isEqualTo("unexpected error: IllegalStateException: index out of step");
        assertThat(all.finish(new PrintStream(out, true, StandardCharsets.UTF_8)))
                .isEqualTo(1);
    }
}
