package labbook.reports.site;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import labbook.core.ResultsSchema;
import labbook.reports.chart.ForestPlot;
import labbook.reports.compare.ComparisonText;
import labbook.reports.compare.RunComparison;
import labbook.reports.compare.RunComparison.MeasureChange;
import labbook.reports.site.Pages.ChartView;
import labbook.reports.site.Pages.ComparisonPage;
import labbook.reports.site.Pages.ComparisonTable;
import labbook.reports.site.Pages.TableView;
import labbook.reports.study.Study;
import org.knowm.xchart.XYChart;

/**
 * compare.html's model, from the comparison of a site's two roots (one forest plot per study of its experiments'
 * primary timings) or of labbook ab's rounds (one forest plot of every measurement): the same figures as {@code reports
 * compare} and {@code reports ab} print (one set of cells, {@link ComparisonText#cells}).
 */
final class ComparisonSite {
    private ComparisonSite() {}

    /** compare.html of a site's two roots: a forest plot per study of its experiments' primary timings. */
    static ComparisonPage page(
            RunComparison c,
            List<Study> studies,
            List<String> nav,
            String generated,
            BiFunction<XYChart, String, ChartView> chartFile) {
        List<ChartView> forests = new ArrayList<>();
        for (Study study : studies) {
            List<ForestPlot.Row> rows = new ArrayList<>();
            for (ResultsSchema schema : study.schemas()) {
                if (!schema.comparable()) {
                    continue;
                }
                String primary = schema.timings().get(0).name();
                c.measures().stream()
                        .filter(m -> m.study().equals(study.id())
                                && m.experiment().equals(schema.experiment())
                                && m.measure().equals(primary)
                                && ComparisonText.listed(m))
                        .forEach(m -> rows.add(new ForestPlot.Row(
                                m.key().isEmpty() ? schema.experiment() : schema.experiment() + ": " + m.key(),
                                schema.experiment() + " " + primary,
                                m.ratio(),
                                m.ratioLow(),
                                m.ratioHigh())));
            }
            if (!rows.isEmpty()) {
                forests.add(chartFile.apply(
                        ForestPlot.of(study.id() + ": B / A of each experiment's primary timing, 95 % intervals", rows),
                        "compare-" + study.id()));
            }
        }
        return page(c, forests, nav, generated);
    }

    /**
     * The page of labbook ab's rounds: one forest plot of every measurement, a row each (its timing and key), the
     * geometric mean of the rounds' ratios B / A and its bootstrap interval.
     */
    static ComparisonPage rounds(RunComparison c, String generated, BiFunction<XYChart, String, ChartView> chartFile) {
        List<ForestPlot.Row> rows = c.measures().stream()
                .map(m -> new ForestPlot.Row(
                        m.key().isEmpty() ? m.measure() : m.measure() + ": " + m.key(),
                        m.experiment() + " " + m.measure(),
                        m.ratio(),
                        m.ratioLow(),
                        m.ratioHigh()))
                .toList();
        List<ChartView> forests = rows.isEmpty()
                ? List.of()
                : List.of(chartFile.apply(
                        ForestPlot.of(
                                "B / A over the rounds (geometric mean of the rounds' ratios), 95 % intervals", rows),
                        "ab-ratios"));
        return page(c, forests, List.of(), generated);
    }

    private static ComparisonPage page(RunComparison c, List<ChartView> forests, List<String> nav, String generated) {
        List<List<String>> differences = new ArrayList<>();
        c.differences().forEach(d -> differences.add(List.of(d.study(), d.field(), d.a(), d.b())));
        List<List<String>> claims = new ArrayList<>();
        c.claims()
                .forEach(cl -> claims.add(List.of(cl.study(), cl.claim(), cl.a(), cl.b(), cl.flips() ? "flips" : "")));
        List<ComparisonTable> tables = new ArrayList<>();
        for (Map.Entry<String, List<MeasureChange>> t : ComparisonText.tables(c).entrySet()) {
            List<List<String>> cells = new ArrayList<>();
            t.getValue().stream().filter(ComparisonText::listed).forEach(m -> cells.add(ComparisonText.cells(m)));
            ComparisonText.geomean(c, t.getValue().get(0)).ifPresent(g -> cells.add(ComparisonText.geomeanCells(g)));
            ComparisonText.detectableCells(t.getValue()).ifPresent(cells::add);
            long unlisted =
                    t.getValue().stream().filter(m -> !ComparisonText.listed(m)).count();
            tables.add(new ComparisonTable(
                    new TableView(t.getKey(), ComparisonText.COLUMNS, cells),
                    unlisted == 0 ? "" : ComparisonText.unlisted(unlisted)));
        }
        return new ComparisonPage(
                generated,
                nav,
                c.a().root() + " (" + c.a().label() + ")",
                c.b().root() + " (" + c.b().label() + ")",
                c.summary(),
                new TableView("", List.of("study", "field", "A", "B"), differences),
                c.exclusions(),
                new TableView("", List.of("study", "claim", "A", "B", ""), claims),
                forests,
                tables,
                ComparisonText.method(c),
                c.counts());
    }
}
