package labbook.reports.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import labbook.reports.wallet.WalletData;
import org.junit.jupiter.api.Test;

class LinearFitTest {
    @Test
    void exactLineIsRecovered() {
        // 1 ms + 2 ms per 1000 entries
        LinearFit f = LinearFit.of(new double[] {0, 1000, 5000, 10000}, new double[] {1, 3, 11, 21});
        assertThat(f.slope()).isCloseTo(0.002, within(1e-12));
        assertThat(f.intercept()).isCloseTo(1, within(1e-9));
        assertThat(f.per1000()).isCloseTo(2, within(1e-9));
        assertThat(f.r2()).isCloseTo(1, within(1e-12));
        assertThat(f.crossing(16)).isCloseTo(7500, within(1e-6));
        assertThat(f.crossing(100)).isCloseTo(49500, within(1e-6));
        assertThat(f.at(2000)).isCloseTo(5, within(1e-9));
    }

    @Test
    void aLineAlreadyAboveTheBudgetCrossesAtZeroAndAFlatOneNever() {
        LinearFit above = LinearFit.of(new double[] {0, 10}, new double[] {20, 30});
        assertThat(above.crossing(16)).isZero();
        LinearFit flat = LinearFit.of(new double[] {0, 10, 20}, new double[] {5, 5, 5});
        assertThat(flat.crossing(16)).isNaN();
    }

    @Test
    void theilSenIgnoresOneStalledSyncThatTiltsLeastSquares() {
        double[] x = {0, 1000, 2000, 3000, 4000, 5000, 6000};
        double[] y = {1, 3, 5, 7, 200, 11, 13}; // 1 ms + 2 ms / 1000, one 200 ms stall
        LinearFit robust = LinearFit.robust(x, y);
        assertThat(robust.per1000()).isCloseTo(2, within(1e-9));
        assertThat(robust.intercept()).isCloseTo(1, within(1e-9));
        assertThat(robust.crossing(16)).isCloseTo(7500, within(1e-6));
        assertThat(LinearFit.of(x, y).per1000()).isNotCloseTo(2, within(1.0));
        assertThat(LinearFit.robust(new double[] {5, 5}, new double[] {1, 2}).slope())
                .isNaN();
        assertThat(LinearFit.robust(new double[] {1}, new double[] {1}).n()).isEqualTo(1);
    }

    @Test
    void tooFewPointsGiveNaN() {
        LinearFit f = LinearFit.of(new double[] {1, Double.NaN}, new double[] {2, 3});
        assertThat(f.n()).isEqualTo(1);
        assertThat(f.slope()).isNaN();
        assertThat(f.crossing(16)).isNaN();
    }

    @Test
    void theSeedsReleaseLineCrosses100MsFarAboveItsUsualWallet() {
        LinearFit release = WalletData.seedFit(WalletData.KWALLET_SYNC.table(), "Release");
        assertThat(release.per1000()).isBetween(4.0, 5.0);
        assertThat(release.crossing(100)).isGreaterThan(10_000);
    }
}
