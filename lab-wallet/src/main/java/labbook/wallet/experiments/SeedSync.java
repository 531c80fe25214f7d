package labbook.wallet.experiments;

import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;
import labbook.core.SeedTable;
import labbook.wallet.WalletResults;
import labbook.wallet.WalletSeeds;

/**
 * The seed's published {@code Backend::sync()} times, read from the one copy of them: the class-path
 * resource {@link WalletSeeds#KWALLET_SYNC_RESOURCE} (columns {@link WalletSeeds#KWALLET_SYNC}), which
 * {@code reports} draws beside our results too. The experiments print them beside their medians and
 * take the seed's sizes (its checkpoints) from them.
 */
public record SeedSync(List<Figure> figures) {
    public static final String RELEASE = "Release";
    public static final String DEBUG_FULL = "DebugFull";

    /** One published figure. */
    public record Figure(String build, int entries, double syncMs, boolean approximate, String source) {
    }

    public SeedSync {
        figures = List.copyOf(figures);
    }

    /** Reads the resource; a missing or malformed one is a one-line error naming it. */
    public static SeedSync load() {
        return new SeedSync(SeedTable.read(SeedSync.class, WalletSeeds.KWALLET_SYNC_RESOURCE, WalletSeeds.KWALLET_SYNC,
                r -> new Figure(r.text(WalletSeeds.BUILD), (int) r.number(WalletResults.ENTRIES), r.number(WalletResults.SYNC_MS),
                        Boolean.parseBoolean(r.text(WalletSeeds.APPROXIMATE)), r.text(WalletSeeds.SOURCE))));
    }

    /** The sizes the seed timed: 1, 100, 1000, 5000, 10000. */
    public SortedSet<Integer> checkpoints() {
        TreeSet<Integer> sizes = new TreeSet<>();
        figures.forEach(f -> sizes.add(f.entries()));
        return sizes;
    }

    /** The published time of one build at one size, as printed ("56", "~56" when approximate), or "-". */
    public String ms(String build, int entries) {
        return figures.stream().filter(f -> f.build().equals(build) && f.entries() == entries).findFirst()
                .map(f -> (f.approximate() ? "~" : "") + number(f.syncMs())).orElse("-");
    }

    /** The published time of one build at one size in ms; NaN when the seed has none. */
    public double value(String build, int entries) {
        return figures.stream().filter(f -> f.build().equals(build) && f.entries() == entries).mapToDouble(Figure::syncMs)
                .findFirst().orElse(Double.NaN);
    }

    /** Where the figures come from (the resource's source column, each distinct text once). */
    public String source() {
        return String.join("; ", figures.stream().map(Figure::source).distinct().toList());
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
