package labbook.reports.wallet;

import static labbook.wallet.WalletSchemas.ENTRIES;
import static labbook.wallet.WalletSchemas.SYNC_MS;
import static labbook.wallet.WalletSchemas.VARIANT;
import static labbook.wallet.WalletSeeds.BUILD;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KDE4;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KDE4_C1;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KDE4_XINT;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KF5;
import static labbook.wallet.experiments.syncsweep.SweepVariant.KWALLET5;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.reports.results.Results;
import labbook.reports.stats.Estimate;
import labbook.reports.stats.LinearFit;
import labbook.reports.stats.Stats;
import labbook.reports.stats.Summaries;
import labbook.reports.study.Seed;
import labbook.reports.study.Verdict;
import labbook.wallet.WalletSchemas;
import labbook.wallet.WalletSeeds;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.Table;

/**
 * The KWallet study's analyses, pure functions of the tables. The seed: "I assume that your usual wallet will contain
 * less than 1000 entries. [...] this workaround would save around 15ms - 8ms = 7ms. This is clearly insignificant."
 */
public final class WalletData {
    /**
     * The seed's sync times per build and size; its columns are {@code build} and the results' {@code entries},
     * {@code sync_ms}.
     */
    public static final Seed KWALLET_SYNC = new Seed(WalletSeeds.KWALLET_SYNC, WalletSeeds.KWALLET_SYNC_RESOURCE);
    /**
     * The unoptimised analogues of the seed's DebugFull build, C1 alone and the interpreter: their own chart, not the
     * sync-time chart.
     */
    public static final List<String> UNOPTIMISED = List.of(KDE4_C1.label(), KDE4_XINT.label());

    /** One frame at 60 Hz: the seed's own "insignificant" scale. */
    public static final double FRAME_MS = 16;
    /** A pause a user notices. */
    public static final double NOTICEABLE_MS = 100;

    private WalletData() {}

    /**
     * A variant's line: sync milliseconds against entries, a Theil-Sen fit through the median of each size (so the
     * repeated checkpoints do not outweigh the single syncs in between, and a stalled sync does not tilt the line).
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
        Table m = Summaries.groupMedians(rows, value, ENTRIES.name());
        return LinearFit.robust(
                m.numberColumn(ENTRIES.name()).asDoubleArray(),
                m.numberColumn(value).asDoubleArray());
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
        Table t = Summaries.rowsOf(seed, BUILD.name(), build);
        return LinearFit.of(
                t.numberColumn(ENTRIES.name()).asDoubleArray(),
                t.numberColumn(SYNC_MS.name()).asDoubleArray());
    }

    /** What the report says of a run without OpenSSL's timings, and why it has none. */
    static final String NO_OPENSSL = "not run: no " + WalletSchemas.OPENSSL_BLOWFISH.fileName();

    static final String WHY_NO_OPENSSL = "sync-sweep times OpenSSL where gcc and libssl-dev are installed";

    /** OpenSSL's Blowfish timings that the same run as {@code sweep} took, if it took any. */
    public static Optional<Table> openssl(Results.Labelled<Table> sweep) {
        return sweep.root().table(WalletSchemas.OPENSSL_BLOWFISH).filter(t -> !t.isEmpty());
    }

    /** What the report says of a run without key timings, and why it has none. */
    static final String NO_KEYS = "not run: no " + WalletSchemas.KEY_DERIVATION.fileName();

    static final String WHY_NO_KEYS =
            "sync-sweep times the key when its variants include kf5 and gcc and libssl-dev are installed";

    /** The key derivations, the lab's and OpenSSL's, that the same run as {@code sweep} timed, if it timed any. */
    public static Optional<Table> keys(Results.Labelled<Table> sweep) {
        return sweep.root().table(WalletSchemas.KEY_DERIVATION).filter(t -> !t.isEmpty());
    }

