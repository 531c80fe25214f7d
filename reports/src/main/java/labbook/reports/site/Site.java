package labbook.reports.site;

import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import labbook.core.LabException;
import labbook.core.ResultsSchema;
import labbook.reports.chart.ChartFiles;
import labbook.reports.compare.Comparer;
import labbook.reports.compare.RunComparison;
import labbook.reports.results.Provenance;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsRoot;
import labbook.reports.results.StudyResults;
import labbook.reports.site.Pages.ChartView;
import labbook.reports.site.Pages.ClaimRow;
import labbook.reports.site.Pages.IndexPage;
import labbook.reports.site.Pages.RootStudy;
import labbook.reports.site.Pages.RootView;
import labbook.reports.site.Pages.SeedView;
import labbook.reports.site.Pages.StudyPage;
import labbook.reports.site.Pages.TableView;
import labbook.reports.site.Pages.TargetRow;
import labbook.reports.study.Claim;
import labbook.reports.study.ClaimsFile;
import labbook.reports.study.Seed;
import labbook.reports.study.Study;
import labbook.reports.study.StudyChart;
import labbook.reports.study.Target;
import labbook.reports.study.Verdict;
import labbook.reports.study.Verdict.Outcome;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * The static site: {@code index.html} and one page per study, from FreeMarker templates rendering typed page records,
 * with each chart as a PNG (and an SVG beside it) in {@code charts/}. Everything is local: no script, font or style
 * sheet is fetched from anywhere.
 */
public final class Site {
    private Site() {}

    /**
     * Builds the site for these studies into {@code out} and returns the path of index.html. The site is written whole
     * or not at all ({@link SiteFolder}): a failure leaves {@code out} as it was.
     */
    public static Path build(Results results, List<Study> studies, Path out) {
        try (SiteFolder folder = SiteFolder.open(out)) {
            return build(results, studies, folder);
        }
    }

    /** Builds the site in {@code folder}'s partial folder and renames it into place; returns the path of index.html. */
    public static Path build(Results results, List<Study> studies, SiteFolder folder) {
        Path out = folder.path();
        try {
            Files.createDirectory(out.resolve("charts"));
            Files.createDirectory(out.resolve("data"));
            Configuration fm = freemarker();
            String generated = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
            List<String> nav = studies.stream().map(Study::id).toList();
            List<StudyPage> pages = new ArrayList<>();
            for (Study study : studies) {
                StudyPage page = studyPage(results, study, nav, out, generated);
                render(fm, "study.ftlh", page, out.resolve(study.id() + ".html"));
                pages.add(page);
            }
            String comparison = "";
            if (results.roots().size() == 2) {
                // two roots: A against B, on a page of its own (the table and a forest plot per study)
                RunComparison c = Comparer.compare(results, studies, Comparer.DEFAULT_NOISE);
                if (!c.measures().isEmpty()) {
                    comparison = c.summary();
                    render(
                            fm,
                            "compare.ftlh",
                            ComparisonSite.page(
                                    c, studies, nav, generated, (chart, name) -> chartView(chart, out, name)),
                            out.resolve("compare.html"));
                }
            }
            ClaimsFile.write(ClaimsFile.rows(results, studies), out.resolve("data"));
            render(
                    fm,
                    "index.ftlh",
                    new IndexPage(generated, nav, pages, roots(results, studies), comparison),
                    out.resolve("index.html"));
            folder.commit();
            return folder.named().toAbsolutePath().normalize().resolve("index.html");
        } catch (IOException | UncheckedIOException e) {
            throw LabException.cannot("write the site in", folder.named(), e);
        }
    }

    /**
     * labbook ab's rounds as a page of their own, {@code out/compare.html} (the page {@code reports build} writes for
     * two roots, with one forest plot of every measurement's paired ratio), written whole or not at all; returns its
     * path.
     */
    public static Path rounds(RunComparison c, Path out) {
        try (SiteFolder folder = SiteFolder.open(out)) {
            Path dir = folder.path();
            Files.createDirectory(dir.resolve("charts"));
            render(
                    freemarker(),
                    "compare.ftlh",
                    ComparisonSite.rounds(
                            c,
                            Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                            (chart, name) -> chartView(chart, dir, name)),
                    dir.resolve("compare.html"));
            folder.commit();
            return folder.named().toAbsolutePath().normalize().resolve("compare.html");
        } catch (IOException | UncheckedIOException e) {
            throw LabException.cannot("write the page in", out, e);
        }
    }

