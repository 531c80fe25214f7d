package labbook.reports.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The compression trade-off the crypto study argued from. Its rule: pick the level minimising CPU time x output size.
 * The view that rule stands in for: a file is compressed to be stored or sent over something with a bandwidth B, so a
 * level costs CPU time + size / B, and compressing pays below the bandwidth at which that cost equals the cost of not
 * compressing.
 */
public final class TradeOff {
    private TradeOff() {}

    /** One level's median cost for one file: CPU seconds and output bytes. */
    public record Level(String name, double cpuS, double outBytes) {
        public double timeTimesSize() {
            return cpuS * outBytes;
        }

        /** Seconds to compress, then move the output at {@code bytesPerS}. */
        public double costAt(double bytesPerS) {
            return cpuS + outBytes / bytesPerS;
        }
    }

    /** The seed's rule: the level with the smallest time x size product. */
    public static Optional<Level> minTimeTimesSize(List<Level> levels) {
        return levels.stream()
                .filter(l -> !Double.isNaN(l.timeTimesSize()))
                .min(Comparator.comparingDouble(Level::timeTimesSize));
    }

    /** The cheapest level for a link or disk of the given bandwidth. */
    public static Optional<Level> bestAt(List<Level> levels, double bytesPerS) {
        return levels.stream()
                .filter(l -> !Double.isNaN(l.costAt(bytesPerS)))
                .min(Comparator.comparingDouble(l -> l.costAt(bytesPerS)));
    }

    /**
     * The bandwidth (bytes/s) below which {@code level} costs less than {@code baseline} (usually no compression): from
     * cpuL + outL/B = cpu0 + out0/B, B = (out0 - outL) / (cpuL - cpu0). Infinite when the level is both smaller and no
     * slower (it always pays); 0 when it is not smaller (it never pays).
     */
    public static double breakEvenBandwidth(Level baseline, Level level) {
        double saved = baseline.outBytes() - level.outBytes();
        double extra = level.cpuS() - baseline.cpuS();
        if (saved <= 0) {
            return 0;
        }
        if (extra <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        return saved / extra;
    }

    /** Where the cheapest level changes as bandwidth grows: a band of bandwidths per winning level. */
    public record Band(Level level, double fromBytesPerS, double toBytesPerS) {}

    /**
     * The lower envelope of cost(B) over every level, as bands from slow to fast links. At very low bandwidth the
     * smallest output wins; at very high bandwidth the fastest level wins.
     */
    public static List<Band> bands(List<Level> levels) {
        List<Level> valid = levels.stream()
                .filter(l -> !Double.isNaN(l.cpuS()) && !Double.isNaN(l.outBytes()))
                .toList();
        List<Band> bands = new ArrayList<>();
        if (valid.isEmpty()) {
            return bands;
        }
        // cost(B) = cpu + out * u with u = 1/B: lines in u; walk u from large (slow links) to 0
        Level current = valid.stream()
                .min(Comparator.comparingDouble(Level::outBytes).thenComparingDouble(Level::cpuS))
                .orElseThrow();
        double from = 0;
        while (true) {
            Level next = null;
            double nextB = Double.POSITIVE_INFINITY;
            for (Level l : valid) {
                if (l.cpuS() < current.cpuS() && l.outBytes() > current.outBytes()) {
                    // l overtakes current once B passes (outL - outC) / (cpuC - cpuL)
                    double b = (l.outBytes() - current.outBytes()) / (current.cpuS() - l.cpuS());
                    if (b >= from && (b < nextB || (b == nextB && next != null && l.cpuS() < next.cpuS()))) {
                        nextB = b;
                        next = l;
                    }
                }
            }
            bands.add(new Band(current, from, next == null ? Double.POSITIVE_INFINITY : nextB));
            if (next == null) {
                return bands;
            }
            current = next;
            from = nextB;
        }
    }
}
