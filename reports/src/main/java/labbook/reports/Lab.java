package labbook.reports;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import labbook.core.LabException;
import labbook.core.Repo;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The stable entry point for notebooks (and anyone else): load results, get a study's tables, its
 * reproduction table, and each chart as an XChart object. The site is built from these same calls,
 * so a notebook and the site cannot disagree. Signatures here do not change once published.
 *
 * <pre>{@code
 * Results r = Lab.load("results");                 // or Lab.load() for <repo>/results
 * Table sweep = Lab.table(r, "wallet", "sync-sweep");
 * Table repro = Lab.reproduction(r, "wallet");
 * XYChart c = Lab.chart(r, "wallet", "sync-time");  // or Lab.charts(r, "wallet")
 * }</pre>
 */
public final class Lab {
    private Lab() {
    }

    /** {@code <repository>/results}, the default results root. */
    public static Path defaultResults() {
        return Repo.root().resolve("results");
    }

    /** Loads {@code <repository>/results}. */
    public static Results load() {
        return load(List.of(defaultResults()));
    }

    /** Loads one or more results roots side by side (relative paths are taken from the repository root). */
    public static Results load(String... roots) {
        List<Path> paths = new ArrayList<>();
        for (String r : roots) {
            Path p = Path.of(r);
            paths.add(p.isAbsolute() ? p : Repo.root().resolve(p));
        }
        return load(paths);
    }

    public static Results load(List<Path> roots) {
        return ResultsLoader.load(roots);
    }

    /** The studies, in site order: wallet, filecrypt, vfs. */
    public static List<String> studies() {
        return Schema.STUDIES;
    }

    /** An experiment's raw rows from the first root that has them; a LabException names what is missing. */
    public static Table table(Results results, String study, String experiment) {
        return results.first(study, experiment).orElseThrow(() -> new LabException(
                study + "/" + experiment + ".csv is in none of the results roots (not run)"));
    }

    /** An experiment's raw rows from each root that has them, labelled by machine. */
    public static List<Results.Labelled<Table>> tables(Results results, String study, String experiment) {
        return results.tables(study, experiment);
    }

    /** Medians with spread (n, median, q1, q3, iqr, bootstrap ci_low/ci_high) of {@code value} per group. */
    public static Table medians(Table raw, String value, String... by) {
        return Summaries.medians(raw, value, by);
    }

    /** A seed's published figures (see {@link Seeds} for the names), each row naming its source. */
    public static Table seed(String name) {
        return Seeds.table(name);
    }

    /**
     * The claims the site checks for one study, as objects; with several results roots, each
     * claim's rows sit together, machine after machine.
     */
    public static List<Claim> claims(Results results, String study) {
        List<Claim> claims = switch (study) {
            case WalletStudy.STUDY -> WalletStudy.reproduction(results);
            case FilecryptStudy.STUDY -> FilecryptStudy.reproduction(results);
            case VfsStudy.STUDY -> VfsStudy.reproduction(results);
            default -> throw new LabException("no study '" + study + "' (known: " + Schema.STUDIES + ")");
        };
        Map<String, List<Claim>> byClaim = new LinkedHashMap<>();
        for (Claim c : claims) {
            byClaim.computeIfAbsent(c.claim(), k -> new ArrayList<>()).add(c);
        }
        return byClaim.values().stream().flatMap(List::stream).toList();
    }

    /** The reproduction table of a study: claim, seed, measured, ratio, verdict, machine, note. */
    public static Table reproduction(Results results, String study) {
        List<Claim> claims = claims(results, study);
        Table t = Table.create(study + " reproduction");
        StringColumn claim = StringColumn.create("claim");
        StringColumn seed = StringColumn.create("seed");
        StringColumn measured = StringColumn.create("measured");
        DoubleColumn ratio = DoubleColumn.create("ratio");
        StringColumn verdict = StringColumn.create("verdict");
        StringColumn machine = StringColumn.create("machine");
        StringColumn note = StringColumn.create("note");
        for (Claim c : claims) {
            claim.append(c.claim());
            seed.append(c.seed());
            measured.append(c.measured());
            ratio.append(c.ratio());
            verdict.append(c.verdict());
            machine.append(c.machine());
            note.append(c.note());
        }
        t.addColumns(claim, seed, measured, ratio, verdict, machine, note);
        return t;
    }

    /** The analysis tables of a study page, by title, in page order (only those whose experiment ran). */
    public static Map<String, Table> analyses(Results results, String study) {
        return Analyses.of(results, study);
    }

    /** Where each experiment's rows came from: root, machine, JDK, commit, mode, date, command and how to rerun it. */
    public static Table provenance(Results results, String study) {
        return Provenance.table(results, study);
    }

