package labbook.reports.study;

import static org.assertj.core.api.Assertions.assertThat;

import labbook.reports.stats.Interval;
import org.junit.jupiter.api.Test;

/** Each threshold's verdict on intervals placed by hand on either side of it, inside it and across it. */
class ThresholdTest {
    private static Interval ci(double low, double high) {
        return new Interval(low, high);
    }

    @Test
    void belowHoldsOnlyWhenTheWholeIntervalIsBelow() {
        Threshold t = Threshold.below(16, Unit.MS);
        assertThat(t.verdict(2, ci(1.7, 2.3))).isEqualTo(Verdict.HOLDS);
        assertThat(t.verdict(20, ci(16, 25))).isEqualTo(Verdict.DOES_NOT_HOLD);
        Verdict straddles = t.verdict(15, ci(14, 17));
        assertThat(straddles.outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
        assertThat(straddles.text()).isEqualTo("inconclusive: 14-17 ms against 16 ms");
        assertThat(straddles.category()).isEqualTo("inconclusive");
        assertThat(t.verdict(Double.NaN, Interval.NONE)).isEqualTo(Verdict.NOT_MEASURED);
        // no interval: the point is judged alone
        assertThat(t.verdict(15, Interval.NONE)).isEqualTo(Verdict.HOLDS);
        assertThat(t.text()).isEqualTo("< 16 ms");
    }

    @Test
    void aboveMirrorsBelow() {
        Threshold t = Threshold.above(1, Unit.RATIO);
        assertThat(t.verdict(4, ci(3.5, 4.4))).isEqualTo(Verdict.HOLDS);
        assertThat(t.verdict(0.5, ci(0.4, 1))).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(t.verdict(1.02, ci(0.97, 1.06)).text()).isEqualTo("inconclusive: ×0.97-×1.06 against ×1");
    }

    @Test
    void sameOrderNamesACategoryOnlyWhenTheIntervalLiesInsideIt() {
        // seed 10 ms, factor 2: faster below 5 ms, slower above 20 ms
        Threshold t = Threshold.sameOrder(10, 2, Unit.MS);
        Verdict faster = t.verdict(2.5, ci(2, 3));
        assertThat(faster.text()).isEqualTo("4 x faster here");
        assertThat(faster.category()).isEqualTo("faster");
        Verdict slower = t.verdict(30, ci(25, 35));
        assertThat(slower.text()).isEqualTo("3 x slower here");
        assertThat(slower.category()).isEqualTo("slower");
        assertThat(t.verdict(12, ci(6, 15))).isEqualTo(Verdict.SAME_ORDER);
        assertThat(t.verdict(5.5, ci(4, 6)).text()).isEqualTo("inconclusive: 4-6 ms against 5 ms (×0.5 the seed)");
        assertThat(t.verdict(19, ci(18, 21)).text()).isEqualTo("inconclusive: 18-21 ms against 20 ms (×2 the seed)");
        assertThat(t.text()).isEqualTo("same order: 5-20 ms (×1/2-×2 the seed)");
    }

    @Test
    void matchIsReproducedInsideTheBandAndLowerOrHigherOutside() {
        Threshold t = Threshold.match(0.4, 1.25, Unit.FRACTION); // 32 % to 50 %
        assertThat(t.verdict(0.41, ci(0.41, 0.41)).category()).isEqualTo("reproduced");
        assertThat(t.verdict(0.2, ci(0.19, 0.21)).text()).isEqualTo("lower here");
        assertThat(t.verdict(0.6, ci(0.55, 0.65)).text()).isEqualTo("higher here");
        assertThat(t.verdict(0.5, ci(0.45, 0.55)).text()).isEqualTo("inconclusive: 45-55 % against 50 %");
    }

    @Test
    void aBandUsesTheClaimsOwnWords() {
        Threshold t = Threshold.band(3.43, 2, Unit.RATIO, "less", "same order", "more");
        assertThat(t.verdict(1.5, ci(1.27, 1.61)).category()).isEqualTo("less");
        assertThat(t.verdict(3, ci(2, 4)).outcome()).isEqualTo(Verdict.Outcome.AGREES);
        assertThat(t.verdict(8, ci(7, 9)).text()).isEqualTo("more");
        assertThat(t.verdict(1.7, ci(1.6, 1.8)).outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
    }

    @Test
    void aSideHasNoRightAnswer() {
        Threshold t = Threshold.side(3.43, Unit.RATIO, "costs more", "costs less");
        assertThat(t.verdict(100, ci(92, 102)).text()).isEqualTo("costs more");
        assertThat(t.verdict(100, ci(92, 102)).outcome()).isEqualTo(Verdict.Outcome.DIFFERS);
        assertThat(t.verdict(3, ci(2, 4)).outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
    }

    @Test
    void aClaimIsJudgedAgainOnItsInterval() {
        Claim c = Claim.of(() -> "X", "", "x").judged(15, Threshold.below(16, Unit.MS));
        assertThat(c.verdict()).isEqualTo(Verdict.HOLDS);
        Claim withInterval = c.interval(ci(14, 17));
        assertThat(withInterval.verdict().outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
        assertThat(withInterval.intervalText()).isEqualTo("14-17 ms");
        assertThat(withInterval.thresholdText()).isEqualTo("< 16 ms");
    }

    @Test
    void unitsPrintIntervalsWithTheUnitOnce() {
        assertThat(Unit.MS.format(ci(1.71, 1.82))).isEqualTo("1.71-1.82 ms");
        assertThat(Unit.FRACTION.format(ci(0.463, 0.519))).isEqualTo("46.3-51.9 %");
        assertThat(Unit.ENTRIES.format(ci(52_348, 52_964))).isEqualTo("52,348-52,964 entries");
        assertThat(Unit.RATIO.format(ci(1.08, 1.15))).isEqualTo("×1.08-×1.15");
        assertThat(Unit.ENTRIES.format(Double.POSITIVE_INFINITY)).isEqualTo("never");
        assertThat(Unit.MS.format(Interval.NONE)).isEqualTo("—");
    }

    @Test
    void anUndecidableRunIsInconclusiveWhateverItsInterval() {
        Threshold t = Threshold.undecidable(Threshold.above(1, Unit.RATIO), "the machine lent 0.4 cores");
        assertThat(t.verdict(4, ci(3.5, 4.4)).text()).isEqualTo("inconclusive: the machine lent 0.4 cores");
        assertThat(t.verdict(Double.NaN, Interval.NONE)).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(t.text()).isEqualTo("> ×1");
    }
}
