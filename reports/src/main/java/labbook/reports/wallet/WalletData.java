package labbook.reports.wallet;

import static labbook.wallet.WalletResults.ENTRIES;
import static labbook.wallet.WalletResults.SYNC_MS;
import static labbook.wallet.WalletResults.VARIANT;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.reports.stats.Estimate;
import labbook.reports.stats.LinearFit;
import labbook.reports.stats.Stats;
import labbook.reports.stats.Summaries;
import labbook.reports.study.Seed;
import labbook.wallet.WalletResults;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/**
 * The KWallet study's analyses, pure functions of the tables. The seed: "I assume that your usual
 * wallet will contain less than 1000 entries. [...] this workaround would save around 15ms - 8ms =
 * 7ms. This is clearly insignificant."
 */
public final class WalletData {
    /** The seed's sync times per build and size; its columns are {@code build} and the results' {@code entries}, {@code sync_ms}. */
    public static final Seed KWALLET_SYNC = new Seed("kwallet-sync", WalletResults.SEED_SYNC);
    /** The seed table's build column: DebugFull or Release. */
    public static final String BUILD = "build";
    /** The 2009 format and cipher: what the seed measured. */
    public static final String SEED_VARIANT = "kde4";
    public static final String INTERPRETED_VARIANT = "kde4-xint";
    public static final String DURABLE_VARIANT = "kf5-fdatasync";
    /** One frame at 60 Hz: the seed's own "insignificant" scale. */
    public static final double FRAME_MS = 16;
    /** A pause a user notices. */
    public static final double NOTICEABLE_MS = 100;

    private WalletData() {
    }

    /**
     * A variant's line: sync milliseconds against entries, a Theil-Sen fit through the median of
     * each size (so the repeated checkpoints do not outweigh the single syncs in between, and a
     * stalled sync does not tilt the line).
     */
    public static LinearFit syncFit(Table syncSweep, String variant) {
        Table t = Summaries.rowsOf(syncSweep, VARIANT.name(), variant);
        if (t.isEmpty()) {
            return LinearFit.of(new double[0], new double[0]);
        }
        return medianFit(t, SYNC_MS.name());
    }

    /** The Theil-Sen line through each size's median of {@code value}. */
    private static LinearFit medianFit(Table rows, String value) {
        Table m = Summaries.medians(rows, value, ENTRIES.name());
        return LinearFit.robust(m.numberColumn(ENTRIES.name()).asDoubleArray(), m.numberColumn(value).asDoubleArray());
    }

    /** Each variant's fit, in first-seen order. */
    public static Map<String, LinearFit> syncFits(Table syncSweep) {
        Map<String, LinearFit> fits = new LinkedHashMap<>();
        for (String v : Summaries.distinct(syncSweep, VARIANT.name())) {
            fits.put(v, syncFit(syncSweep, v));
        }
        return fits;
    }

    /** The seed's own line for one build (DebugFull or Release), fitted to its five points. */
    public static LinearFit seedFit(Table seed, String build) {
        Table t = Summaries.rowsOf(seed, BUILD, build);
        return LinearFit.of(t.numberColumn(ENTRIES.name()).asDoubleArray(), t.numberColumn(SYNC_MS.name()).asDoubleArray());
    }

    /**
     * The value of {@code valueColumn} for rows with {@code key = keyValue} at {@code entries}:
     * the median of the raw repeats when that size was measured, else the linear fit's value when
     * the size lies inside the measured range (never extrapolated).
     */
    public static Estimate at(Table raw, String keyColumn, String keyValue, String valueColumn, double entries) {
        Table t = Summaries.rowsOf(raw, keyColumn, keyValue);
        if (t.isEmpty()) {
            return Estimate.NONE;
        }
        double[] x = t.numberColumn(ENTRIES.name()).asDoubleArray();
        double[] y = t.numberColumn(valueColumn).asDoubleArray();
        List<Double> same = new ArrayList<>();
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < x.length; i++) {
            if (x[i] == entries && !Double.isNaN(y[i])) {
                same.add(y[i]);
            }
            min = Math.min(min, x[i]);
            max = Math.max(max, x[i]);
        }
        if (!same.isEmpty()) {
            return new Estimate(Stats.median(same.stream().mapToDouble(Double::doubleValue).toArray()),
                    "median of " + same.size());
        }
        if (entries < min || entries > max) {
            return Estimate.NONE;
        }
        return new Estimate(medianFit(t, valueColumn).at(entries), "Theil-Sen fit");
    }

    /**
     * save-strategies times a run of puts at each size (1000, 1001, ... 1031 entries): each row's
     * {@code entries} becomes the size its run started at, so a run's puts are one group. A new run
     * starts when entries jump past 10 % + 50 of the current run's first size.
     */
    public static Table bySize(Table saveStrategies) {
        double[] sorted = Arrays.stream(saveStrategies.numberColumn(ENTRIES.name()).asDoubleArray()).distinct().sorted().toArray();
        Map<Double, Double> start = new HashMap<>();
        double current = Double.NaN;
        for (double v : sorted) {
            if (Double.isNaN(current) || v > current * 1.1 + 50) {
                current = v;
            }
            start.put(v, current);
        }
        Table t = saveStrategies.copy();
        DoubleColumn sizes = DoubleColumn.create(ENTRIES.name(), t.rowCount());
        for (int i = 0; i < t.rowCount(); i++) {
            sizes.set(i, start.get(t.numberColumn(ENTRIES.name()).getDouble(i)));
        }
        t.replaceColumn(ENTRIES.name(), sizes);
        return t;
    }

    /** The seed's published sync time for one build at one size. */
    static double seedMs(Table seed, String build, double entries) {
        Table t = Summaries.rowsOf(seed, BUILD, build);
        Table at = t.where(t.numberColumn(ENTRIES.name()).isEqualTo(entries));
        if (at.rowCount() != 1) {
            throw new IllegalStateException("seed " + KWALLET_SYNC.name() + " has no single " + build + " row at " + entries + " entries");
        }
        return at.numberColumn(SYNC_MS.name()).getDouble(0);
    }
}
