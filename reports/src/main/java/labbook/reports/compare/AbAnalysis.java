package labbook.reports.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import labbook.core.AbRounds;
import labbook.core.Cli;
import labbook.core.Column;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsLoader;
import labbook.reports.results.ResultsRoot;
import labbook.reports.stats.DetectableChange;
import labbook.reports.stats.Format;
import labbook.reports.stats.Interval;
import labbook.reports.stats.MultipleTesting;
import labbook.reports.stats.PairedRounds;
import labbook.reports.stats.SignFlipTest;
import labbook.reports.stats.Stats;
import labbook.reports.study.Study;
import org.apache.commons.math3.stat.StatUtils;
import tech.tablesaw.api.Table;

/**
 * The rounds of {@code labbook ab} analysed as pairs: for every measurement of the experiment (its schema's keys and
 * timings), each finished round's median of A and of B, the round's ratio B / A, and over the rounds their geometric
 * mean with a bootstrap interval, the sign-flip permutation test of the log ratios ({@link PairedRounds}), and the
 * change it could have detected. Benjamini-Hochberg over the measurements, as compare does ({@link #decide}, which the
 * power study {@link AbPower} runs too). The result is also a {@link RunComparison} ({@link #comparison}), so that
 * compare's writers print it in every form, its regression gate reads it, and the site draws it.
 */
public final class AbAnalysis {
    private AbAnalysis() {}

    /**
     * One measurement over the rounds: each finished round's median of A ({@code a}) and of B ({@code b}), their
     * analysis as pairs, the corrected p-value, the verdict, and the change that could have been detected (a fraction;
     * infinite when no arrangement of the rounds reaches the level).
     */
    @SuppressWarnings("ArrayRecordComponent") // one measurement's samples, never compared or hashed
    public record Measure(
            String experiment,
            String timing,
            String key,
            double[] a,
            double[] b,
            PairedRounds.Analysis rounds,
            double pAdjusted,
            RunComparison.Change change,
            double detectable) {}

    /**
     * The analysis of an A/B folder: its plan, the rounds used, the flagged sides, the noise threshold, the level a
     * measurement not called had to reach ({@link Verdicts#level}), the measurements.
     */
    public record Result(
            Path dir,
            AbRounds.Plan plan,
            int rounds,
            List<String> flagged,
            double noise,
            double level,
            List<Measure> measures,
            List<String> family) {

        /** Whether the verdicts were decided over measurements chosen by name ({@code family}), not every one. */
        public boolean chosen() {
            return !family.isEmpty();
        }
    }

    /**
     * The verdicts of one family of measurements: each one's p-value adjusted by {@link RunComparison#CORRECTION} over
     * the family (NaN with too few rounds), its change, and the level a measurement not called had to reach.
     */
    @SuppressWarnings("ArrayRecordComponent") // a family's verdicts, never compared or hashed
    public record Verdicts(double[] pAdjusted, List<RunComparison.Change> changes, double level) {}

    /**
     * reports ab's decision, one place for the analysis and its power study: with fewer rounds than any arrangement of
     * signs needs to reach {@link RunComparison#ALPHA} (2 / 2^rounds above it, below 6 rounds), every measurement is
     * "too few"; else the sign-flip p-values {@code p} are adjusted by Benjamini-Hochberg over the whole family, and a
     * measurement is slower or faster when its adjusted p is below {@link RunComparison#ALPHA} and the whole bootstrap
     * interval of its geometric-mean ratio ({@code intervals}) lies beyond the noise threshold, else "~". The interval,
     * not the ratio alone, as criterion.rs decides ({@code compare_to_threshold}: a regression when the interval's
     * lower bound is above the threshold): a mean of 20 rounds whose draw leans 2 % one way by chance is not called,
     * where a ratio alone would be in 1-3 % of resampled A/A rounds (docs/journal.md, "Power where the rounds are
     * quiet").
     */
    public static Verdicts decide(double[] p, List<Interval> intervals, int rounds, double noise) {
        List<RunComparison.Change> changes = new ArrayList<>();
        if (!enough(rounds)) {
            double[] none = new double[p.length];
            Arrays.fill(none, Double.NaN);
            for (int i = 0; i < p.length; i++) {
                changes.add(RunComparison.Change.TOO_FEW);
            }
            return new Verdicts(none, changes, RunComparison.ALPHA);
        }
        double[] adjusted = MultipleTesting.benjaminiHochberg(p);
        for (int i = 0; i < p.length; i++) {
            Interval ratio = intervals.get(i);
            RunComparison.Change change = RunComparison.Change.SAME;
            if (adjusted[i] < RunComparison.ALPHA && ratio.low() > 1 + noise) {
                change = RunComparison.Change.SLOWER;
            } else if (adjusted[i] < RunComparison.ALPHA && ratio.high() < 1 - noise) {
                change = RunComparison.Change.FASTER;
            }
            changes.add(change);
        }
        double level = MultipleTesting.levelForOneMore(
                RunComparison.ALPHA, p.length, MultipleTesting.discoveries(adjusted, RunComparison.ALPHA));
        return new Verdicts(adjusted, changes, level);
    }

