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
import labbook.core.AbRounds;
import labbook.core.Column;
import labbook.core.ConsoleTable;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.reports.Studies;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsLoader;
import labbook.reports.results.ResultsRoot;
import labbook.reports.stats.Format;
import labbook.reports.stats.MultipleTesting;
import labbook.reports.stats.PairedRounds;
import labbook.reports.stats.Stats;
import labbook.reports.study.Study;
import tech.tablesaw.api.Table;

/**
 * The rounds of {@code labbook ab} analysed as pairs: for every measurement of the experiment (its schema's keys and
 * timings), each finished round's median of A and of B, the round's ratio B / A, and over the rounds their geometric
 * mean with a bootstrap interval, the sign-flip permutation test of the log ratios ({@link PairedRounds}), and the
 * change it could have detected. Benjamini-Hochberg over the measurements, as compare does.
 */
public final class AbAnalysis {
    private AbAnalysis() {}

    /** One measurement over the rounds. */
    public record Measure(
            String experiment,
            String timing,
            String key,
            PairedRounds.Analysis rounds,
            double pAdjusted,
            RunComparison.Change change) {}

    /** The analysis of an A/B folder: its plan, the rounds used, the flagged sides, the measurements. */
    public record Result(AbRounds.Plan plan, int rounds, List<String> flagged, List<Measure> measures) {}

    /** Analyses the finished rounds of {@code dir}; one line when there are fewer than two. */
    public static Result of(Path dir, double noise) {
        AbRounds.Plan plan = AbRounds.read(dir.resolve(AbRounds.PLAN));
        Study study = Studies.get(plan.study());
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
        Results loaded = ResultsLoader.load(roots, Studies.schemas());
        List<ResultsRoot> as = new ArrayList<>();
        List<ResultsRoot> bs = new ArrayList<>();
        for (int i = 0; i < loaded.roots().size(); i++) {
            (i % 2 == 0 ? as : bs).add(loaded.roots().get(i));
        }
        List<String[]> names = new ArrayList<>();
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
                    names.add(new String[] {schema.experiment(), timing.name(), Calibrate.keyText(schema, key)});
                    analyses.add(PairedRounds.of(a, b, RunComparison.ALPHA));
                }
            }
        }
        // the sign-flip test's smallest p-value is 2 / 2^rounds: below 6 rounds no arrangement reaches 0.05, and such
        // a measurement is "too few" rather than a "~" that claims what the test cannot tell
        boolean enough = 2 / Math.pow(2, finished.size()) <= RunComparison.ALPHA;
        double[] adjusted = enough
                ? MultipleTesting.benjaminiHochberg(
                        analyses.stream().mapToDouble(x -> x.signFlip().p()).toArray())
                : new double[analyses.size()];
        List<Measure> measures = new ArrayList<>();
        for (int i = 0; i < analyses.size(); i++) {
            PairedRounds.Analysis x = analyses.get(i);
            double ratio = x.geomeanRatio();
            if (!enough) {
                adjusted[i] = Double.NaN;
            }
            RunComparison.Change change = !enough
                    ? RunComparison.Change.TOO_FEW
                    : !(adjusted[i] < RunComparison.ALPHA) || Math.abs(ratio - 1) <= noise
                            ? RunComparison.Change.SAME
                            : ratio > 1 ? RunComparison.Change.SLOWER : RunComparison.Change.FASTER;
            measures.add(new Measure(names.get(i)[0], names.get(i)[1], names.get(i)[2], x, adjusted[i], change));
        }
        return new Result(plan, finished.size(), flagged, measures);
    }

    /** The result as the terminal shows it. */
    public static String terminal(Result r) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "ab: %s %s, %s mode, %d rounds (%s)%n  A: %s%n  B: %s%n",
                r.plan().study(),
                r.plan().experiment(),
                r.plan().mode(),
                r.rounds(),
                String.join(
                        " ",
                        r.plan().order().subList(0, Math.min(r.plan().order().size(), r.rounds()))),
                r.plan().a().text(),
                r.plan().b().text()));
        r.flagged().forEach(f -> out.append("flagged: ").append(f).append('\n'));
        out.append("verdicts: each round's B/A (medians of its repeats), their geometric mean with a 95 % bootstrap "
                + "interval over the rounds, the sign-flip permutation test of the log ratios, "
                + RunComparison.CORRECTION + " over the " + r.measures().size() + " measurements at a false discovery "
                + "rate of " + Format.pct(RunComparison.ALPHA) + "; MDE: the change the test finds at 80 % power\n");
        ConsoleTable t = new ConsoleTable(
                "experiment", "timing", "key", "B/A", "95 % interval", "p", "p (BH)", "verdict", "MDE");
        for (Measure m : r.measures()) {
            var x = m.rounds();
            t.row(
                    m.experiment(),
                    m.timing(),
                    m.key(),
                    Format.ratio(x.geomeanRatio()),
                    Format.sig(x.geomeanInterval().low(), 3) + "-"
                            + Format.sig(x.geomeanInterval().high(), 3),
                    Format.sig(x.signFlip().p(), 2),
                    Format.sig(m.pAdjusted(), 2),
                    m.change().word(),
                    Format.pct(x.detectableBySignFlip()));
        }
        out.append(ComparisonText.print(t));
        if (r.measures().stream().anyMatch(m -> m.change() == RunComparison.Change.TOO_FEW)) {
            out.append("too few rounds: below 6, no arrangement of the rounds' signs reaches p < 0.05\n");
        }
        out.append(RunComparison.counts(
                        r.measures().stream().map(Measure::change).toList()))
                .append("; median MDE ")
                .append(Format.pct(Stats.median(r.measures().stream()
                        .mapToDouble(m -> m.rounds().detectableBySignFlip())
                        .toArray())))
                .append('\n');
        return out.toString();
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