    static StudyPage studyPage(Results results, Study study, List<String> nav, Path out, String generated) {
        String id = study.id();
        List<Claim> claims = study.reproduction(results);
        List<Target> targets = study.targetRows(results);
        List<ChartView> charts = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (StudyChart c : study.charts()) {
            c.draw(results)
                    .ifPresentOrElse(
                            chart -> charts.add(chartView(chart, out, id + "-" + c.name())),
                            () -> missing.add(c.name()));
        }
        List<ChartView> headlines = charts.stream()
                .filter(c -> study.headlines().stream().anyMatch(h -> c.name().equals(id + "-" + h)))
                .toList();
        List<TableView> tables = new ArrayList<>();
        study.pageAnalyses(results).forEach((title, t) -> tables.add(Tables.view(title, t, false)));
        List<SeedView> seeds = new ArrayList<>();
        for (Seed seed : study.seeds()) {
            TableView t = Tables.view(seed.fileName(), seed.figures(), true);
            copySeed(seed, out.resolve("data"));
            seeds.add(new SeedView(t.title(), t.header(), t.rows(), seed.source(), "data/" + seed.fileName()));
        }
        return new StudyPage(
                id,
                nav,
                study.text().title(),
                study.text().quote(),
                study.text().source(),
                results.ran(id),
                generated,
                claims.stream()
                        .map(c -> claimRow(c, withMode(results, id, c.machine())))
                        .toList(),
                ModeDisagreements.of(results, id, claims),
                count(claims, Outcome.AGREES),
                count(claims, Outcome.FAILS),
                count(claims, Outcome.DIFFERS),
                count(claims, Outcome.INCONCLUSIVE),
                count(claims, Outcome.NOT_MEASURED),
                targets.stream().map(Site::targetRow).toList(),
                count(targets, Target::verdict, Outcome.AGREES),
                count(targets, Target::verdict, Outcome.FAILS),
                count(targets, Target::verdict, Outcome.NOT_MEASURED),
                charts,
                headlines,
                missing,
                tables,
                Tables.view("", Provenance.table(results, id), false),
                seeds,
                study.schemas().stream().map(ResultsSchema::experiment).toList(),
                rerun(results, id));
    }

    private static ChartView chartView(Chart<?, ?> chart, Path out, String name) {
        ChartFiles.Rendered r;
        try {
            r = ChartFiles.write(chart, out.resolve("charts"), name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ChartView(r.name(), r.title(), r.png(), r.svgFile(), r.width(), r.height());
    }

    private static long count(List<Claim> claims, Outcome outcome) {
        return count(claims, Claim::verdict, outcome);
    }

    private static <R> long count(List<R> rows, Function<R, Verdict> verdict, Outcome outcome) {
        return rows.stream().filter(r -> verdict.apply(r).outcome() == outcome).count();
    }

    /** The rerun lines of what ran (run.json's, one per distinct line), else every experiment in quick mode. */
    private static List<String> rerun(Results results, String study) {
        List<String> lines = new ArrayList<>();
        for (ResultsRoot r : results.roots()) {
            StudyResults s = r.study(study);
            s.experiments().stream()
                    .map(e -> s.run(e).rerun())
                    .filter(l -> !l.isBlank() && !lines.contains(l))
                    .forEach(lines::add);
        }
        return lines.isEmpty() ? List.of("./labbook " + study + " all --quick") : lines;
    }

    /** The seed table as shipped, beside the pages, so a reader can take the data as well as the picture. */
    private static void copySeed(Seed seed, Path dir) {
        Path target = dir.resolve(seed.fileName());
        try (InputStream in = seed.open()) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ClaimRow claimRow(Claim c, String from) {
        return new ClaimRow(
                c.claim(),
                c.seed(),
                c.measured(),
                c.intervalText(),
                c.thresholdText(),
                c.ratioText(),
                c.verdict().text(),
                c.verdict().outcome().css(),
                from,
                c.note());
    }

    /**
     * A claim's root label with the mode its figures came from ("vm (full)"), so a quick verdict never passes for a
     * full one; the label alone where no root of that label ran the study.
     */
    static String withMode(Results results, String study, String label) {
        return results.roots().stream()
                .filter(r -> r.label().equals(label) && r.study(study).ran())
                .findFirst()
                .map(r -> label + " (" + r.study(study).latest().mode() + ")")
                .orElse(label);
    }

    static TargetRow targetRow(Target t) {
        return new TargetRow(
                t.target(),
                t.measures(),
                t.goal(),
                t.measured(),
                t.verdict().text(),
                t.verdict().outcome().css(),
                t.machine(),
                t.note());
    }

    /** "3 experiment(s)", with what its latest all run failed or skipped; "not run", or what failed when none ran. */
    static String status(StudyResults sr) {
        String unfinished = sr.latest().unfinished();
        String ran = sr.ran() ? sr.experiments().size() + " experiment(s)" : "not run";
        return unfinished.isEmpty() ? ran : ran + "; " + unfinished;
    }

    static List<RootView> roots(Results results, List<Study> studies) {
        List<RootView> out = new ArrayList<>();
        for (ResultsRoot r : results.roots()) {
            List<RootStudy> rows = new ArrayList<>();
            for (Study study : studies) {
                StudyResults sr = r.study(study.id());
                boolean ran = sr.ran();
                rows.add(new RootStudy(
                        study.id(),
                        status(sr),
                        !ran,
                        ran ? sr.latest().machine() : "",
                        ran ? sr.latest().mode() : "",
                        ran ? sr.latest().date() : ""));
            }
            out.add(new RootView(
                    r.label(), r.root().toAbsolutePath().normalize().toString(), rows));
        }
        return out;
    }

    static Configuration freemarker() {
        Configuration fm = new Configuration(Configuration.VERSION_2_3_34);
        fm.setClassForTemplateLoading(Site.class, "templates");
        fm.setDefaultEncoding("UTF-8");
        fm.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        fm.setLogTemplateExceptions(false);
        fm.setWrapUncheckedExceptions(true);
        fm.setFallbackOnNullLoopVariable(false);
        return fm;
    }

    private static void render(Configuration fm, String template, Record model, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            Template t = fm.getTemplate(template);
            t.process(model, w);
        } catch (TemplateException e) {
            throw new LabException("template " + template + " failed: " + e.getMessageWithoutStackTop(), e);
        }
    }
}
