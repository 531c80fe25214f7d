package labbook.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.AbRounds;
import labbook.core.LabException;
import labbook.reports.Studies;
import labbook.reports.compare.RunComparison.Change;
import labbook.reports.stats.Interval;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reports ab} on hand-made rounds: B's wallet times 10 % above A's in every round (with a little noise of their
 * own) are called slower, the untouched measurements "~"; with too few rounds nothing can be called. Through the
 * command line: compare's forms (one set of columns), the regression gate on the corrected verdicts, and the page with
 * its forest plot.
 */
class AbAnalysisTest {
    @TempDir
    Path dir;

    private static final AbRounds.Side A = new AbRounds.Side("/lab", "", "", List.of());
    private static final AbRounds.Side B = new AbRounds.Side("/lab", "", "-XX:+UseParallelGC", List.of());

    private void rounds(int n) throws Exception {
        AbRounds.settle(
                dir,
                new AbRounds.Plan(
                        "wallet", "sync-sweep", "quick", A, B, AbRounds.order(AbRounds.Order.abba, n, 1), false));
        for (int r = 1; r <= n; r++) {
            CalibrateTest.scaledCopy(AbRounds.root(dir, r, 'a'), 1 + 0.01 * (r % 3));
            CalibrateTest.scaledCopy(AbRounds.root(dir, r, 'b'), 1.1 * (1 + 0.01 * ((r + 1) % 3)));
        }
    }

    @Test
    void aTenPercentSlowerBInEveryRoundIsCalledSlowerAndTheRestUnchanged() throws Exception {
        rounds(6);
        AbAnalysis.Result r = AbAnalysis.of(dir, Studies.ALL, Comparer.DEFAULT_NOISE);
        assertThat(r.rounds()).isEqualTo(6);
        AbAnalysis.Measure kde4 = r.measures().stream()
                .filter(m -> m.timing().equals("sync_ms") && m.key().equals("variant=kde4 entries=1000"))
                .findFirst()
                .orElseThrow();
        assertThat(kde4.rounds().geomeanRatio()).isBetween(1.08, 1.12);
        // six rounds, every log ratio positive: the sign-flip test's smallest p, 2 / 64
        assertThat(kde4.rounds().signFlip().p()).isEqualTo(2.0 / 64);
        assertThat(kde4.change()).isEqualTo(Change.SLOWER);
        assertThat(r.measures().stream().filter(m -> m.experiment().equals("key-derivation")))
                .isNotEmpty()
                .allMatch(m -> m.change() == Change.SAME);
        assertThat(AbAnalysis.terminal(r))
                .contains("comparison: interleaved rounds: wallet sync-sweep, quick mode, 6 rounds (AB BA BA AB AB BA)")
                .contains("wallet configuration: lab /lab → lab /lab, flags -XX:+UseParallelGC")
                .contains("sign-flip permutation test")
                .containsPattern("rounds to see a 5 ?% change at 80 ?% power, were they as spread as these 6: median");
    }

    @Test
    void aFamilyChosenByNameIsCorrectedForItselfAlone() throws Exception {
        rounds(6);
        AbAnalysis.Result all = AbAnalysis.of(dir, Studies.ALL, Comparer.DEFAULT_NOISE);
        String kde4 = "sync-sweep sync_ms variant=kde4 entries=1000";
        AbAnalysis.Result one = AbAnalysis.of(dir, Studies.ALL, Comparer.DEFAULT_NOISE, List.of(kde4));
        assertThat(all.measures().size()).isGreaterThan(10);
        assertThat(one.measures()).extracting(AbAnalysis::name).containsExactly(kde4);
        // Benjamini-Hochberg over a family of one leaves its p as it is
        AbAnalysis.Measure m = one.measures().get(0);
        assertThat(m.pAdjusted()).isEqualTo(m.rounds().signFlip().p());
        assertThat(AbAnalysis.terminal(one))
                .startsWith("decided over 1 measurements chosen by --measure (" + kde4 + ")");
        assertThatThrownBy(() -> AbAnalysis.of(dir, Studies.ALL, Comparer.DEFAULT_NOISE, List.of("entries=123456")))
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith("--measure: 'entries=123456' is in the name of none of the "
                        + all.measures().size() + " measurements");
    }

