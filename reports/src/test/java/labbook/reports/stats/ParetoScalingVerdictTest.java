package labbook.reports.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import labbook.reports.study.Verdict;
import org.junit.jupiter.api.Test;

class ParetoScalingVerdictTest {
    record P(String name, double x, double y) {}

    @Test
    void paretoFrontKeepsOnlyUndominatedPoints() {
        List<P> points = List.of(
                new P("a", 1, 10),
                new P("b", 2, 5),
                new P("c", 3, 6),
                new P("d", 4, 1),
                new P("e", 2, 7),
                new P("f", 5, 1),
                new P("g", Double.NaN, 0));
        assertThat(Pareto.front(points, P::x, P::y)).extracting(P::name).containsExactly("a", "b", "d");
        assertThat(Pareto.front(List.<P>of(), P::x, P::y)).isEmpty();
    }

    @Test
    void speedupAndEfficiency() {
        assertThat(Scaling.speedupFromTimes(10, 4)).isEqualTo(2.5);
        assertThat(Scaling.speedupFromRates(100, 350)).isEqualTo(3.5);
        assertThat(Scaling.efficiency(3, 4)).isEqualTo(0.75);
        assertThat(Scaling.efficiencyOnCores(1.8, 4, 2)).isCloseTo(0.9, within(1e-12));
        assertThat(Scaling.speedupFromTimes(1, 0)).isNaN();
    }

    @Test
    void ratioOfMeasuredOverSeed() {
        assertThat(Verdict.ratio(5, 10)).isEqualTo(0.5);
        assertThat(Verdict.ratio(5, 0)).isNaN();
    }

    @Test
    void theOutcomeNotTheWordsPicksTheCellColour() {
        assertThat(Verdict.DOES_NOT_HOLD.outcome().css()).isEqualTo("bad");
        assertThat(Verdict.NOT_MEASURED.outcome().css()).isEqualTo("none");
        assertThat(Verdict.inconclusive("1-3 against 2").outcome().css()).isEqualTo("unsure");
        // words that merely start like an agreeing verdict do not colour a cell
        assertThat(Verdict.differs("same order, but only by luck").outcome()).isEqualTo(Verdict.Outcome.DIFFERS);
    }

    @Test
    void formatting() {
        assertThat(Format.sig(0.0123456, 3)).isEqualTo("0.0123");
        assertThat(Format.sig(123456, 3)).isEqualTo("123000");
        assertThat(Format.ratio(0.4321)).isEqualTo("×0.43");
        assertThat(Format.pct(0.428)).isEqualTo("42.8 %");
        assertThat(Format.bandwidth(38.97e6)).isEqualTo("39 MB/s");
        assertThat(Format.bandwidth(Double.POSITIVE_INFINITY)).isEqualTo("any bandwidth");
        assertThat(Format.num(Double.NaN)).isEqualTo("n/a");
        assertThat(Format.num(2734722.35)).isEqualTo("2,730,000");
        assertThat(Format.num(9876.5)).isEqualTo("9880");
        assertThat(Format.num(-12345)).isEqualTo("-12,300");
        assertThat(Format.num(2.78e-17)).isEqualTo("0");
        assertThat(Format.exact(10250)).isEqualTo("10,250");
        assertThat(Format.exact(0.17)).isEqualTo("0.17");
    }
}
