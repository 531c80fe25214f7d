package labbook.reports;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.core.AbRounds;
import labbook.core.LabException;
import labbook.core.Repo;
import labbook.filecrypt.FilecryptSchemas;
import labbook.reports.chart.HorizontalBarChart;
import labbook.reports.compare.AbAnalysis;
import labbook.reports.compare.Comparer;
import labbook.reports.compare.RunComparison;
import labbook.reports.filecrypt.BandwidthChart;
import labbook.reports.filecrypt.DirectoryRunsChart;
import labbook.reports.filecrypt.LevelsChart;
import labbook.reports.filecrypt.ParetoChart;
import labbook.reports.filecrypt.TimeTimesSizeChart;
import labbook.reports.results.Provenance;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsLoader;
import labbook.reports.site.Site;
import labbook.reports.stats.Summaries;
import labbook.reports.stats.TableOf;
import labbook.reports.study.Claim;
import labbook.reports.study.ClaimsFile;
import labbook.reports.study.Seed;
import labbook.reports.study.Study;
import labbook.reports.study.StudyChart;
import labbook.reports.study.Target;
import labbook.reports.vfs.GitDiffChart;
import labbook.reports.vfs.ModelScalingChart;
import labbook.reports.vfs.NormalisedChart;
import labbook.reports.vfs.StatWalkChart;
import labbook.reports.wallet.InterpretedVsCompiledChart;
import labbook.reports.wallet.SaveStrategiesChart;
import labbook.reports.wallet.SyncTimeChart;
import labbook.vfs.VfsSchemas;
import labbook.wallet.WalletSchemas;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * The entry point for notebooks (and anyone else), a thin facade over {@link Studies} and the layers: load results, get
 * a study's tables, its reproduction table, and each chart as an XChart object. The site is built from the same study
 * units, so a notebook and the site cannot disagree.
 *
 * <pre>{@code
 * Results r = Explore.load("results");                 // or Explore.load() for <repo>/results
 * Table sweep = Explore.table(r, "wallet", "sync-sweep");
 * Table repro = Explore.reproduction(r, "wallet");
 * XYChart c = Explore.chart(r, "wallet", SyncTimeChart.NAME);  // or Explore.charts(r, "wallet")
 * }</pre>
 */