    /**
     * The decision by hand, with the noise threshold at 2 %: p far below the level in each, the same ratio of ×1.03,
     * called slower only when its whole interval lies above ×1.02 (criterion.rs's rule), faster only when it lies below
     * ×0.98, and never with an adjusted p at the level.
     */
    @Test
    void aChangeIsCalledOnlyWhenItsWholeIntervalLiesBeyondTheNoiseThreshold() {
        AbAnalysis.Verdicts v = AbAnalysis.decide(
                new double[] {0.001, 0.001, 0.001, 0.05},
                List.of(
                        new Interval(1.01, 1.05),
                        new Interval(1.021, 1.05),
                        new Interval(0.95, 0.979),
                        new Interval(1.10, 1.20)),
                20,
                0.02);
        assertThat(v.changes()).containsExactly(Change.SAME, Change.SLOWER, Change.FASTER, Change.SAME);
    }

    /** Twenty rounds' A medians, all 1. */
    private static final double[] ONES = new double[20];

    /** Twenty rounds' B medians, whose log ratios to {@link #ONES} alternate +0.01 and -0.01. */
    private static final double[] ALTERNATING = new double[20];

    static {
        for (int i = 0; i < 20; i++) {
            ONES[i] = 1;
            ALTERNATING[i] = Math.exp(i % 2 == 0 ? 0.01 : -0.01);
        }
    }

    /**
     * The detectable change by hand: 20 rounds whose log ratios alternate ±0.01 (mean 0, sd 0.01026, SE 0.002294, t(19)
     * quantiles 2.0930 at 97.5 % and 0.8610 at 80 %), so the test's own at 5 % is exp(2.954 x 0.002294) - 1 = 0.6800 %;
     * its interval beyond a 2 % threshold needs 1.02 x 1.006800 - 1 = 2.6936 %, the larger, and at a 0.1 % threshold
     * the test's 0.68 % is.
     */
    @Test
    void theDetectableChangeIsTheTestsOrTheOneWhoseIntervalClearsTheThresholdWhicheverIsLarger() {
        double[] a = ONES;
        double[] b = ALTERNATING;
        assertThat(AbAnalysis.detectable(a, b, 0.05, 0.02)).isCloseTo(0.026936, within(2e-6));
        assertThat(AbAnalysis.detectable(a, b, 0.001, 0.001)).isCloseTo(0.010944, within(2e-6));
    }

    /**
     * The rounds a change needs, by hand (scipy's t quantiles), for the same rounds (sd of the log ratios 0.0102598):
     * 2.5 % against a 2 % threshold needs 37 rounds (36 give 2.5039 %, 37 give 2.4967 %), 3 % needs 11 (2.9851 %; 10
     * give 3.0463 %), 5 % needs the sign-flip test's fewest, 6 (3.5020 %; 5 cannot reach p below 0.05); a change not
     * beyond the threshold, none.
     */
    @Test
    void theRoundsAChangeNeedsAreTheFewestWhoseDetectableChangeReachesIt() {
        double[] a = ONES;
        double[] b = ALTERNATING;
        assertThat(AbAnalysis.roundsFor(a, b, 0.025, 0.05, 0.02)).hasValue(37);
        assertThat(AbAnalysis.roundsFor(a, b, 0.03, 0.05, 0.02)).hasValue(11);
        assertThat(AbAnalysis.roundsFor(a, b, 0.05, 0.05, 0.02)).hasValue(6);
        assertThat(AbAnalysis.roundsFor(a, b, 0.02, 0.05, 0.02)).isEmpty();
        assertThat(AbAnalysis.roundsFor(new double[] {1}, new double[] {1.1}, 0.05, 0.05, 0.02))
                .isEmpty();
    }

