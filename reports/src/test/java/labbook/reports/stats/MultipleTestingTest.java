package labbook.reports.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The Benjamini-Hochberg correction against the paper's own example and adjusted values worked out by hand. */
class MultipleTestingTest {
    /**
     * Benjamini and Hochberg (1995), section 4.2: 15 p-values of a clinical trial; at q = 0.05 the step-up rejects the
     * four smallest (0.0095 <= 4/15 x 0.05 = 0.0133, while 0.0201 > 5/15 x 0.05 = 0.0167, and no larger one passes its
     * own bar), where Bonferroni rejects three. The adjusted values are min over j >= i of 15 p_(j) / j: for the
     * fourth, min(15 x 0.0095 / 4, 15 x 0.0201 / 5, ...) = 0.035625; the same as scipy 1.17.1's
     * {@code stats.false_discovery_control} and R's {@code p.adjust(p, "BH")} give.
     */
    @Test
    void thePapersExampleRejectsTheFourSmallest() {
        double[] p = {
            0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528,
            0.7590, 1.000
        };
        double[] expected = {
            0.0015,
            0.003,
            0.0095,
            0.035625,
            0.0603,
            0.0638571429,
            0.0638571429,
            0.0645,
            0.0765,
            0.486,
            0.5811818182,
            0.714875,
            0.7532307692,
            0.8132142857,
            1
        };
        double[] adjusted = MultipleTesting.benjaminiHochberg(p);
        assertThat(adjusted).containsExactly(expected, within(1e-9));
        assertThat(MultipleTesting.discoveries(adjusted, 0.05)).isEqualTo(4);
    }

    @Test
    void orderDoesNotMatterAndOneTestIsItsOwnAdjustment() {
        double[] adjusted = MultipleTesting.benjaminiHochberg(new double[] {0.04, 0.01, 0.03});
        // sorted 0.01, 0.03, 0.04: 3 x 0.01 / 1 = 0.03; min(3 x 0.03 / 2, 0.04) = 0.04; 3 x 0.04 / 3 = 0.04
        assertThat(adjusted).containsExactly(new double[] {0.04, 0.03, 0.04}, within(1e-12));
        assertThat(MultipleTesting.benjaminiHochberg(new double[] {0.2})).containsExactly(0.2);
        assertThat(MultipleTesting.benjaminiHochberg(new double[0])).isEmpty();
    }

    @Test
    void theLevelForOneMoreDiscoveryIsTheNextCriticalValue() {
        // 400 tests, 3 discoveries: a fourth needs p below 4/400 x 0.05
        assertThat(MultipleTesting.levelForOneMore(0.05, 400, 3)).isCloseTo(0.0005, within(1e-15));
        assertThat(MultipleTesting.levelForOneMore(0.05, 1, 0)).isEqualTo(0.05);
        assertThat(MultipleTesting.levelForOneMore(0.05, 10, 10)).isEqualTo(0.05);
    }

    @Test
    void aValueThatIsNoPValueIsRefused() {
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> MultipleTesting.benjaminiHochberg(new double[] {0.1, Double.NaN}))
                .withMessageContaining("NaN");
    }
}
