package labbook.reports.compare;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import labbook.core.Cli;
import labbook.core.Column;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.reports.results.Calibration;
import labbook.reports.results.Calibration.About;
import labbook.reports.results.Calibration.Kind;
import labbook.reports.results.Calibration.Spread;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsRoot;
import labbook.reports.results.RunInfo;
import labbook.reports.stats.Format;
import labbook.reports.stats.Stats;
import labbook.reports.study.Claim;
import labbook.reports.study.Study;
import org.apache.commons.math3.stat.StatUtils;
import tech.tablesaw.api.Table;

/**
 * A {@link Calibration} read off several results roots of one machine and mode, runs of the same code: each claim's
 * judged figure and each comparable measurement's median, root by root, and the standard deviation of their logs
 * between the roots. A figure that some root lacks, or that is not positive in one (no log), gets no spread: its claim
 * and its comparison fall back to the repeats inside one run.
 */
public final class Calibrate {
    /** The fewest runs a spread between runs is read from: two give one difference, too few to trust. */
    public static final int MIN_RUNS = 3;

    private Calibrate() {}

    /** The calibration of {@code loaded}'s roots (at least {@link #MIN_RUNS}, one machine, one mode). */
    public static Calibration of(Results loaded, List<Study> studies) {
        List<ResultsRoot> roots = loaded.roots();
        if (roots.size() < MIN_RUNS) {
            throw new LabException(
                    "calibrate takes at least " + MIN_RUNS + " results roots of one machine, not " + roots.size(),
                    Cli.BAD_ARGUMENTS,
                    null);
        }
        RunInfo first = null;
        Set<String> commits = new LinkedHashSet<>();
        for (ResultsRoot root : roots) {
            for (Study study : studies) {
                if (!root.study(study.id()).ran()) {
                    continue;
                }
                RunInfo run = root.study(study.id()).latest();
                if (first == null) {
                    first = run;
                } else if (!Calibration.Machine.of(first).equals(Calibration.Machine.of(run))) {
                    throw new LabException(
                            root.root() + "/" + study.id() + "/run.json: "
                                    + Calibration.Machine.of(run).text()
                                    + ", where the first root ran "
                                    + Calibration.Machine.of(first).text()
                                    + ": a calibration is one machine's runs in one mode",
                            Cli.BAD_ARGUMENTS,
                            null);
                }
                commits.add(run.labCommit());
            }
        }
        if (first == null) {
            throw new LabException("no study ran in " + roots.get(0).root(), Cli.BAD_ARGUMENTS, null);
        }
        List<Spread> spreads = new ArrayList<>();
        for (Study study : studies) {
            spreads.addAll(claimSpreads(study, roots));
            for (ResultsSchema schema : study.schemas()) {
                spreads.addAll(measureSpreads(schema, roots));
            }
        }
        About about = new About(
                first.host(),
                first.cpuModel(),
                first.cores(),
                first.osKernel(),
                first.jdk(),
                first.mode(),
                roots.size(),
                List.copyOf(commits),
                roots.stream()
                        .map(r -> r.root().toAbsolutePath().normalize().toString())
                        .toList(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        return new Calibration(about, spreads);
    }

    /** Each claim's judged figure on each root (its point figure: the interval is what this calibrates). */
    private static List<Spread> claimSpreads(Study study, List<ResultsRoot> roots) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (ResultsRoot root : roots) {
            if (!root.study(study.id()).ran()) {
                continue;
            }
            for (Claim c : study.claims(new Results(List.of(root)))) {
                if (c.judgedFromFigure()) {
                    values.computeIfAbsent(c.key(), k -> new ArrayList<>()).add(c.value());
                }
            }
        }
        List<Spread> out = new ArrayList<>();
        values.forEach((name, v) ->
                spread(Kind.claim, study.id(), name, v, roots.size()).ifPresent(out::add));
        return out;
    }

    /** Each comparable measurement's median on each root, matched by every key column, as compare matches them. */
    private static List<Spread> measureSpreads(ResultsSchema schema, List<ResultsRoot> roots) {
        if (!schema.comparable()) {
            return List.of();
        }
        Map<String, List<Double>> medians = new LinkedHashMap<>();
        for (ResultsRoot root : roots) {
            Table t = root.table(schema).filter(x -> !x.isEmpty()).orElse(null);
            if (t == null) {
                continue;
            }
            Comparer.groups(t, schema.keys()).forEach((key, rows) -> {
                for (Column timing : schema.timings()) {
                    double[] v = Comparer.values(rows, timing);
                    if (v.length > 0) {
                        medians.computeIfAbsent(measureName(schema, timing, key), k -> new ArrayList<>())
                                .add(Stats.median(v));
                    }
                }
            });
        }
        List<Spread> out = new ArrayList<>();
        medians.forEach((name, v) ->
                spread(Kind.measure, schema.study(), name, v, roots.size()).ifPresent(out::add));
        return out;
    }

    /**
     * "sync-sweep sync_ms variant=kde4 entries=1000": a measurement by its experiment, timing and every key column, the
     * name that finds it again whatever two roots are compared.
     */
    static String measureName(ResultsSchema schema, Column timing, List<String> key) {
        return measureName(schema, timing, key, Column::name);
    }

    /**
     * A measurement's spread in {@code calibration}, under its name or, for a calibration made before its columns were
     * renamed, under the name it had then ({@link #formerMeasureName}).
     */
    static Optional<Spread> measureSpread(
            Calibration calibration, ResultsSchema schema, Column timing, List<String> key) {
        return calibration
                .spread(Kind.measure, schema.study(), measureName(schema, timing, key))
                .or(() -> calibration.spread(Kind.measure, schema.study(), formerMeasureName(schema, timing, key)));
    }

    /**
     * The measurement's name as a calibration made before its columns were renamed wrote it: each renamed column under
     * its first former name ({@link Column#formerNames}); the same as {@link #measureName} where none was renamed.
     */
    static String formerMeasureName(ResultsSchema schema, Column timing, List<String> key) {
        return measureName(
                schema,
                timing,
                key,
                c -> c.formerNames().isEmpty() ? c.name() : c.formerNames().get(0));
    }

    private static String measureName(
            ResultsSchema schema, Column timing, List<String> key, Function<Column, String> named) {
        String k = keyText(schema, key, named);
        return schema.experiment() + " " + named.apply(timing) + (k.isEmpty() ? "" : " " + k);
    }

    /** "variant=kde4 entries=1000": every key column of a measurement, named. */
    static String keyText(ResultsSchema schema, List<String> key) {
        return keyText(schema, key, Column::name);
    }

    private static String keyText(ResultsSchema schema, List<String> key, Function<Column, String> named) {
        List<Column> keys = schema.keys();
        return IntStream.range(0, keys.size())
                .mapToObj(i -> named.apply(keys.get(i)) + "=" + key.get(i))
                .collect(Collectors.joining(" "));
    }

    /** The spread of a figure that every root holds, positive on each; none otherwise. */
    private static Optional<Spread> spread(Kind kind, String study, String name, List<Double> values, int roots) {
        if (values.size() != roots || values.size() < MIN_RUNS) {
            return Optional.empty();
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        for (double x : v) {
            if (!(x > 0) || Double.isInfinite(x)) {
                return Optional.empty();
            }
        }
        double[] logs = Arrays.stream(v).map(Math::log).toArray();
        return Optional.of(
                new Spread(kind, study, name, v.length, Stats.median(v), Math.sqrt(StatUtils.variance(logs))));
    }

    /**
     * What was calibrated, in a few lines: how many claims and measurements have a spread, their median spread, and the
     * claims that move most between runs.
     */
    public static String summary(Calibration c) {
        StringBuilder out = new StringBuilder();
        out.append("calibration: ").append(c.about().text()).append('\n');
        for (Kind kind : Kind.values()) {
            double[] sds = c.spreads().stream()
                    .filter(s -> s.kind() == kind)
                    .mapToDouble(Spread::logSd)
                    .toArray();
            out.append(String.format(
                    Locale.ROOT,
                    "%d %ss with a spread between runs, median %s%n",
                    sds.length,
                    kind,
                    sds.length == 0 ? "-" : Format.pct(Math.expm1(Stats.median(sds)))));
        }
        c.spreads().stream()
                .filter(s -> s.kind() == Kind.claim)
                .sorted(Comparator.comparingDouble(Spread::logSd).reversed())
                .limit(5)
                .forEach(s -> out.append("  moves most: ")
                        .append(s.study())
                        .append(' ')
                        .append(s.name())
                        .append(" (")
                        .append(Format.pct(Math.expm1(s.logSd())))
                        .append(")\n"));
        return out.toString();
    }
}
