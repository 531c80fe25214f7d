package labbook.wallet.experiments;

import java.util.Map;

/**
 * The seed's published figures, as data with their source (never ours): KDE Community Wiki,
 * "KDE Utils/kwallet/Benchmark" (shared/seeds/kwallet-sync-benchmark.txt), one run of
 * {@code Backend::sync()} on one 2.4 GHz core of a Q6600, in ms.
 */
public final class SeedFigures {
    public static final String SOURCE = "KDE Community Wiki, KDE Utils/kwallet/Benchmark (Q6600, 2.4 GHz, one run)";
    public static final Map<Integer, Integer> RELEASE_MS = Map.of(1, 8, 100, 5, 1000, 15, 5000, 25, 10_000, 56);
    public static final Map<Integer, Integer> DEBUGFULL_MS = Map.of(1, 16, 100, 15, 1000, 32, 5000, 107, 10_000, 192);
    /** The seed's checkpoints; full mode adds the loop's end, 100,000. */
    public static final int[] CHECKPOINTS = {1, 100, 1000, 5000, 10_000};

    private SeedFigures() {
    }

    public static String release(int entries) {
        Integer v = RELEASE_MS.get(entries);
        return v == null ? "-" : v.toString();
    }

    public static String debugFull(int entries) {
        Integer v = DEBUGFULL_MS.get(entries);
        return v == null ? "-" : v.toString();
    }
}
