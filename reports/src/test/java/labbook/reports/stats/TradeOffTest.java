package labbook.reports.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class TradeOffTest {
    // the seed's 100 MB readings: size in bytes, CPU in seconds
    static final TradeOff.Level Z0 = new TradeOff.Level("-z 0", 1.5, 100e6);
    static final TradeOff.Level Z1 = new TradeOff.Level("-z 1", 2.95, 43.5e6);
    static final TradeOff.Level Z7 = new TradeOff.Level("-z 7", 4.6, 39.5e6);
    static final TradeOff.Level Z9 = new TradeOff.Level("-z 9", 4.5, 39.5e6);
    static final List<TradeOff.Level> SEED = List.of(Z0, Z1, Z7, Z9);

    @Test
    void theSeedsRulePicksZ1OnItsOwnReadings() {
        // products: 150, 128.3, 181.7, 177.75 (x 1e6)
        assertThat(TradeOff.minTimeTimesSize(SEED)).contains(Z1);
    }

    @Test
    void breakEvenBandwidthAgainstNoCompression() {
        // (100e6 - 43.5e6) / (2.95 - 1.5) = 38.97 MB/s
        assertThat(TradeOff.breakEvenBandwidth(Z0, Z1)).isCloseTo(56.5e6 / 1.45, within(1.0));
        assertThat(TradeOff.breakEvenBandwidth(Z0, new TradeOff.Level("free", 1.0, 50e6)))
                .isInfinite();
        assertThat(TradeOff.breakEvenBandwidth(Z0, new TradeOff.Level("bigger", 3.0, 101e6)))
                .isZero();
    }

    @Test
    void cheapestLevelDependsOnBandwidth() {
        assertThat(TradeOff.bestAt(SEED, 1e6)).contains(Z9); // slow link: smallest (and Z9 is faster than Z7)
        assertThat(TradeOff.bestAt(SEED, 20e6)).contains(Z1);
        assertThat(TradeOff.bestAt(SEED, 1e9)).contains(Z0); // fast disk: no compression
        assertThat(Z1.costAt(43.5e6)).isCloseTo(3.95, within(1e-12));
    }

    @Test
    void bandsFollowTheLowerEnvelope() {
        List<TradeOff.Band> bands = TradeOff.bands(SEED);
        assertThat(bands).extracting(b -> b.level().name()).containsExactly("-z 9", "-z 1", "-z 0");
        // Z9 -> Z1 where 4.5 + 39.5e6 u = 2.95 + 43.5e6 u: B = 4e6 / 1.55
        assertThat(bands.get(0).toBytesPerS()).isCloseTo(4e6 / 1.55, within(1.0));
        assertThat(bands.get(1).fromBytesPerS()).isEqualTo(bands.get(0).toBytesPerS());
        assertThat(bands.get(1).toBytesPerS()).isCloseTo(56.5e6 / 1.45, within(1.0));
        assertThat(bands.get(2).toBytesPerS()).isInfinite();
        // the envelope agrees with bestAt inside each band
        for (TradeOff.Band b : bands) {
            double inside = b.toBytesPerS() == Double.POSITIVE_INFINITY
                    ? b.fromBytesPerS() * 10
                    : (b.fromBytesPerS() + b.toBytesPerS()) / 2;
            assertThat(TradeOff.bestAt(SEED, inside)).contains(b.level());
        }
    }
}