public final class Explore {
    private Explore() {}

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
            paths.add(inRepository(r));
        }
        return load(paths);
    }

    /** A folder a notebook names: as given when absolute, else from the repository root. */
    private static Path inRepository(String folder) {
        Path p = Path.of(folder);
        return (p.isAbsolute() ? p : Repo.root().resolve(p)).normalize();
    }

    public static Results load(List<Path> roots) {
        return ResultsLoader.load(roots, Studies.schemas());
    }

    /**
     * Two results roots compared, as {@code reports compare A B} prints it (relative paths are taken from the
     * repository root); {@code .summary()} names the comparison, {@link #comparisonTable} gives every measurement.
     */
    public static RunComparison compare(String a, String b) {
        Results loaded = load(a, b);
        return Comparer.compareShared(loaded, Studies.ALL, Comparer.DEFAULT_NOISE);
    }

    /**
     * The rounds {@code ./labbook ab} ran into {@code folder} (relative paths are taken from the repository root),
     * analysed as {@code reports ab} prints them, as a comparison of A with B ({@link #comparisonTable} gives every
     * measurement); empty when the folder holds no plan (no ab.json) yet.
     */
    public static Optional<RunComparison> ab(String folder) {
        Path dir = inRepository(folder);
        if (!Files.isRegularFile(dir.resolve(AbRounds.PLAN))) {
            return Optional.empty();
        }
        return Optional.of(AbAnalysis.comparison(AbAnalysis.of(dir, Studies.ALL, Comparer.DEFAULT_NOISE)));
    }

    /**
     * Every measurement of a comparison, one row each: study, experiment, measure, key, n, median and its 95 % interval
     * of A and of B, the ratio B / A with its interval, the U-test's p-value raw and Benjamini-Hochberg adjusted
     * ({@code p_adjusted}, NaN where no arrangement of the repeats could be significant), the verdict (on the adjusted
     * p-value), and the smallest change the repeats could have detected ({@code mde}, a fraction; infinite when none
     * could be).
     */
    public static Table comparisonTable(RunComparison c) {
        return TableOf.rows(c.measures())
                .text("study", RunComparison.MeasureChange::study)
                .text("experiment", RunComparison.MeasureChange::experiment)
                .text("measure", RunComparison.MeasureChange::measure)
                .text("key", RunComparison.MeasureChange::key)
                .count("n_a", m -> m.a().n())
                .number("median_a", m -> m.a().median())
                .number("a_low", m -> m.a().low())
                .number("a_high", m -> m.a().high())
                .count("n_b", m -> m.b().n())
                .number("median_b", m -> m.b().median())
                .number("b_low", m -> m.b().low())
                .number("b_high", m -> m.b().high())
                .number("ratio", RunComparison.MeasureChange::ratio)
                .number("ratio_low", RunComparison.MeasureChange::ratioLow)
                .number("ratio_high", RunComparison.MeasureChange::ratioHigh)
                .number("p", RunComparison.MeasureChange::p)
                .number("p_adjusted", RunComparison.MeasureChange::pAdjusted)
                .text("verdict", m -> m.change().word())
                .number("mde", RunComparison.MeasureChange::detectable)
                .named("B against A: " + c.summary());
    }

    /** The studies, in site order: wallet, filecrypt, vfs. */
    public static List<String> studies() {
        return Studies.ids();
    }

    /** An experiment's raw rows from the first root that has them; a LabException names what is missing. */
    public static Table table(Results results, String study, String experiment) {
        return results.first(study, experiment)
                .orElseThrow(() ->
                        new LabException(study + "/" + experiment + ".csv is in none of the results roots (not run)"));
    }

    /** An experiment's raw rows from each root that has them, labelled by machine. */
    public static List<Results.Labelled<Table>> tables(Results results, String study, String experiment) {
        return results.tables(study, experiment);
    }

    /** Medians with spread (n, median, q1, q3, iqr, bootstrap ci_low/ci_high, mean) of {@code value} per group. */
    public static Table medians(Table raw, String value, String... by) {
        return Summaries.medians(raw, value, by);
    }

    /** A seed's published figures, each row naming its source ({@code WalletData.KWALLET_SYNC}, ...). */
    public static Table seed(Seed seed) {
        return seed.table();
    }

    /** A seed's published figures by name ("kwallet-sync", "crypto-levels", ...). */
    public static Table seed(String name) {
        return Studies.ALL.stream()
                .flatMap(s -> s.seeds().stream())
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new LabException("no seed table '" + name + "' (known: "
                        + Studies.ALL.stream()
                                .flatMap(s -> s.seeds().stream())
                                .map(Seed::name)
                                .toList() + ")"))
                .table();
    }

    /** The seed's claims the site checks for one study; with several roots, each claim's rows sit together. */
    public static List<Claim> claims(Results results, String study) {
        return Studies.get(study).reproduction(results);
    }

    /**
     * The reproduction table of a study: claim, seed, measured, its 95 % interval, the threshold, ratio, verdict,
     * machine, note.
     */
    public static Table reproduction(Results results, String study) {
        return TableOf.rows(claims(results, study))
                .text("claim", Claim::claim)
                .text("seed", Claim::seed)
                .text("measured", Claim::measured)
                .text("interval", Claim::intervalText)
                .text("threshold", Claim::thresholdText)
                .number("ratio", Claim::ratio)
                .text("verdict", c -> c.verdict().text())
                .text("machine", Claim::machine)
                .text("note", Claim::note)
                .named(study + " reproduction");
    }

    /**
     * Every study's claims as data, one row per claim and results root, with the same columns as the report's
     * {@code data/claims.csv} (study, claim id, figure, its interval, threshold, verdict, category, machine, mode...):
     * one call gives what two runs' verdicts compare on.
     */
    public static Table claimsTable(Results results) {
        String csv = ClaimsFile.csv(ClaimsFile.rows(results, Studies.ALL));
        return Table.read()
                .usingOptions(CsvReadOptions.builder(new StringReader(csv)).tableName("claims"));
    }

    /**
     * The lab's own targets for a study's code (none is a claim of the seed), as on its page: target, what it measures,
     * goal, measured, value (the figure in the goal's unit), verdict, machine, note. Empty for a study with no targets.
     */
    public static Table targets(Results results, String study) {
        return TableOf.rows(Studies.get(study).targetRows(results))
                .text("target", Target::target)
                .text("what it measures", Target::measures)
                .text("goal", Target::goal)
                .text("measured", Target::measured)
                .number("value", Target::value)
                .text("verdict", t -> t.verdict().text())
                .text("machine", Target::machine)
                .text("note", Target::note)
                .named(study + " targets");
    }

    /** The analysis tables of a study page, by title, in page order (only those whose experiment ran). */
    public static Map<String, Table> analyses(Results results, String study) {
        return Studies.get(study).pageAnalyses(results);
    }

    /** Where each experiment's rows came from: root, machine, JDK, commit, mode, date, rows and how to rerun it. */
    public static Table provenance(Results results, String study) {
        return Provenance.table(results, Studies.get(study).id());
    }

    /** Every chart of a study that has data, by name, in page order. */
    public static Map<String, Chart<?, ?>> charts(Results results, String study) {
        Map<String, Chart<?, ?>> out = new LinkedHashMap<>();
        for (StudyChart c : Studies.get(study).charts()) {
            c.draw(results).ifPresent(chart -> out.put(c.name(), chart));
        }
        return out;
    }

    /** The names of a study's charts, whether or not they have data. */
    public static List<String> chartNames(String study) {
        return Studies.get(study).charts().stream().map(StudyChart::name).toList();
    }

    /** One chart by name (see {@link #chartNames}); a LabException when its experiment did not run. */
    // the caller names the chart type it expects (a notebook's cell); a wrong one fails at its first use
    @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"})
    public static <C extends Chart<?, ?>> C chart(Results results, String study, String name) {
        StudyChart chart = Studies.get(study).charts().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new LabException(
                        "no chart '" + name + "' in " + study + " (known: " + chartNames(study) + ")"));
        return (C) chart.draw(results)
                .orElseThrow(() -> new LabException("chart " + study + "/" + name
                        + " has no data: its experiment is in none of the results roots"));
    }

    /** Builds the site from these roots into {@code out}; returns the path of index.html. */
    public static Path buildSite(List<Path> roots, Path out) {
        return Site.build(load(roots), Studies.ALL, out);
    }

    // typed shortcuts for notebook cells, each chart by its class's name constant
    public static XYChart walletSyncTime(Results r) {
        return chart(r, WalletSchemas.STUDY, SyncTimeChart.NAME);
    }

    public static XYChart walletInterpretedVsCompiled(Results r) {
        return chart(r, WalletSchemas.STUDY, InterpretedVsCompiledChart.NAME);
    }

    public static XYChart walletSaveStrategies(Results r) {
        return chart(r, WalletSchemas.STUDY, SaveStrategiesChart.NAME);
    }

    /** One of the levels charts: {@code which} is largest, middle or 1mb ({@link LevelsChart#name}). */
    public static XYChart filecryptLevels(Results r, String which) {
        return chart(r, FilecryptSchemas.STUDY, LevelsChart.NAME_PREFIX + which);
    }

    /** The text folder's directory runs. */
    public static HorizontalBarChart filecryptDirectoryRuns(Results r) {
        return chart(r, FilecryptSchemas.STUDY, DirectoryRunsChart.NAME);
    }

    public static XYChart filecryptTimeTimesSize(Results r) {
        return chart(r, FilecryptSchemas.STUDY, TimeTimesSizeChart.NAME);
    }

    public static XYChart filecryptBandwidth(Results r) {
        return chart(r, FilecryptSchemas.STUDY, BandwidthChart.NAME);
    }

    public static XYChart filecryptPareto(Results r) {
        return chart(r, FilecryptSchemas.STUDY, ParetoChart.NAME);
    }

    public static CategoryChart vfsGitDiff(Results r) {
        return chart(r, VfsSchemas.STUDY, GitDiffChart.NAME);
    }

    public static CategoryChart vfsNormalised(Results r) {
        return chart(r, VfsSchemas.STUDY, NormalisedChart.NAME);
    }

    public static XYChart vfsModelScaling(Results r) {
        return chart(r, VfsSchemas.STUDY, ModelScalingChart.NAME);
    }

    public static XYChart vfsStatWalk(Results r) {
        return chart(r, VfsSchemas.STUDY, StatWalkChart.NAME);
    }

    /** The study units themselves, for code that wants more than the facade gives. */
    public static List<Study> units() {
        return Studies.ALL;
    }
}