    /**
     * Whether {@code rounds} can call anything: the sign-flip test's smallest p-value is 2 / 2^rounds, so below 6
     * rounds no arrangement reaches 0.05, and a measurement is "too few" rather than a "~" that claims what the test
     * cannot tell.
     */
    static boolean enough(int rounds) {
        return SignFlipTest.smallestP(rounds) <= RunComparison.ALPHA;
    }

    /** Analyses the finished rounds of {@code dir} over every measurement; one line when there are fewer than two. */
    public static Result of(Path dir, List<Study> studies, double noise) {
        return of(dir, studies, noise, List.of());
    }

    /**
     * Analyses the finished rounds of {@code dir}, deciding over the measurements whose name ({@link #name}) contains
     * every word of one of {@code family} ({@link #matches}; every measurement when empty): an A/B asked about one
     * figure, chosen before its rounds ran, is corrected for that figure alone, not for the hundreds its experiment
     * also writes. One line when there are fewer than two rounds, or when a name in {@code family} matches no
     * measurement.
     */
    public static Result of(Path dir, List<Study> studies, double noise, List<String> family) {
        AbRounds.Plan plan = AbRounds.read(dir.resolve(AbRounds.PLAN));
        Study study = studies.stream()
                .filter(s -> s.id().equals(plan.study()))
                .findFirst()
                .orElseThrow(() -> new LabException(dir.resolve(AbRounds.PLAN) + ": no study '" + plan.study()
                        + "' (known: " + studies.stream().map(Study::id).toList() + ")"));
        List<Integer> finished = new ArrayList<>();
        for (int r = 1; r <= plan.order().size(); r++) {
            if (AbRounds.done(dir, plan, r, 'A') && AbRounds.done(dir, plan, r, 'B')) {
                finished.add(r);
            }
        }
        if (finished.size() < 2) {
            throw new LabException(dir + ": " + finished.size() + " finished round(s) of "
                    + plan.order().size() + ": pairs need at least 2 (run labbook ab again to go on)");
        }
        List<Path> roots = new ArrayList<>();
        List<String> flagged = new ArrayList<>();
        for (int r : finished) {
            for (char side : new char[] {'a', 'b'}) {
                Path root = AbRounds.root(dir, r, side);
                roots.add(root);
                String flag = flag(root);
                if (!flag.isEmpty()) {
                    flagged.add("round " + r + " side " + Character.toUpperCase(side) + ": " + flag);
                }
            }
        }
        Results loaded = ResultsLoader.load(
                roots, studies.stream().flatMap(s -> s.schemas().stream()).toList());
        List<ResultsRoot> as = new ArrayList<>();
        List<ResultsRoot> bs = new ArrayList<>();
        for (int i = 0; i < loaded.roots().size(); i++) {
            (i % 2 == 0 ? as : bs).add(loaded.roots().get(i));
        }
        List<String> every = new ArrayList<>(); // every measurement's name, for --measure's check
        List<String[]> names = new ArrayList<>();
        List<double[][]> values = new ArrayList<>();
        List<PairedRounds.Analysis> analyses = new ArrayList<>();
        for (ResultsSchema schema : study.schemas()) {
            if (!schema.comparable()) {
                continue;
            }
            List<Map<List<String>, Table>> ga = groups(schema, as);
            List<Map<List<String>, Table>> gb = groups(schema, bs);
            if (ga == null || gb == null) {
                continue;
            }
            for (List<String> key : ga.get(0).keySet()) {
                if (!ga.stream().allMatch(g -> g.containsKey(key))
                        || !gb.stream().allMatch(g -> g.containsKey(key))) {
                    continue;
                }
                for (Column timing : schema.timings()) {
                    double[] a = Comparer.medians(ga, key, timing);
                    double[] b = Comparer.medians(gb, key, timing);
                    if (a.length != finished.size() || b.length != finished.size() || !positive(a) || !positive(b)) {
                        continue;
                    }
                    String[] name = {schema.experiment(), timing.name(), Calibrate.keyText(schema, key)};
                    String text = name(name[0], name[1], name[2]);
                    every.add(text);
                    if (!inFamily(text, family)) {
                        continue; // not analysed: outside the family, it is neither shown nor corrected for
                    }
                    names.add(name);
                    values.add(new double[][] {a, b});
                    analyses.add(PairedRounds.of(a, b, RunComparison.ALPHA));
                }
            }
        }
        requireEachNamesOne(every, family);
        Verdicts v = decide(
                analyses.stream().mapToDouble(x -> x.signFlip().p()).toArray(),
                analyses.stream().map(PairedRounds.Analysis::geomeanInterval).toList(),
                finished.size(),
                noise);
        List<Measure> measures = new ArrayList<>();
        for (int i = 0; i < analyses.size(); i++) {
            double[][] ab = values.get(i);
            measures.add(new Measure(
                    names.get(i)[0],
                    names.get(i)[1],
                    names.get(i)[2],
                    ab[0],
                    ab[1],
                    analyses.get(i),
                    v.pAdjusted()[i],
                    v.changes().get(i),
                    detectable(ab[0], ab[1], v.level(), noise)));
        }
        return new Result(dir, plan, finished.size(), flagged, noise, v.level(), measures, List.copyOf(family));
    }

