package labbook.reports;

import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.core.LabException;
import org.knowm.xchart.internal.chartpart.Chart;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;

/**
 * The static site: {@code index.html} and one page per study, from FreeMarker templates, with
 * charts inline as SVG (and as PNG/SVG files beside them). Everything is local: no script, font or
 * style sheet is fetched from anywhere.
 */
public final class Site {
    static final Map<String, String> TITLES = Map.of(
            WalletStudy.STUDY, "KWallet: the cost of saving at once",
            FilecryptStudy.STUDY, "crypto: gpg compression level, time against size",
            VfsStudy.STUDY, "Store-free path walking: cached git diff, serial and parallel");
    static final Map<String, String> QUOTES = Map.of(
            WalletStudy.STUDY, "I assume that your usual wallet will contain less than 1000 entries. Due to the fact that any "
                    + "workaround would have to encrypt at least 1 entry (~ 8ms) this workaround would save around 15ms - 8ms = 7ms. "
                    + "This is clearly insignificant. Big overhead for syncing the wallet seems to be a myth.",
            FilecryptStudy.STUDY, "I elected to minimize the encryption time x file size product in order to achieve a balanced "
                    + "approach to text file handling in crypto. Across each of these tested file sizes, that occurred at the -z 1 "
                    + "compression level.",
            VfsStudy.STUDY, "It is a cached git diff workload in a linux kernel tree. I actually ran it in a loop 100 times [...] "
                    + "then I ran parallel and serial configs (PreloadIndex = true/false). [...] sys time, auch...");
    static final Map<String, String> SOURCES = Map.of(
            WalletStudy.STUDY, "KDE Community Wiki, \"KDE Utils/kwallet/Benchmark\" (KDE 4 era), https://community.kde.org/KDE_Utils/kwallet/Benchmark",
            FilecryptStudy.STUDY, "Christopher Simpkins, crypto v1.1.0 (2014), documentation page \"Text File Benchmarks\" and its charts (chrissimpkins.github.io/crypto); chart readings are approximate",
            VfsStudy.STUDY, "Nick Piggin, \"[rfc][patch] store-free path walking\", and Jens Axboe's reply, linux-kernel mailing list, 8 Oct 2009 (lists.openwall.net/linux-kernel/2009/10/08/)");

    static final Map<String, List<String>> SEEDS = Map.of(
            WalletStudy.STUDY, List.of(Seeds.KWALLET_SYNC),
            FilecryptStudy.STUDY, List.of(Seeds.CRYPTO_LEVELS, Seeds.CRYPTO_DIRECTORY),
            VfsStudy.STUDY, List.of(Seeds.VFS_GIT_DIFF, Seeds.VFS_AXBOE));

    /** The two charts per study the index shows as thumbnails: the seed's headline and our main finding. */
    static final Map<String, List<String>> HEADLINES = Map.of(
            WalletStudy.STUDY, List.of("sync-time", "save-strategies"),
            FilecryptStudy.STUDY, List.of("levels-largest", "time-x-size"),
            VfsStudy.STUDY, List.of("git-diff", "model-scaling"));

    private Site() {
    }

