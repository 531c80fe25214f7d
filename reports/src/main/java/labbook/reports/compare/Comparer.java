package labbook.reports.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;
import labbook.core.Cli;
import labbook.core.Column;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.reports.compare.RunComparison.Change;
import labbook.reports.compare.RunComparison.ClaimChange;
import labbook.reports.compare.RunComparison.Geomean;
import labbook.reports.compare.RunComparison.MeasureChange;
import labbook.reports.compare.RunComparison.RunDifference;
import labbook.reports.compare.RunComparison.Sample;
import labbook.reports.compare.RunComparison.Side;
import labbook.reports.results.Calibration;
import labbook.reports.results.Calibration.Spread;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsRoot;
import labbook.reports.results.RunInfo;
import labbook.reports.stats.DetectableChange;
import labbook.reports.stats.Interval;
import labbook.reports.stats.MultipleTesting;
import labbook.reports.stats.RankTest;
import labbook.reports.stats.Stats;
import labbook.reports.study.ClaimsFile;
import labbook.reports.study.Study;
import labbook.reports.study.Unit;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;

/**
 * Compares two loaded results roots: matches the rows of every CSV whose schema declares keys and timings
 * ({@link ResultsSchema#comparable()}) by those keys, and gives each matched timing its medians, ratio, U-test and
 * verdict; lists the run.json fields that differ and each seed claim's verdict on both roots.
 */
public final class Comparer {
    /** The default noise threshold: a significant change smaller than 2 % is still "~". */
    public static final double DEFAULT_NOISE = 0.02;

    private Comparer() {}

    /**
     * Every root holds at least one {@code <study>/run.json}: a folder without any is not a results root (a typo, or a
     * study folder given for its parent), refused before anything is loaded.
     */
    public static void checkRoot(Path root, List<Study> studies) {
        boolean any = studies.stream()
                .anyMatch(s -> Files.isRegularFile(root.resolve(s.id()).resolve("run.json")));
        if (!any) {
            throw new LabException(
                    "results folder " + root + " holds no run.json ("
                            + studies.stream().map(s -> s.id() + "/run.json").collect(Collectors.joining(", "))
                            + "): not a results root",
                    Cli.BAD_ARGUMENTS,
                    null);
        }
    }

    /**
     * The comparison of two roots that must share a measurement (the command line, the notebooks): two roots with
     * nothing in common are one line naming both and what each ran.
     */
    public static RunComparison compareShared(Results loaded, List<Study> studies, double noise) {
        return compareShared(loaded, 1, studies, noise);
    }

    /** As {@link #compareShared(Results, List, double)}, with the first {@code rootsOfA} roots as side A's runs. */
    public static RunComparison compareShared(Results loaded, int rootsOfA, List<Study> studies, double noise) {
        RunComparison c = compare(loaded, rootsOfA, studies, noise);
        if (c.measures().isEmpty()) {
            ResultsRoot a = loaded.roots().get(0);
            ResultsRoot b = loaded.roots().get(rootsOfA);
            throw new LabException("results folders " + a.root() + " and " + b.root()
                    + " hold no measurement in common (" + ranIn(a, studies) + " against " + ranIn(b, studies) + ")");
        }
        return c;
    }

    /** The comparison of the two roots of {@code loaded}; with nothing in common, it has no measurement. */
    public static RunComparison compare(Results loaded, List<Study> studies, double noise) {
        if (loaded.roots().size() != 2) {
            throw new IllegalArgumentException(
                    "a comparison takes two roots, not " + loaded.roots().size());
        }
        return compare(loaded, 1, studies, noise);
    }