    /** "sync-sweep sync_ms variant=kde4 entries=1000": a measurement's name, as --measure matches it. */
    public static String name(Measure m) {
        return name(m.experiment(), m.timing(), m.key());
    }

    /**
     * Whether a measurement's {@code name} holds every word of {@code words}: "sync_ms variant=kde4" names kde4's sync
     * at every size, "entries=1000" the size 1000 and not 10000.
     */
    public static boolean matches(String name, String words) {
        return List.of(name.split(" ")).containsAll(List.of(words.trim().split(" +")));
    }

    private static String name(String experiment, String timing, String key) {
        return experiment + " " + timing + (key.isEmpty() ? "" : " " + key);
    }

    /** Whether {@code name} is one of {@code family}'s ({@link #matches} one of its texts); every name is in none. */
    static boolean inFamily(String name, List<String> family) {
        return family.isEmpty() || family.stream().anyMatch(f -> matches(name, f));
    }

    /** One line naming a text of {@code family} that matches none of {@code names}, the value at fault. */
    static void requireEachNamesOne(List<String> names, List<String> family) {
        for (String f : family) {
            if (names.stream().noneMatch(n -> matches(n, f))) {
                throw new LabException(
                        "--measure: '" + f + "' is in the name of none of the " + names.size()
                                + " measurements (such as '" + (names.isEmpty() ? "" : names.get(0)) + "')",
                        Cli.BAD_ARGUMENTS,
                        null);
            }
        }
    }

    /**
     * The smallest change the rounds could have detected at {@link DetectableChange#POWER} power under
     * {@link #decide}'s two conditions, the larger of: the sign-flip test's at {@code level} (the p-value a measurement
     * not called had to reach, as compare gives it), and the change whose 95 % interval would lie beyond the noise
     * threshold, (1 + noise) times the test's detectable change at 5 % (the interval's half width and the power's
     * margin above it); infinite when no arrangement of the rounds reaches the level.
     */
    static double detectable(double[] a, double[] b, double level, double noise) {
        if (SignFlipTest.smallestP(a.length) > level) {
            return Double.POSITIVE_INFINITY;
        }
        double[] logRatios = Stats.clean(logRatios(a, b));
        if (logRatios.length < 2) {
            return Double.NaN;
        }
        return detectable(Math.sqrt(StatUtils.variance(logRatios)), logRatios.length, level, noise);
    }

    /** {@link #detectable} of {@code rounds} rounds whose log ratios B/A have this standard deviation. */
    private static double detectable(double sd, int rounds, double level, double noise) {
        if (SignFlipTest.smallestP(rounds) > level) {
            return Double.POSITIVE_INFINITY;
        }
        double se = sd / Math.sqrt(rounds);
        double test = DetectableChange.ofStandardError(se, rounds - 1, level, DetectableChange.POWER);
        double beyondNoise = (1 + noise)
                        * (1
                                + DetectableChange.ofStandardError(
                                        se, rounds - 1, 1 - Interval.LEVEL, DetectableChange.POWER))
                - 1;
        return Double.isNaN(test) ? test : Math.max(test, beyondNoise);
    }