    @Test
    void fourRoundsCannotCallAnythingAndSaySo() throws Exception {
        rounds(4);
        AbAnalysis.Result r = AbAnalysis.of(dir, Studies.ALL, Comparer.DEFAULT_NOISE);
        assertThat(r.measures()).allMatch(m -> m.change() == Change.TOO_FEW);
        assertThat(AbAnalysis.terminal(r)).contains("too few rounds");
    }

    @Test
    void oneFinishedRoundIsOneLine() throws Exception {
        rounds(2);
        org.apache.commons.io.file.PathUtils.deleteDirectory(AbRounds.root(dir, 2, 'b'));
        assertThatThrownBy(() -> AbAnalysis.of(dir, Studies.ALL, Comparer.DEFAULT_NOISE))
                .isInstanceOf(LabException.class)
                .hasMessageEndingWith(
                        "1 finished round(s) of 2: pairs need at least 2 (run labbook ab again to go on)");
        assertThat(Files.exists(dir.resolve(AbRounds.PLAN))).isTrue();
    }

    private record Ran(int exit, String out, String err) {}

    private static Ran reports(String... args) {
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        picocli.CommandLine cli = labbook.core.Cli.commandLine(new labbook.reports.ReportsCli());
        cli.setOut(new java.io.PrintWriter(out, true));
        cli.setErr(new java.io.PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Ran(exit, out.toString(), err.toString());
    }

    @Test
    void everyFormIsComparesAndTheGateReadsTheCorrectedVerdicts() throws Exception {
        rounds(6);
        Ran csv = reports("ab", dir.toString(), "--format", "csv");
        assertThat(csv.exit()).isZero();
        assertThat(csv.out().lines().findFirst().orElseThrow()).isEqualTo(String.join(",", ComparisonText.CSV_HEADER));
        assertThat(csv.out()).contains("wallet,sync-sweep,sync_ms,variant=kde4 entries=1000,6,");
        Ran json = reports("ab", dir.toString(), "--format", "json");
        assertThat(json.out())
                .contains("\"correction\" : \"Benjamini-Hochberg\"")
                .contains("sign-flip");
        Ran markdown = reports("ab", dir.toString(), "--format", "markdown");
        assertThat(markdown.out()).startsWith("## Comparison: interleaved rounds: wallet sync-sweep");
        // B is 8 to 12 % slower: called slower, and beyond 5 % with its whole interval only where the interval allows
        Ran gate = reports("ab", dir.toString(), "--fail-on-regression", "5");
        assertThat(gate.exit()).isEqualTo(3);
        assertThat(gate.err()).contains("regression beyond 5 %: wallet/sync-sweep sync_ms variant=kde4 entries=1000");
        assertThat(reports("ab", dir.toString(), "--fail-on-regression", "50").exit())
                .isZero();
        assertThat(dir.resolve("report/compare.html"))
                .content()
                .contains("B / A over the rounds")
                .contains("interleaved rounds: wallet sync-sweep")
                .doesNotContain("Seed claims");
        assertThat(dir.resolve("report/charts/ab-ratios.png")).isNotEmptyFile();
    }

    @Test
    void withTooFewRoundsTheGateHasNothingToFail() throws Exception {
        rounds(4);
        Ran gate = reports("ab", dir.toString(), "--fail-on-regression", "5");
        assertThat(gate.exit()).isZero();
        assertThat(gate.out()).contains("too few rounds");
    }

    @Test
    void thePowerStudyRefusesARunThatIsNotAaInOneLine() throws Exception {
        rounds(6);
        Ran power = reports("ab", dir.toString(), "--power");
        assertThat(power.exit()).isEqualTo(labbook.core.Cli.BAD_ARGUMENTS);
        assertThat(power.err().strip())
                .endsWith("(labbook ab STUDY EXPERIMENT --aa)")
                .doesNotContain("\n");
    }
}