    /**
     * The comparison of {@code loaded}'s first {@code rootsOfA} roots (side A: runs of one configuration) with the
     * others (side B). One root a side: each measurement's repeats are compared, or, with a calibration of the machine,
     * the two runs against its spread between runs. Several a side: each root's median is one run's figure, and the
     * runs' figures are compared (a t-test of their logs, the spread between runs read off the runs themselves). Seed
     * claims and run.json fields are compared on each side's first root.
     */
    @SuppressWarnings("ReferenceEquality") // RunInfo.UNKNOWN is a sentinel, told by its identity
    public static RunComparison compare(Results loaded, int rootsOfA, List<Study> studies, double noise) {
        List<ResultsRoot> as = loaded.roots().subList(0, rootsOfA);
        List<ResultsRoot> bs = loaded.roots().subList(rootsOfA, loaded.roots().size());
        if (as.isEmpty() || bs.isEmpty()) {
            throw new IllegalArgumentException("a comparison takes at least one root a side");
        }
        boolean severalRuns = as.size() > 1 || bs.size() > 1;
        ResultsRoot a = as.get(0);
        ResultsRoot b = bs.get(0);
        List<RunDifference> differences = new ArrayList<>();
        List<String> exclusions = new ArrayList<>();
        List<ClaimChange> claims = new ArrayList<>();
        List<Measured> measured = new ArrayList<>();
        List<Geomean> geomeans = new ArrayList<>();
        Set<Calibration> calibrations = new LinkedHashSet<>();
        List<String> flagged = new ArrayList<>();
        for (Study study : studies) {
            String id = study.id();
            boolean inA = as.stream().allMatch(r -> r.study(id).ran());
            boolean inB = bs.stream().allMatch(r -> r.study(id).ran());
            if (!inA || !inB) {
                boolean anyA = as.stream().anyMatch(r -> r.study(id).ran());
                boolean anyB = bs.stream().anyMatch(r -> r.study(id).ran());
                if (anyA != anyB) {
                    exclusions.add(id + ": only " + (anyA ? "A" : "B") + " ran it");
                } else if (anyA) {
                    exclusions.add(id + ": not run in every root of " + (inA ? "B" : "A"));
                }
                continue;
            }
            RunInfo runA = a.study(id).latest();
            RunInfo runB = b.study(id).latest();
            for (var side : List.of(Map.entry("A", runA), Map.entry("B", runB))) {
                if (side.getValue() == RunInfo.UNKNOWN) {
                    exclusions.add(id + ": " + side.getKey() + " has no " + id
                            + "/run.json, so what produced its rows is unknown");
                }
            }
            differences.addAll(differences(id, runA, runB));
            for (var side : List.of(Map.entry("A", as), Map.entry("B", bs))) {
                for (ResultsRoot r : side.getValue()) {
                    for (RunInfo.Outcome o : r.study(id).latest().outcomes()) {
                        if (!o.flagged().isEmpty()) {
                            flagged.add(side.getKey() + (side.getValue().size() > 1 ? " " + r.label() : "") + " " + id
                                    + "/" + o.experiment() + " measured on a busy machine (" + o.flagged() + ")");
                        }
                    }
                }
            }
            if (!runA.mode().equals(runB.mode())) {
                exclusions.add(id + ": " + runA.mode() + " mode against " + runB.mode()
                        + " mode: only the measurements both modes share are matched");
            }
            Calibration calibration =
                    severalRuns ? null : calibrationOf(runA, runB).orElse(null);
            if (calibration != null) {
                calibrations.add(calibration);
            }
            for (ResultsSchema schema : study.schemas()) {
                compareExperiment(schema, as, bs, calibration, measured, geomeans, exclusions);
            }
            claims.addAll(claims(study, a, b));
        }
        List<ClaimChange> flipsFirst =
                new ArrayList<>(claims.stream().filter(ClaimChange::flips).toList());
        claims.stream().filter(c -> !c.flips()).forEach(flipsFirst::add);
        return new RunComparison(
                new Side(a.root(), sideLabel(as)),
                new Side(b.root(), sideLabel(bs)),
                noise,
                summary(differences),
                differences,
                exclusions,
                flipsFirst,
                corrected(measured, noise),
                geomeans,
                severalRuns ? severalRunsNoise(as.size(), bs.size()) : noiseFloor(calibrations),
                flagged,
                ""); // ComparisonText.method words compare's method from the figures
    }

