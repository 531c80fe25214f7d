package labbook.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import labbook.core.Repo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every table of the site built from the fixture (both roots, then one root with two studies not run), as text:
 * headings, header rows, cells and their CSS classes, without the dates. Compared with
 * {@code src/test/resources/golden/site-tables.txt}, so a refactoring that changes a claim, a verdict or a table shows
 * up here. {@code -Dlabbook.golden.update=true} rewrites the file; say why in the commit.
 */
class GoldenSiteTest {
    static final String GOLDEN = "reports/src/test/resources/golden/site-tables.txt";
    static final List<String> PAGES = Fixtures.pages();
    private static final Pattern PARTS = Pattern.compile("(?s)<(h[1-3])\\b[^>]*>(.*?)</\\1>|<table>(.*?)</table>");
    private static final Pattern ROW = Pattern.compile("(?s)<tr>(.*?)</tr>");
    private static final Pattern CELL = Pattern.compile("(?s)<t([hd])((?: [^>]*)?)>(.*?)</t[hd]>");
    private static final Pattern CLASS = Pattern.compile("class=\"([^\"]*)\"");

    @Test
    void everyTableIsAsBefore(@TempDir Path tmp) throws IOException {
        System.setProperty("java.awt.headless", "true");
        StringBuilder out = new StringBuilder();
        tables(
                out,
                "two roots",
                Explore.buildSite(List.of(Fixtures.root("results-a"), Fixtures.root("results-b")), tmp.resolve("ab")));
        tables(
                out,
                "one root, filecrypt and vfs not run",
                Explore.buildSite(List.of(Fixtures.root("results-b")), tmp.resolve("b")));
        String actual = out.toString();
        Path source = Repo.root().resolve(GOLDEN);
        if (Boolean.getBoolean("labbook.golden.update")) {
            Files.createDirectories(source.getParent());
            Files.writeString(source, actual, StandardCharsets.UTF_8);
        }
        assertThat(source)
                .as("golden file; build it with -Dlabbook.golden.update=true")
                .isRegularFile();
        assertThat(actual).isEqualTo(Files.readString(source, StandardCharsets.UTF_8));
    }

    static void tables(StringBuilder out, String what, Path index) throws IOException {
        for (String page : PAGES) {
            out.append("==== ").append(what).append(": ").append(page).append(".html\n");
            Matcher m = PARTS.matcher(Files.readString(index.resolveSibling(page + ".html")));
            while (m.find()) {
                if (m.group(1) != null) {
                    out.append(m.group(1)).append(": ").append(text(m.group(2))).append('\n');
                } else {
                    table(out, m.group(3));
                }
            }
        }
    }

    /** One line per row, cells between bars; a cell's CSS class (other than num) in brackets; no date column. */
    static void table(StringBuilder out, String html) {
        int dateColumn = -1;
        Matcher rows = ROW.matcher(html);
        while (rows.find()) {
            List<String> cells = new ArrayList<>();
            Matcher c = CELL.matcher(rows.group(1));
            while (c.find()) {
                String cell = text(c.group(3));
                if (c.group(1).equals("h") && cell.equals("date")) {
                    dateColumn = cells.size();
                }
                Matcher cls = CLASS.matcher(c.group(2));
                if (cls.find() && !cls.group(1).equals("num")) {
                    cell = "[" + cls.group(1) + "] " + cell;
                }
                cells.add(cell);
            }
            if (dateColumn >= 0 && dateColumn < cells.size()) {
                cells.remove(dateColumn);
            }
            out.append("| ").append(String.join(" | ", cells)).append(" |\n");
        }
        out.append('\n');
    }

    static String text(String html) {
        return html.replaceAll("(?s)<[^>]*>", "").replaceAll("\\s+", " ").trim();
    }
}