    /** Builds the site into {@code out} and returns the path of index.html. */
    public static Path build(Results results, Path out) {
        try {
            Files.createDirectories(out);
            Configuration fm = freemarker();
            List<Map<String, Object>> studies = new ArrayList<>();
            for (String study : Schema.STUDIES) {
                Map<String, Object> page = studyPage(results, study, out);
                render(fm, "study.ftlh", page, out.resolve(study + ".html"));
                studies.add(page);
            }
            Map<String, Object> index = new LinkedHashMap<>();
            index.put("generated", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
            index.put("studies", studies);
            index.put("roots", roots(results));
            Path html = out.resolve("index.html");
            render(fm, "index.ftlh", index, html);
            return html;
        } catch (IOException e) {
            throw LabException.cannot("write the site in", out, e);
        }
    }

    static Map<String, Object> studyPage(Results results, String study, Path out) {
        Map<String, Object> page = new LinkedHashMap<>();
        page.put("study", study);
        page.put("title", TITLES.get(study));
        page.put("quote", QUOTES.get(study));
        page.put("source", SOURCES.get(study));
        page.put("ran", results.ran(study));
        page.put("generated", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        List<Claim> claims = Lab.claims(results, study);
        page.put("claims", claims.stream().map(Site::claim).toList());
        page.put("holds", claims.stream().filter(c -> c.verdictClass().equals("ok")).count());
        page.put("fails", claims.stream().filter(c -> c.verdictClass().equals("bad")).count());
        page.put("differs", claims.stream().filter(c -> c.verdictClass().equals("diff")).count());
        page.put("unmeasured", claims.stream().filter(c -> c.verdictClass().equals("none")).count());
        List<Map<String, Object>> charts = new ArrayList<>();
        Map<String, Chart<?, ?>> made = Lab.charts(results, study);
        for (Map.Entry<String, Chart<?, ?>> e : made.entrySet()) {
            ChartFiles.Rendered r = ChartFiles.write(e.getValue(), out.resolve("charts"), study + "-" + e.getKey());
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("name", r.name());
            c.put("title", r.title());
            c.put("png", r.png());
            c.put("svgFile", r.svgFile());
            c.put("svg", r.svgInline());
            charts.add(c);
        }
        page.put("charts", charts);
        page.put("headlines", charts.stream().filter(c -> HEADLINES.get(study).stream()
                .anyMatch(h -> c.get("name").equals(study + "-" + h))).toList());
        page.put("missingCharts", Lab.chartNames(study).stream()
                .filter(n -> !made.containsKey(n)).toList());
        List<Map<String, Object>> tables = new ArrayList<>();
        Analyses.of(results, study).forEach((title, t) -> tables.add(table(title, t)));
        page.put("tables", tables);
        page.put("provenance", table("", Lab.provenance(results, study)));
        List<Map<String, Object>> seeds = new ArrayList<>();
        for (String name : SEEDS.get(study)) {
            Table seed = Seeds.table(name);
            Map<String, Object> t = table(name + ".csv", seed.copy().removeColumns("source"), true);
            t.put("source", Seeds.source(name));
            t.put("file", "data/" + name + ".csv");
            copySeed(name, out.resolve("data"));
            seeds.add(t);
        }
        page.put("seeds", seeds);
        page.put("experiments", Schema.experiments(study));
        page.put("module", "lab-" + study);
        return page;
    }

    /** The seed table as shipped, beside the pages, so a reader can take the data as well as the picture. */
    private static void copySeed(String name, Path dir) {
        // Seeds.table has already read this resource, so it is there
        Path target = dir.resolve(name + ".csv");
        try (var in = Seeds.class.getResourceAsStream(Seeds.resource(name))) {
            Files.createDirectories(dir);
            Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw LabException.cannot("copy the seed table to", target, e);
        }
    }

    static Map<String, Object> claim(Claim c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("claim", c.claim());
        m.put("seed", c.seed());
        m.put("measured", c.measured());
        m.put("ratio", c.ratioText());
        m.put("verdict", c.verdict());
        m.put("cls", c.verdictClass());
        m.put("machine", c.machine());
        m.put("note", c.note());
        return m;
    }

    /** A Tablesaw table as header and rows of display strings (numbers to 3 significant digits). */
    static Map<String, Object> table(String title, Table t) {
        return table(title, t, false);
    }

    static Map<String, Object> table(String title, Table t, boolean exact) {
        List<String> header = t.columnNames();
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < t.rowCount(); i++) {
            List<String> row = new ArrayList<>();
            for (String c : header) {
                var col = t.column(c);
                if (col.isMissing(i)) {
                    row.add("");
                } else if (col instanceof NumericColumn<?> n) {
                    row.add(exact ? Format.exact(n.getDouble(i)) : Format.num(n.getDouble(i)));
                } else {
                    row.add(col.getString(i));
                }
            }
            rows.add(row);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("header", header);
        m.put("rows", rows);
        return m;
    }

    static List<Map<String, Object>> roots(Results results) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ResultsRoot r : results.roots()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", r.label());
            m.put("path", r.root().toAbsolutePath().normalize().toString());
            List<Map<String, String>> studies = new ArrayList<>();
            for (String s : Schema.STUDIES) {
                StudyResults sr = r.study(s);
                studies.add(Map.of("study", s, "status", sr.ran() ? sr.experiments().size() + " experiment(s)" : "not run",
                        "machine", sr.ran() ? sr.latest().machine() : "", "date", sr.ran() ? sr.latest().date() : "",
                        "mode", sr.ran() ? sr.latest().mode() : ""));
            }
            m.put("studies", studies);
            out.add(m);
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

    private static void render(Configuration fm, String template, Map<String, Object> model, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            Template t = fm.getTemplate(template);
            t.process(model, w);
        } catch (TemplateException e) {
            throw new LabException("template " + template + " failed: " + e.getMessageWithoutStackTop(), e);
        }
    }
}