    /** Every chart of a study that has data, by name, in page order. */
    public static Map<String, Chart<?, ?>> charts(Results results, String study) {
        Map<String, Chart<?, ?>> out = new LinkedHashMap<>();
        for (Map.Entry<String, Function<Results, Optional<? extends Chart<?, ?>>>> e : chartMakers(study).entrySet()) {
            e.getValue().apply(results).ifPresent(c -> out.put(e.getKey(), c));
        }
        return out;
    }

    /** The names of a study's charts, whether or not they have data. */
    public static List<String> chartNames(String study) {
        return List.copyOf(chartMakers(study).keySet());
    }

    /** One chart by name (see {@link #chartNames}); a LabException when its experiment did not run. */
    @SuppressWarnings("unchecked")
    public static <C extends Chart<?, ?>> C chart(Results results, String study, String name) {
        var maker = chartMakers(study).get(name);
        if (maker == null) {
            throw new LabException("no chart '" + name + "' in " + study + " (known: " + chartNames(study) + ")");
        }
        return (C) maker.apply(results).orElseThrow(() -> new LabException(
                "chart " + study + "/" + name + " has no data: its experiment is in none of the results roots"));
    }

    /** Builds the site from these roots into {@code out}; returns the path of index.html. */
    public static Path buildSite(List<Path> roots, Path out) {
        return Site.build(load(roots), out);
    }

    static Map<String, Function<Results, Optional<? extends Chart<?, ?>>>> chartMakers(String study) {
        Map<String, Function<Results, Optional<? extends Chart<?, ?>>>> m = new LinkedHashMap<>();
        switch (study) {
            case WalletStudy.STUDY -> {
                m.put("sync-time", WalletCharts::syncTime);
                m.put("interpreted-vs-compiled", WalletCharts::interpretedVsCompiled);
                m.put("save-strategies", WalletCharts::saveStrategies);
            }
            case FilecryptStudy.STUDY -> {
                m.put("levels-largest", r -> FilecryptCharts.levels(r, FilecryptStudy.FileChoice.LARGEST));
                m.put("levels-middle", r -> FilecryptCharts.levels(r, FilecryptStudy.FileChoice.MIDDLE));
                m.put("levels-1mb", r -> FilecryptCharts.levels(r, FilecryptStudy.FileChoice.ONE_MB));
                m.put("directory-runs", FilecryptCharts::directoryRuns);
                m.put("time-x-size", FilecryptCharts::timeTimesSize);
                m.put("bandwidth", FilecryptCharts::bandwidth);
                m.put("pareto", FilecryptCharts::pareto);
            }
            case VfsStudy.STUDY -> {
                m.put("git-diff", VfsCharts::gitDiff);
                m.put("normalised", VfsCharts::normalised);
                m.put("model-scaling", VfsCharts::modelScaling);
                m.put("stat-walk", VfsCharts::statWalk);
            }
            default -> throw new LabException("no study '" + study + "' (known: " + Schema.STUDIES + ")");
        }
        return m;
    }

    // typed shortcuts for notebook cells
    public static XYChart walletSyncTime(Results r) {
        return chart(r, WalletStudy.STUDY, "sync-time");
    }

    public static XYChart walletInterpretedVsCompiled(Results r) {
        return chart(r, WalletStudy.STUDY, "interpreted-vs-compiled");
    }

    public static XYChart walletSaveStrategies(Results r) {
        return chart(r, WalletStudy.STUDY, "save-strategies");
    }

    public static XYChart filecryptLevels(Results r, String which) {
        return chart(r, FilecryptStudy.STUDY, "levels-" + which);
    }

    public static CategoryChart filecryptDirectoryRuns(Results r) {
        return chart(r, FilecryptStudy.STUDY, "directory-runs");
    }

    public static XYChart filecryptTimeTimesSize(Results r) {
        return chart(r, FilecryptStudy.STUDY, "time-x-size");
    }

    public static XYChart filecryptBandwidth(Results r) {
        return chart(r, FilecryptStudy.STUDY, "bandwidth");
    }

    public static XYChart filecryptPareto(Results r) {
        return chart(r, FilecryptStudy.STUDY, "pareto");
    }

    public static CategoryChart vfsGitDiff(Results r) {
        return chart(r, VfsStudy.STUDY, "git-diff");
    }

    public static CategoryChart vfsNormalised(Results r) {
        return chart(r, VfsStudy.STUDY, "normalised");
    }

    public static XYChart vfsModelScaling(Results r) {
        return chart(r, VfsStudy.STUDY, "model-scaling");
    }

    public static XYChart vfsStatWalk(Results r) {
        return chart(r, VfsStudy.STUDY, "stat-walk");
    }
}