    /** The most rounds {@link #roundsFor} looks at: about a day of git diff's rounds, far past any useful run. */
    static final int MOST_ROUNDS = 10_000;

    /**
     * How many rounds would let the analysis see {@code change} (0.05 for 5 %) at {@link DetectableChange#POWER} power,
     * were they as spread as these ({@code a} and {@code b}, one median a side per round): the fewest whose
     * {@link #detectable} change is at most {@code change}. Empty for a change no number of rounds reaches (one not
     * beyond the noise threshold) or with fewer than two rounds to read a spread from.
     */
    static OptionalInt roundsFor(double[] a, double[] b, double change, double level, double noise) {
        double[] logRatios = Stats.clean(logRatios(a, b));
        if (logRatios.length < 2 || change <= noise) {
            return OptionalInt.empty();
        }
        double sd = Math.sqrt(StatUtils.variance(logRatios));
        if (detectable(sd, MOST_ROUNDS, level, noise) > change) {
            return OptionalInt.empty();
        }
        // the detectable change only falls as rounds are added (the standard error, both t quantiles and the
        // sign-flip test's smallest p all fall), so the fewest rounds are found by halving
        int reaches = MOST_ROUNDS;
        int fallsShort = 1;
        while (reaches - fallsShort > 1) {
            int n = (reaches + fallsShort) >>> 1;
            if (detectable(sd, n, level, noise) <= change) {
                reaches = n;
            } else {
                fallsShort = n;
            }
        }
        return OptionalInt.of(reaches);
    }