    /** A side's label: its root's, or "3 runs: vm: A1, vm: A2, vm: A3". */
    private static String sideLabel(List<ResultsRoot> roots) {
        return roots.size() == 1
                ? roots.get(0).label()
                : roots.size() + " runs: "
                        + roots.stream().map(ResultsRoot::label).collect(Collectors.joining(", "));
    }

    /** The header's noise line for several runs a side. */
    static String severalRunsNoise(int runsOfA, int runsOfB) {
        return "noise: the spread between the runs themselves, " + runsOfA + " against " + runsOfB + ": each "
                + "measurement's median in each run is one figure, and a t-test of their logs (pooled SD, "
                + (runsOfA + runsOfB - 2) + " degrees of freedom) decides; seed claims and run.json fields are each "
                + "side's first run's";
    }

    /**
     * The calibration that covers both runs (one machine, one mode): their one run each is judged against the spread
     * between runs it measured. Two machines, or two modes, have none.
     */
    static Optional<Calibration> calibrationOf(RunInfo a, RunInfo b) {
        return Calibration.forRun(a).filter(c -> c.about().covers(b));
    }

    /** The header's line on what a verdict's noise is. */
    static String noiseFloor(Set<Calibration> calibrations) {
        if (calibrations.isEmpty()) {
            return "noise: the repeats inside each run only (no calibration of this machine and mode in "
                    + Calibration.folder() + "): the repeats of one run share its drift, so runs of the same code "
                    + "are called changed far more often than the 5 % false discovery rate says (docs/compare.md "
                    + "has A/A pairs measured on the lab's machine); ./labbook calibrate measures this machine's "
                    + "spread between runs";
        }
        return "noise: the spread between runs that " + Calibration.folder() + " measured ("
                + calibrations.stream().map(c -> c.about().text()).collect(Collectors.joining("; "))
                + "): a calibrated measurement's verdict is its runs' t-test, log(B/A) against sqrt(2) x that "
                + "spread, not its repeats' U-test";
    }

    private static String ranIn(ResultsRoot root, List<Study> studies) {
        String ran = studies.stream()
                .map(Study::id)
                .filter(id -> root.study(id).ran())
                .collect(Collectors.joining(", "));
        return ran.isEmpty() ? "no study" : ran;
    }

