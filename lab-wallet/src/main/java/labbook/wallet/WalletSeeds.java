package labbook.wallet;

import static labbook.core.Column.text;
import static labbook.core.SeedTable.APPROXIMATE;
import static labbook.core.SeedTable.SOURCE;
import static labbook.wallet.WalletSchemas.ENTRIES;
import static labbook.wallet.WalletSchemas.STUDY;
import static labbook.wallet.WalletSchemas.SYNC_MS;

import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;
import labbook.core.Column;
import labbook.core.ResultsSchema;
import labbook.core.SeedTable;

/**
 * The wallet seed's published figures and the module's one reader of them: a class-path resource of this module (its
 * source in the README beside it), each column declared once. The experiments read it through {@link #load()}, print
 * its figures beside their medians and take the seed's sizes (its checkpoints) from it; {@code reports} draws it by the
 * same constants. A seed column that is also a results column ({@code entries}, {@code sync_ms}) is the results'
 * constant: the seed is compared on it; the columns every study's seed tables share ({@code approximate},
 * {@code source}) are lab-core's {@link SeedTable}'s.
 */
public final class WalletSeeds {
    public static final String KWALLET_SYNC_RESOURCE = "/labbook/wallet/seeds/kwallet-sync.csv";

    public static final Column BUILD = text("build", "the seed's KWallet build: Release or DebugFull");

    /** The seed's {@code Backend::sync()} time per build and size. */
    public static final ResultsSchema KWALLET_SYNC =
            ResultsSchema.of(STUDY, "kwallet-sync", BUILD, ENTRIES, SYNC_MS, APPROXIMATE, SOURCE);

    /** Every seed table of the study. */
    public static final List<ResultsSchema> ALL = List.of(KWALLET_SYNC);

    /** The seed's two builds, as its {@link #BUILD} column names them. */
    public static final String RELEASE = "Release";

    public static final String DEBUG_FULL = "DebugFull";

    /** One published figure. */
    public record Figure(String build, int entries, double syncMs, boolean approximate, String source) {}

    private final List<Figure> figures;

    public WalletSeeds(List<Figure> figures) {
        this.figures = List.copyOf(figures);
    }

    /** Reads the resource; a missing or malformed one is a one-line error naming it. */
    public static WalletSeeds load() {
        return new WalletSeeds(SeedTable.read(
                WalletSeeds.class,
                KWALLET_SYNC_RESOURCE,
                KWALLET_SYNC,
                r -> new Figure(
                        r.text(BUILD),
                        (int) r.number(ENTRIES),
                        r.number(SYNC_MS),
                        Boolean.parseBoolean(r.text(APPROXIMATE)),
                        r.text(SOURCE))));
    }

    /** Every figure, in the resource's order. */
    public List<Figure> figures() {
        return figures;
    }

    /** The sizes the seed timed: 1, 100, 1000, 5000, 10000. */
    public SortedSet<Integer> checkpoints() {
        TreeSet<Integer> sizes = new TreeSet<>();
        figures.forEach(f -> sizes.add(f.entries()));
        return sizes;
    }

    /** The published time of one build at one size, as printed ("56", "~56" when approximate), or "-". */
    public String ms(String build, int entries) {
        return figures.stream()
                .filter(f -> f.build().equals(build) && f.entries() == entries)
                .findFirst()
                .map(f -> (f.approximate() ? "~" : "") + number(f.syncMs()))
                .orElse("-");
    }

    /** The published time of one build at one size in ms; NaN when the seed has none. */
    public double value(String build, int entries) {
        return figures.stream()
                .filter(f -> f.build().equals(build) && f.entries() == entries)
                .mapToDouble(Figure::syncMs)
                .findFirst()
                .orElse(Double.NaN);
    }

    /** Where the figures come from (the resource's source column, each distinct text once). */
    public String source() {
        return String.join("; ", figures.stream().map(Figure::source).distinct().toList());
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