    private static double[] logRatios(double[] a, double[] b) {
        double[] logRatios = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            logRatios[i] = Math.log(b[i] / a[i]);
        }
        return logRatios;
    }

    /**
     * The analysis as a comparison of A with B, for compare's writers, its regression gate and the site: each
     * measurement's A and B are the rounds' medians (with their 95 % order-statistic interval, n the rounds), its ratio
     * the geometric mean of the rounds' ratios with its bootstrap interval, its p the sign-flip test's.
     */
    public static RunComparison comparison(Result r) {
        String study = r.plan().study();
        List<RunComparison.MeasureChange> changes = new ArrayList<>();
        for (Measure m : r.measures()) {
            PairedRounds.Analysis x = m.rounds();
            changes.add(new RunComparison.MeasureChange(
                    study,
                    m.experiment(),
                    m.timing(),
                    m.key(),
                    Comparer.sample(m.a()),
                    Comparer.sample(m.b()),
                    x.geomeanRatio(),
                    x.geomeanInterval().low(),
                    x.geomeanInterval().high(),
                    x.signFlip().p(),
                    m.pAdjusted(),
                    x.signFlip().exact(),
                    m.change(),
                    m.detectable(),
                    Double.NaN));
        }
        AbRounds.Plan plan = r.plan();
        List<RunComparison.RunDifference> differences = r.plan().aa()
                ? List.of()
                : List.of(new RunComparison.RunDifference(
                        study, "configuration", plan.a().text(), plan.b().text()));
        return new RunComparison(
                new RunComparison.Side(r.dir(), plan.a().text()),
                new RunComparison.Side(r.dir(), plan.b().text()),
                r.noise(),
                summary(r),
                differences,
                List.of(),
                List.of(),
                changes,
                RunComparison.geomeans(changes),
                "noise: the rounds' own spread (each round pairs A and B in fresh processes close in time, so what "
                        + "drifts "
                        + "between rounds cancels in its B/A; no calibration is used)",
                r.flagged(),
                method(r));
    }

    /** "interleaved rounds: wallet sync-sweep, quick mode, 6 rounds (AB BA BA AB AB BA)", and A/A's purpose. */
    static String summary(Result r) {
        return String.format(
                Locale.ROOT,
                "interleaved rounds: %s %s, %s mode, %d rounds (%s)%s",
                r.plan().study(),
                r.plan().experiment(),
                r.plan().mode(),
                r.rounds(),
                String.join(
                        " ",
                        r.plan().order().subList(0, Math.min(r.plan().order().size(), r.rounds()))),
                r.plan().aa() ? ", " + r.plan().kind() : "");
    }

    private static String method(Result r) {
        return String.format(
                Locale.ROOT,
                "verdicts: each round's B/A (the medians of its repeats), their geometric mean with a 95 %% bootstrap "
                        + "interval over the rounds, the sign-flip permutation test of the log ratios (exact up to %d "
                        + "rounds), %s over the %d measurements at a false discovery rate of %s: faster or slower when "
                        + "p (BH) is below %s and B/A's whole interval beyond the noise threshold %s; MDE: the "
                        + "smallest change a ~ or too few could have detected at %s power, both at the level a "
                        + "measurement not called had to reach (p below %s) and with its interval beyond the noise "
                        + "threshold, ∞ where no arrangement of the rounds reaches it; A and B medians: the rounds' "
                        + "medians with 95 %% order-statistic intervals",
                SignFlipTest.EXACT_UP_TO,
                RunComparison.CORRECTION,
                r.measures().size(),
                Format.pct(RunComparison.ALPHA),
                Format.sig(RunComparison.ALPHA, 2),
                Format.pct(r.noise()),
                Format.pct(DetectableChange.POWER),
                Format.sig(r.level(), 2));
    }

    /** The result as the terminal shows it: compare's tables, and why nothing was called with too few rounds. */
    public static String terminal(Result r) {
        String text = ComparisonText.terminal(comparison(r));
        if (r.chosen()) {
            text = "decided over " + r.measures().size() + " measurements chosen by --measure ("
                    + String.join(", ", r.family()) + "), not every measurement of the rounds\n" + text;
        }
        text += roundsNeeded(r);
        return r.measures().stream().anyMatch(m -> m.change() == RunComparison.Change.TOO_FEW)
                ? text + "too few rounds: below 6, no arrangement of the rounds' signs reaches p < 0.05\n"
                : text;
    }

    /**
     * The change the closing line asks about: the smallest slowdown issue #44 asks the rounds to find at 80 % power,
     * and a size of change users ask about (a JDK, a flag).
     */
    static final double ASKED_CHANGE = 0.05;

    /**
     * "rounds to see a 5 % change ...": how many rounds would find {@link #ASKED_CHANGE} at the spread these rounds
     * showed (the median over the measurements, with the middle half), so that a run whose MDE is too wide says what
     * would narrow it; empty without two rounds.
     */
    static String roundsNeeded(Result r) {
        List<Double> needed = new ArrayList<>();
        int unreachable = 0;
        for (Measure m : r.measures()) {
            if (m.a().length < 2) {
                continue;
            }
            OptionalInt n = roundsFor(m.a(), m.b(), ASKED_CHANGE, r.level(), r.noise());
            if (n.isPresent()) {
                needed.add((double) n.getAsInt());
            } else {
                unreachable++;
            }
        }
        if (needed.isEmpty() && unreachable == 0) {
            return "";
        }
        double[] ns = needed.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return String.format(
                Locale.ROOT,
                "rounds to see a %s change at %s power, were they as spread as these %d: %s over the %d "
                        + "measurements%s\n",
                Format.pct(ASKED_CHANGE),
                Format.pct(DetectableChange.POWER),
                r.rounds(),
                ns.length == 0
                        ? "none"
                        : String.format(
                                Locale.ROOT,
                                "median %.0f (middle half %.0f-%.0f)",
                                Stats.median(ns),
                                Stats.quantile(ns, 0.25),
                                Stats.quantile(ns, 0.75)),
                ns.length + unreachable,
                unreachable == 0 ? "" : " (" + unreachable + " beyond " + MOST_ROUNDS + " rounds or the threshold)");
    }

    private static String flag(Path root) {
        Path load = root.resolve("load.json");
        if (!Files.isRegularFile(load)) {
            return "";
        }
        try {
            return new ObjectMapper().readTree(load.toFile()).path("flagged").asText("");
        } catch (IOException e) {
            return "";
        }
    }

    /** Each root's rows of the schema grouped by its keys; null when a root lacks them. */
    private static List<Map<List<String>, Table>> groups(ResultsSchema schema, List<ResultsRoot> roots) {
        List<Table> tables = Comparer.tables(schema, roots);
        return tables == null
                ? null
                : tables.stream().map(t -> Comparer.groups(t, schema.keys())).toList();
    }

    private static boolean positive(double[] v) {
        return Arrays.stream(v).allMatch(x -> x > 0 && Double.isFinite(x));
    }
}