    private static void compareExperiment(
            ResultsSchema schema,
            List<ResultsRoot> as,
            List<ResultsRoot> bs,
            Calibration calibration,
            List<Measured> measures,
            List<Geomean> geomeans,
            List<String> exclusions) {
        String name = schema.study() + "/" + schema.experiment();
        List<Table> tas = tables(schema, as);
        List<Table> tbs = tables(schema, bs);
        if (tas == null || tbs == null) {
            if (tas != null || tbs != null) {
                exclusions.add(name + ": only in " + (tas != null ? "A" : "B"));
            }
            return;
        }
        if (!schema.comparable()) {
            exclusions.add(name + ": not compared (its schema declares no keys and timings)");
            return;
        }
        List<Map<List<String>, Table>> groupsA =
                tas.stream().map(t -> groups(t, schema.keys())).toList();
        List<Map<List<String>, Table>> groupsB =
                tbs.stream().map(t -> groups(t, schema.keys())).toList();
        List<List<String>> inA = inEvery(groupsA);
        List<List<String>> inB = inEvery(groupsB);
        List<List<String>> common = inA.stream().filter(inB::contains).toList();
        int onlyA = inA.size() - common.size();
        int onlyB = inB.size() - common.size();
        if (onlyA > 0 || onlyB > 0) {
            exclusions.add(name + ": " + common.size() + " keys in common, " + onlyA + " only in A, " + onlyB
                    + " only in B (" + schema.keys().stream().map(Column::name).collect(Collectors.joining(", "))
                    + ")");
        }
        if (common.isEmpty()) {
            return;
        }
        // the key columns that vary name a measurement; one that holds a single value says nothing
        List<Integer> varying = new ArrayList<>();
        for (int i = 0; i < schema.keys().size(); i++) {
            int column = i;
            if (common.stream().map(k -> k.get(column)).distinct().count() > 1) {
                varying.add(i);
            }
        }
        boolean severalRuns = tas.size() > 1 || tbs.size() > 1;
        for (Column timing : schema.timings()) {
            List<Double> logRatios = new ArrayList<>();
            for (List<String> key : common) {
                double[] x = severalRuns
                        ? medians(groupsA, key, timing)
                        : values(groupsA.get(0).get(key), timing);
                double[] y = severalRuns
                        ? medians(groupsB, key, timing)
                        : values(groupsB.get(0).get(key), timing);
                if (x.length == 0 || y.length == 0) {
                    continue; // a timing this kind of row leaves empty (a process row's thread CPU)
                }
                String label = varying.stream()
                        .map(i -> schema.keys().get(i).name() + "=" + key.get(i))
                        .collect(Collectors.joining(" "));
                Measured m;
                if (severalRuns) {
                    m = measured(schema, timing.name(), label, x, y, null);
                    m = m.withRunTest(RunTest.ofRuns(x, y));
                } else {
                    Spread spread = calibration == null
                            ? null
                            : Calibrate.measureSpread(calibration, schema, timing, key)
                                    .orElse(null);
                    m = measured(schema, timing.name(), label, x, y, spread);
                }
                measures.add(m);
                if (m.ratio() > 0 && Double.isFinite(m.ratio())) {
                    logRatios.add(Math.log(m.ratio()));
                }
            }
            if (!logRatios.isEmpty()) {
                double mean = logRatios.stream()
                        .mapToDouble(Double::doubleValue)
                        .average()
                        .orElseThrow();
                geomeans.add(new Geomean(
                        schema.study(), schema.experiment(), timing.name(), logRatios.size(), Math.exp(mean)));
            }
        }
    }

    /** Each root's table of the schema's CSV; null when some root lacks it (or holds no row). */
    static List<Table> tables(ResultsSchema schema, List<ResultsRoot> roots) {
        List<Table> out = new ArrayList<>();
        for (ResultsRoot r : roots) {
            Table t = r.table(schema.study(), schema.experiment())
                    .filter(x -> !x.isEmpty())
                    .orElse(null);
            if (t == null) {
                return null;
            }
            out.add(t);
        }
        return out;
    }

    /** The keys every root's groups hold, in the first root's order. */
    private static List<List<String>> inEvery(List<Map<List<String>, Table>> groups) {
        return groups.get(0).keySet().stream()
                .filter(k -> groups.stream().allMatch(g -> g.containsKey(k)))
                .toList();
    }

    /** One figure per run: each root's median of the timing's repeats at {@code key} (a root with none gives none). */
    static double[] medians(List<Map<List<String>, Table>> groups, List<String> key, Column timing) {
        return groups.stream()
                .map(g -> values(g.get(key), timing))
                .filter(v -> v.length > 0)
                .mapToDouble(Stats::median)
                .toArray();
    }

    /**
     * One measurement before the correction: its figures, and its repeats, from which its detectable change is worked
     * out at the level the correction sets.
     */
    @SuppressWarnings("ArrayRecordComponent") // one measurement's samples, never compared or hashed
    record Measured(
            String study,
            String experiment,
            String measure,
            String key,
            double[] x,
            double[] y,
            Sample a,
            Sample b,
            double ratio,
            double[] ratioCi,
            RankTest.Result test,
            RunTest run) {

        /** Judged between runs (a calibration's spread, or several runs a side), not between repeats. */
        boolean calibrated() {
            return run != null;
        }

        /** The p-value its verdict rests on: its runs' t-test when judged between runs, else its repeats' U-test. */
        double p() {
            return calibrated() ? run.p() : test.p();
        }

        /**
         * Whether it could reach significance: judged between runs, always (a t-test has no floor), else when some
         * arrangement of its repeats could. What the correction takes together.
         */
        boolean testable() {
            return calibrated() || (!Double.isNaN(test.p()) && RankTest.smallestP(a.n(), b.n()) <= RunComparison.ALPHA);
        }

        Measured withRunTest(RunTest t) {
            return new Measured(study, experiment, measure, key, x, y, a, b, ratio, ratioCi, test, t);
        }
    }