    /**
     * The value of {@code valueColumn} for rows with {@code key = keyValue} at {@code entries}: the median of the raw
     * repeats when that size was measured, else the linear fit's value when the size lies inside the measured range
     * (never extrapolated).
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
            return new Estimate(
                    Stats.median(same.stream().mapToDouble(Double::doubleValue).toArray()),
                    "median of " + same.size(),
                    same.size());
        }
        if (entries < min || entries > max) {
            return Estimate.NONE;
        }
        return new Estimate(medianFit(t, valueColumn).at(entries), "Theil-Sen fit", 0);
    }

    /** The raw repeats of {@code valueColumn} at exactly {@code entries} for one key ({@code bySize} tables too). */
    public static double[] repeatsAt(Table raw, String keyColumn, String keyValue, String valueColumn, double entries) {
        Table t = Summaries.rowsOf(raw, keyColumn, keyValue);
        return t.where(t.numberColumn(ENTRIES.name()).isEqualTo(entries))
                .numberColumn(valueColumn)
                .asDoubleArray();
    }

    /**
     * save-strategies times a run of puts at each size (1000, 1001, ... 1031 entries): each row's {@code entries}
     * becomes the size its run started at, so a run's puts are one group. A new run starts when entries jump past 10 %
     * + 50 of the current run's first size.
     */
    public static Table bySize(Table saveStrategies) {
        double[] sorted = Arrays.stream(
                        saveStrategies.numberColumn(ENTRIES.name()).asDoubleArray())
                .distinct()
                .sorted()
                .toArray();
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

    /**
     * Per-repeat ratios {@code variant / other} at {@code entries}: sync-sweep times every variant once per repeat in
     * one loop, so the two syncs of a repeat were made moments apart.
     */
    public static double[] repeatRatios(Table sweep, String variant, String other, double entries) {
        Map<Long, Double> others = new HashMap<>();
        Table o = Summaries.rowsOf(sweep, VARIANT.name(), other);
        for (int i = 0; i < o.rowCount(); i++) {
            if (o.numberColumn(ENTRIES.name()).getDouble(i) == entries) {
                others.put(
                        (long) o.numberColumn(WalletSchemas.REPEAT.name()).getDouble(i),
                        o.numberColumn(SYNC_MS.name()).getDouble(i));
            }
        }
        Table v = Summaries.rowsOf(sweep, VARIANT.name(), variant);
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < v.rowCount(); i++) {
            if (v.numberColumn(ENTRIES.name()).getDouble(i) == entries) {
                Double b = others.get(
                        (long) v.numberColumn(WalletSchemas.REPEAT.name()).getDouble(i));
                double a = v.numberColumn(SYNC_MS.name()).getDouble(i);
                if (b != null && b > 0 && !Double.isNaN(a)) {
                    out.add(a / b);
                }
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * The lab's Java against the real code, per size: the median sync time of kde4 and of kwallet5, the median of
     * kde4's per-repeat ratios to kwallet5 with their quartiles, and kf5's (the real backend's own format in the lab's
     * Java). Sizes: those both were timed at more than once (the checkpoints), else every size both were timed at.
     * Empty when either variant is missing.
     */
    public static Table againstReal(Table sweep) {
        Table real = Summaries.rowsOf(sweep, VARIANT.name(), KWALLET5.label());
        Table lab = Summaries.rowsOf(sweep, VARIANT.name(), KDE4.label());
        DoubleColumn entries = DoubleColumn.create(ENTRIES.name());
        DoubleColumn labMs = DoubleColumn.create(KDE4.label() + " ms");
        DoubleColumn realMs = DoubleColumn.create(KWALLET5.label() + " ms");
        DoubleColumn ratio = DoubleColumn.create(KDE4.label() + " / " + KWALLET5.label());
        DoubleColumn q1 = DoubleColumn.create(Summaries.Q1);
        DoubleColumn q3 = DoubleColumn.create(Summaries.Q3);
        IntColumn n = IntColumn.create(Summaries.N);
        DoubleColumn kf5 = DoubleColumn.create(KF5.label() + " / " + KWALLET5.label());
        Table out = Table.create("against the real backend").addColumns(entries, labMs, realMs, ratio, q1, q3, n, kf5);
        if (real.isEmpty() || lab.isEmpty()) {
            return out;
        }
        Table mReal = Summaries.medians(real, SYNC_MS.name(), ENTRIES.name());
        Table mLab = Summaries.medians(lab, SYNC_MS.name(), ENTRIES.name());
        Map<Double, double[]> labAt = new HashMap<>();
        for (int i = 0; i < mLab.rowCount(); i++) {
            labAt.put(mLab.numberColumn(ENTRIES.name()).getDouble(i), new double[] {
                mLab.numberColumn(SYNC_MS.name()).getDouble(i),
                mLab.numberColumn(Summaries.N).getDouble(i)
            });
        }
        boolean anyRepeated = false;
        for (int i = 0; i < mReal.rowCount(); i++) {
            double[] l = labAt.get(mReal.numberColumn(ENTRIES.name()).getDouble(i));
            anyRepeated |=
                    l != null && l[1] > 1 && mReal.numberColumn(Summaries.N).getDouble(i) > 1;
        }
        for (int i = 0; i < mReal.rowCount(); i++) {
            double size = mReal.numberColumn(ENTRIES.name()).getDouble(i);
            double[] l = labAt.get(size);
            if (l == null
                    || (anyRepeated
                            && (l[1] <= 1 || mReal.numberColumn(Summaries.N).getDouble(i) <= 1))) {
                continue;
            }
            Stats.Spread s = Stats.spread(repeatRatios(sweep, KDE4.label(), KWALLET5.label(), size));
            double[] kf5Ratios = repeatRatios(sweep, KF5.label(), KWALLET5.label(), size);
            entries.append(size);
            labMs.append(l[0]);
            realMs.append(mReal.numberColumn(SYNC_MS.name()).getDouble(i));
            ratio.append(s.median());
            q1.append(s.q1());
            q3.append(s.q3());
            n.append(s.n());
            kf5.append(kf5Ratios.length == 0 ? Double.NaN : Stats.median(kf5Ratios));
        }
        return out;
    }

    /**
     * The DebugFull question at {@code entries}: each unoptimised analogue's median over kde4's, against the seed's
     * DebugFull / Release; the nearer one is the smaller factor off (either way).
     */
    public record Unoptimised(String variant, double ratio, double seedRatio) {
        /** How far from the seed's ratio, as a factor of at least 1 (NaN when not measured). */
        public double factorOff() {
            if (Double.isNaN(ratio) || Double.isNaN(seedRatio) || ratio <= 0) {
                return Double.NaN;
            }
            return Math.max(ratio / seedRatio, seedRatio / ratio);
        }
    }

    /** {@link #UNOPTIMISED}'s ratios to kde4 at {@code entries}, beside the seed's DebugFull / Release there. */
    public static List<Unoptimised> unoptimised(Table sweep, double entries) {
        Table seed = KWALLET_SYNC.table();
        double seedRatio = seedMs(seed, WalletSeeds.DEBUG_FULL, entries) / seedMs(seed, WalletSeeds.RELEASE, entries);
        double compiled =
                at(sweep, VARIANT.name(), KDE4.label(), SYNC_MS.name(), entries).value();
        List<Unoptimised> out = new ArrayList<>();
        for (String v : UNOPTIMISED) {
            double slow = at(sweep, VARIANT.name(), v, SYNC_MS.name(), entries).value();
            out.add(new Unoptimised(v, Verdict.ratio(slow, compiled), seedRatio));
        }
        return out;
    }

    /** The seed's published sync time for one build at one size. */
    static double seedMs(Table seed, String build, double entries) {
        Table t = Summaries.rowsOf(seed, BUILD.name(), build);
        Table at = t.where(t.numberColumn(ENTRIES.name()).isEqualTo(entries));
        if (at.rowCount() != 1) {
            throw new IllegalStateException(
                    "seed " + KWALLET_SYNC.name() + " has no single " + build + " row at " + entries + " entries");
        }
        return at.numberColumn(SYNC_MS.name()).getDouble(0);
    }
}
