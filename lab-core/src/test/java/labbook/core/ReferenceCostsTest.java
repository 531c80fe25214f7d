package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plan's cost lines, checked against figures computed by hand. */
class ReferenceCostsTest {
    @TempDir
    Path dir;

    /**
     * A reference run where sync-sweep took 20 s on 10 units in quick mode and 119 s on 1,000 in full mode: the line
     * through them is 19 s fixed plus 0.1 s per unit. tamper-test has no units (a run before they were recorded).
     */
    private Path reference() throws IOException {
        return study("reference/wallet", """
                {"history": {"host": "vm",
                  "quick": {"sync-sweep": 20.0, "tamper-test": 1.0},
                  "full": {"sync-sweep": 119.0, "tamper-test": 40.0},
                  "units": {"quick": {"sync-sweep": 10}, "full": {"sync-sweep": 1000}}}}
                """);
    }

    @Test
    void aLineThroughTheTwoModesSplitsTheFixedCostFromThePerUnitOne() throws IOException {
        ReferenceCosts costs = ReferenceCosts.of(reference());
        ReferenceCosts.Line line = costs.line("sync-sweep").orElseThrow();
        assertThat(line.fixedSeconds()).isCloseTo(19.0, within(1e-9));
        assertThat(line.secondsPerUnit()).isCloseTo(0.1, within(1e-9));
        assertThat(costs.host()).isEqualTo("vm");
        assertThat(costs.line("tamper-test")).as("no units, no line").isEmpty();
        assertThat(costs.seconds("tamper-test", Mode.FULL)).contains(40.0);
    }

    @Test
    void aTimeHereScalesAlongTheLineNotByTheUnitsAlone() throws IOException {
        ReferenceCosts costs = ReferenceCosts.of(reference());
        // 22 s here in quick mode (this machine 10 % slower than the reference): 22 × 119 / 20 = 130.9 s
        ReferenceCosts.Scaled full = costs.scaleAll(
                        Map.of("sync-sweep", 22.0), Map.of("sync-sweep", units(10)), Map.of("sync-sweep", units(1000)))
                .get("sync-sweep");
        assertThat(full.seconds()).isCloseTo(130.9, within(1e-9));
        assertThat(full.byLine()).isTrue();
        // by the units alone it would be 2,200 s; that is what an experiment without a line gets
        ReferenceCosts.Scaled tamper = costs.scaleAll(
                        Map.of("tamper-test", 2.0),
                        Map.of("tamper-test", units(10)),
                        Map.of("tamper-test", units(1000)))
                .get("tamper-test");
        assertThat(tamper.seconds()).isCloseTo(200.0, within(1e-9));
        assertThat(tamper.byLine()).isFalse();
    }

    @Test
    void aFullPlanAfterAQuickRunHereIsFittedAndOneNeverRunHereIsTheReferences() throws IOException {
        ReferenceCosts costs = ReferenceCosts.of(reference());
        Map<String, Work> work = new LinkedHashMap<>();
        work.put("sync-sweep", m -> m == Mode.FULL ? 1000 : 10);
        work.put("tamper-test", m -> m == Mode.FULL ? 100 : 1);
        Path here = study("results/wallet", """
                {"history": {"host": "%s", "quick": {"sync-sweep": 22.0}, "units": {"quick": {"sync-sweep": 10}}}}
                """.formatted(MachineInfo.hostName()));
        RunPlan plan = RunPlan.of(here, costs, "wallet", Mode.FULL, work);
        assertThat(plan.estimates().get(0).basis()).isEqualTo(RunPlan.Basis.FITTED);
        assertThat(plan.seconds("sync-sweep")).isCloseTo(130.9, within(1e-9));
        assertThat(plan.estimates().get(1).basis()).isEqualTo(RunPlan.Basis.REFERENCE);
        assertThat(plan.seconds("tamper-test")).isEqualTo(40.0);
    }