    /**
     * A change judged between runs: log(B/A) over its standard error, a t with {@code df} degrees of freedom;
     * {@code sd} is the spread of one run's log figure (the SD of logs), as compare's run_sd column prints it.
     */
    record RunTest(double p, double standardError, int df, double sd) {
        /**
         * One run a side, against a calibration's spread s read from k runs: each run's median strays by s, so the
         * difference of two by sqrt(2) s, with k - 1 degrees of freedom since s is itself an estimate. Null with no
         * spread or no positive ratio.
         */
        static RunTest calibrated(double ratio, Spread spread) {
            if (spread == null || !(ratio > 0) || Double.isInfinite(ratio)) {
                return null;
            }
            return of(Math.log(ratio), Math.sqrt(2) * spread.logSd(), spread.runs() - 1, spread.logSd());
        }

        /**
         * Several runs a side, one figure each: the pooled SD s of both sides' logs, standard error s sqrt(1/n_A +
         * 1/n_B), n_A + n_B - 2 degrees of freedom. Null with fewer than 3 runs in all or a figure that is not
         * positive.
         */
        static RunTest ofRuns(double[] a, double[] b) {
            if (a.length + b.length < 3
                    || DoubleStream.concat(Arrays.stream(a), Arrays.stream(b))
                            .anyMatch(v -> !(v > 0) || Double.isInfinite(v))) {
                return null;
            }
            double[] la = Arrays.stream(a).map(Math::log).toArray();
            double[] lb = Arrays.stream(b).map(Math::log).toArray();
            int df = a.length + b.length - 2;
            double squares = (a.length > 1 ? StatUtils.variance(la) * (a.length - 1) : 0)
                    + (b.length > 1 ? StatUtils.variance(lb) * (b.length - 1) : 0);
            double sd = Math.sqrt(squares / df);
            double diff = StatUtils.mean(lb) - StatUtils.mean(la);
            return of(diff, sd * Math.sqrt(1.0 / a.length + 1.0 / b.length), df, sd);
        }

        private static RunTest of(double logRatio, double standardError, int df, double sd) {
            double z = Math.abs(logRatio);
            double p;
            if (standardError == 0) {
                p = z == 0 ? 1 : 0; // every run gave the same figure: any change is one
            } else {
                p = 2 * new TDistribution(null, df).cumulativeProbability(-z / standardError);
            }
            return new RunTest(p, standardError, df, sd);
        }
    }

    static Measured measured(ResultsSchema schema, String measure, String key, double[] x, double[] y) {
        return measured(schema, measure, key, x, y, null);
    }

    static Measured measured(ResultsSchema schema, String measure, String key, double[] x, double[] y, Spread spread) {
        Sample sa = sample(x);
        Sample sb = sample(y);
        double ratio = sa.median() == 0 ? Double.NaN : sb.median() / sa.median();
        return new Measured(
                schema.study(),
                schema.experiment(),
                measure,
                key,
                x,
                y,
                sa,
                sb,
                ratio,
                Stats.bootstrapRatioOfMediansCi(x, y, RunComparison.LEVEL),
                RankTest.test(x, y),
                RunTest.calibrated(ratio, spread));
    }

    /**
     * The p-value of a change of {@code ratio} between two runs against a calibration's spread (see {@link RunTest}).
     */
    static double runP(double ratio, Spread spread) {
        RunTest t = RunTest.calibrated(ratio, spread);
        return t == null ? Double.NaN : t.p();
    }

