package labbook.wallet.experiments;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;
import labbook.core.Column;
import labbook.core.LabException;
import labbook.wallet.WalletResults;
import labbook.wallet.WalletSeeds;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

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
        String name = WalletSeeds.KWALLET_SYNC_RESOURCE;
        try (InputStream in = SeedSync.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new LabException("the seed figures " + name + " are missing from the class path (rebuild lab-wallet)");
            }
            return parse(new InputStreamReader(in, StandardCharsets.UTF_8), name);
        } catch (IOException e) {
            throw new LabException("cannot read the seed figures " + name + ": " + e.getMessage(), e);
        }
    }

    static SeedSync parse(Reader reader, String name) throws IOException {
        List<String> expected = WalletSeeds.KWALLET_SYNC.names();
        try (CSVParser csv = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(reader)) {
            if (!csv.getHeaderNames().equals(expected)) {
                throw new LabException(name + ": columns " + csv.getHeaderNames() + ", expected " + expected);
            }
            List<Figure> figures = new ArrayList<>();
            for (CSVRecord r : csv) {
                try {
                    figures.add(new Figure(get(r, WalletSeeds.BUILD), Integer.parseInt(get(r, WalletResults.ENTRIES)),
                            Double.parseDouble(get(r, WalletResults.SYNC_MS)), Boolean.parseBoolean(get(r, WalletSeeds.APPROXIMATE)),
                            get(r, WalletSeeds.SOURCE)));
                } catch (NumberFormatException e) {
                    throw new LabException(name + ": line " + r.getRecordNumber() + ": not a number (" + e.getMessage() + ")");
                }
            }
            return new SeedSync(figures);
        }
    }

    private static String get(CSVRecord r, Column c) {
        return r.get(c.name());
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