    @Test
    void eachExperimentScalesByItsOwnFactorForTheMachine() throws IOException {
        // level-sweep: 20 s at 10 units, 119 s at 1,000; interop: 10 s at 1 unit, 30 s at 100
        Path study = study("reference/filecrypt", """
                {"history": {"host": "vm",
                  "quick": {"level-sweep": 20.0, "interop": 10.0},
                  "full": {"level-sweep": 119.0, "interop": 30.0},
                  "units": {"quick": {"level-sweep": 10, "interop": 1},
                            "full": {"level-sweep": 1000, "interop": 100}}}}
                """);
        ReferenceCosts costs = ReferenceCosts.of(study);
        // here: level-sweep 10 % slower (22 s), interop 20 % faster (8 s): 1.1 × 119 = 130.9 s and 0.8 × 30 = 24 s
        Map<String, ReferenceCosts.Scaled> full = costs.scaleAll(
                Map.of("level-sweep", 22.0, "interop", 8.0),
                Map.of("level-sweep", units(10), "interop", units(1)),
                Map.of("level-sweep", units(1000), "interop", units(100)));
        assertThat(full.get("level-sweep").seconds()).isCloseTo(130.9, within(1e-9));
        assertThat(full.get("interop").seconds()).isCloseTo(24.0, within(1e-9));
        assertThat(full.get("interop").byLine()).isTrue();
    }

    /**
     * A JMH experiment: in the reference run, 12 s in quick mode of which 4 s were timed iterations, and 174 s in full
     * mode of which 144 s were. Its line is fitted on the rest, 8 s at 16 units and 30 s at 192: 6 s fixed plus 0.125 s
     * per unit.
     */
    @Test
    void fixedDurationsAreLeftOutOfTheLineAndAreNotScaledByTheMachine() throws IOException {
        Path study = study("reference/jmh", """
                {"history": {"host": "vm",
                  "quick": {"sync-jmh": 12.0, "old-jmh": 12.0},
                  "full": {"sync-jmh": 174.0, "old-jmh": 174.0},
                  "units": {"quick": {"sync-jmh": 16, "old-jmh": 16}, "full": {"sync-jmh": 192, "old-jmh": 192}},
                  "clock": {"quick": {"sync-jmh": 4}, "full": {"sync-jmh": 144}}}}
                """);
        ReferenceCosts costs = ReferenceCosts.of(study);
        ReferenceCosts.Line line = costs.line("sync-jmh").orElseThrow();
        assertThat(line.fixedSeconds()).isCloseTo(6.0, within(1e-9));
        assertThat(line.secondsPerUnit()).isCloseTo(0.125, within(1e-9));
        assertThat(costs.clocked("sync-jmh")).isTrue();
        assertThat(costs.at("sync-jmh", new Work.Size(192, 144))).contains(174.0);
        // here the quick run took 8 s: 4 s of iterations and 4 s of the rest, half the reference's 8 s;
        // so the full run is half of its 30 s of rest, plus its 144 s of iterations: 159 s
        Map<String, ReferenceCosts.Scaled> full = costs.scaleAll(
                Map.of("sync-jmh", 8.0, "old-jmh", 8.0),
                Map.of("sync-jmh", new Work.Size(16, 4), "old-jmh", new Work.Size(16, 4)),
                Map.of("sync-jmh", new Work.Size(192, 144), "old-jmh", new Work.Size(192, 144)));
        assertThat(full.get("sync-jmh").seconds()).isCloseTo(159.0, within(1e-9));
        // a reference that did not record the iterations keeps them on its line, and scales them: 8 / 12 × 174 = 116 s
        assertThat(costs.clocked("old-jmh")).isFalse();
        assertThat(full.get("old-jmh").seconds()).isCloseTo(116.0, within(1e-9));
    }

    /** A study folder under the test's folder, with {@code runJson} as its run.json. */
    private Path study(String folder, String runJson) throws IOException {
        Path study = dir.resolve(folder);
        Files.createDirectories(study);
        Files.writeString(study.resolve("run.json"), runJson);
        return study;
    }

    private static Work.Size units(double units) {
        return Work.Size.units(units);
    }

    @Test
    void aMissingOrDamagedReferenceIsNone() throws IOException {
        assertThat(ReferenceCosts.of(dir.resolve("nowhere")).line("sync-sweep")).isEmpty();
        Path broken = study("broken", "{not json");
        assertThat(ReferenceCosts.of(broken).line("sync-sweep")).isEmpty();
    }
}