    /** One measurement compared alone (a comparison of one): its verdict on its own p-value. */
    static MeasureChange change(
            ResultsSchema schema, String measure, String key, double[] x, double[] y, double noise) {
        return corrected(List.of(measured(schema, measure, key, x, y)), noise).get(0);
    }

    /**
     * The verdicts of one comparison's measurements, corrected for their number: Benjamini-Hochberg over those that
     * could reach significance on their own (which ones is fixed by the repeats' counts alone, before any value is
     * looked at, so leaving the others out keeps the false discovery rate; counting them would raise every other
     * measurement's bar for tests that can never pass it), each verdict on its adjusted p-value. Each measurement's
     * detectable change is given at the level a measurement not called had to reach
     * ({@link RunComparison#detectableLevel}), and never below the noise threshold, under which nothing is called.
     */
    static List<MeasureChange> corrected(List<Measured> measured, double noise) {
        List<Integer> family = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            if (measured.get(i).testable()) {
                family.add(i);
            }
        }
        double[] adjusted = MultipleTesting.benjaminiHochberg(
                family.stream().mapToDouble(i -> measured.get(i).p()).toArray());
        double[] pAdjusted = new double[measured.size()];
        Arrays.fill(pAdjusted, Double.NaN);
        for (int k = 0; k < family.size(); k++) {
            pAdjusted[family.get(k)] = adjusted[k];
        }
        double level = MultipleTesting.levelForOneMore(
                RunComparison.ALPHA, family.size(), MultipleTesting.discoveries(adjusted, RunComparison.ALPHA));
        List<MeasureChange> out = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            Measured m = measured.get(i);
            out.add(new MeasureChange(
                    m.study(),
                    m.experiment(),
                    m.measure(),
                    m.key(),
                    m.a(),
                    m.b(),
                    m.ratio(),
                    m.ratioCi()[0],
                    m.ratioCi()[1],
                    m.p(),
                    pAdjusted[i],
                    !m.calibrated() && m.test().exact(),
                    m.calibrated()
                            ? verdict(m.ratio(), pAdjusted[i], noise)
                            : verdict(m.a(), m.b(), m.ratio(), pAdjusted[i], noise),
                    detectable(m, level, noise),
                    m.calibrated() ? m.run().sd() : Double.NaN));
        }
        return out;
    }

    /**
     * The smallest change the measurement's repeats could have detected at {@code level} and
     * {@link DetectableChange#POWER} power, at least the noise threshold; infinite when no arrangement of its repeats
     * reaches the level (3 against 3 repeats never goes below p = 0.1).
     */
    static double detectable(Measured m, double level, double noise) {
        if (m.calibrated()) {
            double mde = DetectableChange.ofStandardError(
                    m.run().standardError(), m.run().df(), level, DetectableChange.POWER);
            return Math.max(mde, noise);
        }
        if (RankTest.smallestP(m.a().n(), m.b().n()) > level) {
            return Double.POSITIVE_INFINITY;
        }
        double mde = DetectableChange.twoSamples(m.x(), m.y(), level, DetectableChange.POWER);
        return Double.isNaN(mde) ? mde : Math.max(mde, noise);
    }

    /**
     * Too few samples when no arrangement of n_A and n_B values could reach significance (a "~" there would claim what
     * the test cannot tell); faster or slower when significant (p, adjusted for the comparison's many measurements,
     * below {@link RunComparison#ALPHA}) and beyond the noise threshold; else "~". With a median of 0 in A there is no
     * ratio, and the test alone decides.
     */
    static Change verdict(Sample a, Sample b, double ratio, double p, double noise) {
        if (RankTest.smallestP(a.n(), b.n()) > RunComparison.ALPHA) {
            return Change.TOO_FEW;
        }
        if (!(p < RunComparison.ALPHA)) {
            return Change.SAME;
        }
        if (Double.isNaN(ratio)) {
            return b.median() > a.median() ? Change.SLOWER : b.median() < a.median() ? Change.FASTER : Change.SAME;
        }
        if (Math.abs(ratio - 1) <= noise) {
            return Change.SAME;
        }
        return ratio > 1 ? Change.SLOWER : Change.FASTER;
    }

    /** A calibrated measurement's verdict: its runs' test decides, and the noise threshold still holds. */
    static Change verdict(double ratio, double p, double noise) {
        if (!(p < RunComparison.ALPHA) || Math.abs(ratio - 1) <= noise) {
            return Change.SAME;
        }
        return ratio > 1 ? Change.SLOWER : Change.FASTER;
    }

    static Sample sample(double[] values) {
        double[] ci = Stats.orderStatisticMedianCi(values, RunComparison.LEVEL);
        return new Sample(values.length, Stats.median(values), ci[0], ci[1]);
    }

    /** Rows grouped by their key values, in first-seen order. */
    static Map<List<String>, Table> groups(Table t, List<Column> keys) {
        Map<List<String>, List<Integer>> rows = new LinkedHashMap<>();
        for (int r = 0; r < t.rowCount(); r++) {
            List<String> key = new ArrayList<>();
            for (Column k : keys) {
                key.add(t.column(k.name()).getString(r));
            }
            rows.computeIfAbsent(key, x -> new ArrayList<>()).add(r);
        }
        Map<List<String>, Table> out = new LinkedHashMap<>();
        rows.forEach((k, r) ->
                out.put(k, t.rows(r.stream().mapToInt(Integer::intValue).toArray())));
        return out;
    }

    static double[] values(Table rows, Column timing) {
        NumericColumn<?> c = rows.numberColumn(timing.name());
        List<Double> out = new ArrayList<>();
        for (int r = 0; r < rows.rowCount(); r++) {
            if (!c.isMissing(r)) {
                out.add(c.getDouble(r));
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Every run.json field that names what produced the rows, where A and B differ. */
    static List<RunDifference> differences(String study, RunInfo a, RunInfo b) {
        Map<String, Function<RunInfo, String>> fields = new LinkedHashMap<>();
        fields.put("host", RunInfo::host);
        fields.put("cpu_model", RunInfo::cpuModel);
        fields.put("cores", r -> Integer.toString(r.cores()));
        fields.put("memory_bytes", r -> Long.toString(r.memoryBytes()));
        fields.put("os_kernel", RunInfo::osKernel);
        fields.put("jdk", RunInfo::jdk);
        fields.put("lab_commit", RunInfo::labCommit);
        fields.put("mode", RunInfo::mode);
        List<RunDifference> out = new ArrayList<>();
        fields.forEach((field, value) -> {
            if (!value.apply(a).equals(value.apply(b))) {
                out.add(new RunDifference(study, field, value.apply(a), value.apply(b)));
            }
        });
        Set<String> peers = new LinkedHashSet<>(a.peers().keySet());
        peers.addAll(b.peers().keySet());
        for (String peer : peers) {
            String va = a.peers().getOrDefault(peer, "absent");
            String vb = b.peers().getOrDefault(peer, "absent");
            if (!va.equals(vb)) {
                out.add(new RunDifference(study, peer, va, vb));
            }
        }
        return out;
    }

    /**
     * The comparison in one line: "same machine, same code, JDK 17 → 25", "two machines, same code", each further
     * difference after them (kernel, a peer's version, the mode).
     */
    static String summary(List<RunDifference> differences) {
        Set<String> differing =
                differences.stream().map(RunDifference::field).collect(Collectors.toCollection(LinkedHashSet::new));
        List<String> parts = new ArrayList<>();
        boolean otherMachine = differing.contains("host")
                || differing.contains("cpu_model")
                || differing.contains("cores")
                || differing.contains("memory_bytes");
        parts.add(otherMachine ? "two machines" : "same machine");
        parts.add(differing.contains("lab_commit") ? "two commits of the lab" : "same code");
        for (String field : differing) {
            if (List.of("host", "cpu_model", "cores", "memory_bytes", "lab_commit")
                    .contains(field)) {
                continue;
            }
            RunDifference first = differences.stream()
                    .filter(d -> d.field().equals(field))
                    .findFirst()
                    .orElseThrow();
            parts.add(
                    switch (field) {
                        case "jdk" -> "JDK " + feature(first.a()) + " → " + feature(first.b());
                        case "os_kernel" -> "kernel " + first.a() + " → " + first.b();
                        case "mode" -> first.a() + " → " + first.b() + " mode";
                        default -> field + " " + first.a() + " → " + first.b();
                    });
        }
        return String.join(", ", parts);
    }

    /** "Debian 17.0.15+6-Debian-1deb12u1" is 17; a version with no number is itself. */
    static String feature(String jdk) {
        Matcher m = Pattern.compile("(?<![\\d.])(\\d+)(?:[.+\\-]|$)").matcher(jdk);
        return m.find() ? m.group(1) : jdk;
    }

    /**
     * Each seed claim's verdict on A alone and on B alone, matched by its id and what it is about. A claim flips when
     * both verdicts are decided and their categories differ ("holds" against "does not hold", "faster" against "same
     * order"); an inconclusive verdict on either side is no flip: one run could not tell.
     */
    private static List<ClaimChange> claims(Study study, ResultsRoot a, ResultsRoot b) {
        Map<String, ClaimsFile.Row> onB = new LinkedHashMap<>();
        for (ClaimsFile.Row r : claimRows(study, b)) {
            onB.putIfAbsent(r.claimId(), r);
        }
        List<ClaimChange> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (ClaimsFile.Row r : claimRows(study, a)) {
            if (!seen.add(r.claimId())) {
                continue;
            }
            ClaimsFile.Row other = onB.get(r.claimId());
            out.add(new ClaimChange(
                    study.id(),
                    r.claimId() + ": " + r.claim(),
                    verdictWithFigure(r),
                    other == null ? "not checked" : verdictWithFigure(other),
                    other != null
                            && r.decided()
                            && other.decided()
                            && !r.category().equals(other.category())));
        }
        return out;
    }

    /** "holds (1.8 ms at 1000, 1.71-1.82 ms)": the verdict with the measured figure and its interval. */
    private static String verdictWithFigure(ClaimsFile.Row r) {
        String figure = r.measured();
        if (r.ciLow() != null && !r.verdict().startsWith("inconclusive")) {
            Unit unit = Unit.valueOf(r.unit().toUpperCase(java.util.Locale.ROOT));
            figure += ", " + unit.format(new Interval(r.ciLow(), r.ciHigh()));
        }
        return r.verdict() + " (" + figure + ")";
    }

    /**
     * A root's claims of one study: from the claims file its report wrote ({@code report/data/claims.csv}) when that is
     * newer than every CSV of the study there, else computed from its CSVs as the report would.
     */
    static List<ClaimsFile.Row> claimRows(Study study, ResultsRoot root) {
        Path file = root.root().resolve("report").resolve("data").resolve(ClaimsFile.CSV);
        String self = root.root().toAbsolutePath().normalize().toString();
        if (newerThanResults(file, root.root().resolve(study.id()))) {
            List<ClaimsFile.Row> rows = ClaimsFile.read(file).stream()
                    .filter(r -> r.study().equals(study.id()) && r.root().equals(self))
                    .toList();
            if (!rows.isEmpty()) {
                return rows;
            }
        }
        return ClaimsFile.rows(new Results(List.of(root)), List.of(study));
    }

    private static boolean newerThanResults(Path file, Path studyDir) {
        try {
            if (!Files.isRegularFile(file) || !Files.isDirectory(studyDir)) {
                return false;
            }
            FileTime written = Files.getLastModifiedTime(file);
            try (Stream<Path> csvs = Files.list(studyDir)) {
                return csvs.filter(p -> p.toString().endsWith(".csv")).allMatch(p -> {
                    try {
                        return Files.getLastModifiedTime(p).compareTo(written) < 0;
                    } catch (IOException e) {
                        return false;
                    }
                });
            }
        } catch (IOException e) {
            return false;
        }
    }
}
