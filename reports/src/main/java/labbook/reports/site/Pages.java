package labbook.reports.site;

import java.util.List;

/** The typed models the templates render (FreeMarker reads a public record's components as properties). */
public final class Pages {
    private Pages() {}

    /**
     * index.html: each study, each results root; {@code nav} lists every study's page. {@code comparison} is the line
     * naming the comparison of two roots (compare.html), "" when there is none.
     */
    public record IndexPage(
            String generated, List<String> nav, List<StudyPage> studies, List<RootView> roots, String comparison) {}

    /**
     * compare.html, for a site of two roots: the comparison named in one line, what differed, what was left out, the
     * seed claims on both roots, a forest plot per study and a table per experiment's timing (with the line counting
     * what it does not list, or "").
     */
    public record ComparisonPage(
            String generated,
            List<String> nav,
            String a,
            String b,
            String summary,
            TableView differences,
            List<String> exclusions,
            TableView claims,
            List<ChartView> forests,
            List<ComparisonTable> tables,
            String method,
            String counts) {}

    /** One experiment's timing compared, and the line counting the measurements it does not list ("" for none). */
    public record ComparisonTable(TableView table, String unlisted) {}

    /**
     * One study's page, and its line on the index; {@code nav} lists every study's page. The counts are of the seed's
     * claims ({@code holds} ...) and of the lab's targets ({@code met} ...).
     */
    public record StudyPage(
            String study,
            List<String> nav,
            String title,
            String quote,
            String source,
            boolean ran,
            String generated,
            List<ClaimRow> claims,
            List<ModeDisagreements.Row> modeDisagreements,
            long holds,
            long fails,
            long differs,
            long inconclusive,
            long unmeasured,
            List<TargetRow> targets,
            long met,
            long missed,
            long targetsUnmeasured,
            List<ChartView> charts,
            List<ChartView> headlines,
            List<String> missingCharts,
            List<TableView> tables,
            TableView provenance,
            List<SeedView> seeds,
            List<String> experiments,
            List<String> rerun) {}

    /** A reproduction table row, display-ready; {@code cls} is the verdict's CSS class. */
    public record ClaimRow(
            String claim,
            String seed,
            String measured,
            String interval,
            String threshold,
            String ratio,
            String verdict,
            String cls,
            String machine,
            String note) {}

    /** A targets table row, display-ready; {@code cls} is the verdict's CSS class. */
    public record TargetRow(
            String target,
            String measures,
            String goal,
            String measured,
            String verdict,
            String cls,
            String machine,
            String note) {}

    /** A chart: its anchor, its title, its PNG (shown) and SVG (linked) files, its size in pixels. */
    public record ChartView(String name, String title, String png, String svgFile, int width, int height) {}

    /** A table as header and rows of display strings. */
    public record TableView(String title, List<String> header, List<List<String>> rows) {}

    /** A seed table with its source and the copy of its CSV beside the pages. */
    public record SeedView(String title, List<String> header, List<List<String>> rows, String source, String file) {}

    /** A results root on the index. */
    public record RootView(String label, String path, List<RootStudy> studies) {}

    /** One study's status in one root. */
    public record RootStudy(String study, String status, boolean notRun, String machine, String mode, String date) {}
}
