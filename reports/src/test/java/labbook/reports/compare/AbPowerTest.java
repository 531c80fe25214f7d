package labbook.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import labbook.core.AbRounds;
import labbook.core.LabException;
import labbook.reports.stats.PairedRounds;
import org.junit.jupiter.api.Test;

/**
 * The power study on hand-made rounds whose answer is known: with no spread at all every draw of the rounds is the same
 * set, so B scaled by 1.10 or 1.05 is called slower in every draw and unscaled in none; a measurement not chosen is not
 * scaled, and its verdicts are not shown; the draws follow the seed; and the study refuses, in one line, a run that is
 * not A/A, one of fewer than 20 rounds, and a --measure that matches nothing.
 */
class AbPowerTest {
    private static final AbRounds.Side SIDE = new AbRounds.Side("/lab", "", "", List.of());

    private static double[] constant(int rounds, double value) {
        double[] v = new double[rounds];
        Arrays.fill(v, value);
        return v;
    }

    /** An A/A analysis of {@code rounds} rounds: one measurement with no spread, one whose B wanders by ±3 %. */
    private static AbAnalysis.Result aa(int rounds, boolean aa) {
        double[] a = constant(rounds, 10);
        double[] wandering = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            wandering[i] = 10 * (1 + 0.03 * Math.sin(i * 2.1));
        }
        List<AbAnalysis.Measure> measures = new ArrayList<>();
        measures.add(measure("variant=steady", a, constant(rounds, 10)));
        measures.add(measure("variant=wandering", a, wandering));
        AbRounds.Plan plan = new AbRounds.Plan(
                "wallet", "sync-sweep", "quick", SIDE, SIDE, AbRounds.order(AbRounds.Order.abba, rounds, 1), aa);
        return new AbAnalysis.Result(
                Path.of("/ab"),
                plan,
                rounds,
                List.of(),
                Comparer.DEFAULT_NOISE,
                RunComparison.ALPHA,
                measures,
                List.of());
    }

    private static AbAnalysis.Measure measure(String key, double[] a, double[] b) {
        return new AbAnalysis.Measure(
                "sync-sweep",
                "sync_ms",
                key,
                a,
                b,
                PairedRounds.of(a, b, RunComparison.ALPHA),
                Double.NaN,
                RunComparison.Change.SAME,
                Double.NaN);
    }

    @Test
    void withNoSpreadEveryDrawFindsTheSlowdownsAndNoneCallsTheUnscaledRounds() {
        AbPower.Study s = AbPower.of(aa(20, true), List.of("variant=steady"), 1, 50);
        assertThat(s.rows()).hasSize(3).allMatch(r -> r.measure().equals("sync-sweep sync_ms variant=steady"));
        assertThat(s.rows().get(0).target().scale()).isEqualTo(1.00);
        assertThat(s.rows().get(0).slower() + s.rows().get(0).faster()).isZero();
        assertThat(s.rows().get(1).slower()).isEqualTo(50);
        assertThat(s.rows().get(2).slower()).isEqualTo(50);
        assertThat(s.rows()).allMatch(AbPower.Row::holds);
        assertThat(AbPower.terminal(s))
                .contains("Benjamini-Hochberg over all 2 measurements")
                .contains("targets held: 1.00 in 1 of 1, 1.05 in 1 of 1, 1.10 in 1 of 1 measurements");
    }

    /**
     * An A/A run whose B happened to read 4 % above A in every round, with no spread: drawn as recorded, every draw at
     * 1.00 would be called slower (4 % is past the 2 % noise threshold). The draws are centred first, so at 1.00 none
     * is, and at 1.05 every one is: the scale is the change, not the change on top of the recorded lean.
     */
    @Test
    void theRoundsAreCentredSoAnAaRunsLeanIsNotCalledAChange() {
        AbAnalysis.Measure leaning = measure("variant=leaning", constant(20, 10), constant(20, 10.4));
        AbRounds.Plan plan = new AbRounds.Plan(
                "wallet", "sync-sweep", "quick", SIDE, SIDE, AbRounds.order(AbRounds.Order.abba, 20, 1), true);
        AbAnalysis.Result r = new AbAnalysis.Result(
                Path.of("/ab"),
                plan,
                20,
                List.of(),
                Comparer.DEFAULT_NOISE,
                RunComparison.ALPHA,
                List.of(leaning),
                List.of());
        AbPower.Study s = AbPower.of(r, List.of(), 1, 30);
        assertThat(s.rows().get(0).slower() + s.rows().get(0).faster()).isZero();
        assertThat(s.rows().get(1).slower()).isEqualTo(30);
        assertThat(AbPower.terminal(s)).contains("centred first");
    }

    @Test
    void aMeasureNotChosenStaysUnscaledAndTheDrawsFollowTheSeed() {
        AbPower.Study all = AbPower.of(aa(20, true), List.of(), 7, 40);
        assertThat(all.rows()).hasSize(6);
        assertThat(AbPower.of(aa(20, true), List.of(), 7, 40).rows()).isEqualTo(all.rows());
        // ±3 % of spread: a 10 % slowdown stands out of it in every draw; unscaled, its B/A stays within the noise
        AbPower.Row wanderingAt110 = all.rows().get(5);
        assertThat(wanderingAt110.measure()).endsWith("variant=wandering");
        assertThat(wanderingAt110.slower()).isEqualTo(40);
        assertThat(all.rows().get(3).faster() + all.rows().get(3).slower()).isZero();
    }

    @Test
    void itRefusesWhatItCannotStudyInOneLineNamingTheValue() {
        assertThatThrownBy(() -> AbPower.of(aa(20, false), List.of(), 1, 10))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith("/ab is not an A/A run");
        assertThatThrownBy(() -> AbPower.of(aa(19, true), List.of(), 1, 10))
                .isInstanceOf(LabException.class)
                .hasMessage("/ab: 19 finished rounds; the power study needs at least 20 (run labbook ab again with "
                        + "--rounds 20 to go on)");
        assertThatThrownBy(() -> AbPower.of(aa(20, true), List.of("kde5"), 1, 10))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith("--measure: 'kde5' is in the name of none of the 2 measurements");
    }
}
