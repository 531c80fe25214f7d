package labbook.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import labbook.core.LabException;
import labbook.reports.study.Verdict;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Builds the site from the fixture (two machines) and checks every chart file and every table. */
class SiteTest {
    @TempDir
    static Path tmp;

    static Path site;

    @BeforeAll
    static void build() {
        System.setProperty("java.awt.headless", "true");
        Path index =
                Explore.buildSite(List.of(Fixtures.root("results-a"), Fixtures.root("results-b")), tmp.resolve("site"));
        site = index.getParent();
        assertThat(index.getFileName().toString()).isEqualTo("index.html");
    }

    @Test
    void everyPageExists() {
        for (String page : Fixtures.pages()) {
            assertThat(site.resolve(page + ".html")).isRegularFile();
        }
    }

    @Test
    void everyChartHasAPngAndAnSvgAndIsShown() throws IOException {
        for (String study : Explore.studies()) {
            String html = Files.readString(site.resolve(study + ".html"));
            for (String name : Explore.chartNames(study)) {
                Path png = site.resolve("charts").resolve(study + "-" + name + ".png");
                Path svg = site.resolve("charts").resolve(study + "-" + name + ".svg");
                assertThat(png).as(png.toString()).isRegularFile();
                assertThat(svg).as(svg.toString()).isRegularFile();
                byte[] head = Files.readAllBytes(png);
                assertThat(head[1]).isEqualTo((byte) 'P');
                assertThat(Files.readString(svg)).contains("<svg");
                assertThat(html).contains("id=\"" + study + "-" + name + "\"");
            }
            assertThat(count(html, "class=\"chart\""))
                    .isEqualTo(Explore.chartNames(study).size());
            assertThat(html)
                    .contains("<img src=\"charts/" + study + "-"
                            + Explore.chartNames(study).get(0) + ".png\" class=\"chart\"");
            assertThat(html).doesNotContain("Charts without data");
        }
    }

    @Test
    void everyTableIsFilled() throws IOException {
        for (String page : Fixtures.pages()) {
            String html = Files.readString(site.resolve(page + ".html"));
            List<String> tables = new ArrayList<>();
            Matcher m = Pattern.compile("(?s)<table>(.*?)</table>").matcher(html);
            while (m.find()) {
                tables.add(m.group(1));
            }
            assertThat(tables).as(page).isNotEmpty();
            for (String t : tables) {
                assertThat(t).as(page + " table").contains("<td");
                for (String row : t.split("<tr>")) {
                    if (row.contains("<td")) {
                        assertThat(row.split("<td", -1).length - 1)
                                .as(page + " row " + row)
                                .isGreaterThan(0);
                    }
                }
            }
        }
    }

    @Test
    void pagesNameTheMachinesAndSayHowToRerun() throws IOException {
        String wallet = Files.readString(site.resolve("wallet.html"));
        assertThat(wallet)
                .contains("fixture-a", "fixture-b", "hand-made fixture (not a measurement)")
                .contains("./labbook wallet all --quick", "./labbook wallet sync-sweep --quick", "./labbook report")
                .contains("Reproduction")
                .contains("holds")
                .contains("kwallet-sync.csv")
                .contains("KDE Community Wiki");
        assertThat(site.resolve("data/kwallet-sync.csv")).isRegularFile();
        assertThat(Files.readString(site.resolve("filecrypt.html")))
                .contains("READ OFF THE CHARTS BY EYE, approximate")
                .contains(">10,250<"); // published figures are shown as published, never rounded
        String index = Files.readString(site.resolve("index.html"));
        assertThat(index)
                .contains("href=\"wallet.html\"", "href=\"filecrypt.html\"", "href=\"vfs.html\"")
                .contains("<img src=\"charts/wallet-sync-time.png\"");
    }

    @Test
    void everyPageIsUnderOneMegabyteAndCitesItsSeedPublicly() throws IOException {
        for (String page : Fixtures.pages()) {
            assertThat(Files.size(site.resolve(page + ".html")))
                    .as(page + ".html bytes")
                    .isLessThan(1_000_000);
            assertThat(Files.readString(site.resolve(page + ".html"))).as(page).doesNotContain("shared/", "seeds/");
        }
        assertThat(Files.readString(site.resolve("vfs.html"))).contains("linux-kernel mailing list, 8 Oct 2009");
        assertThat(Files.readString(site.resolve("filecrypt.html")))
                .contains("Christopher Simpkins, crypto v1.1.0 (2014)");
    }

    @Test
    void nothingIsFetchedFromTheNetworkAndIdsAreUnique() throws IOException {
        for (String page : Fixtures.pages()) {
            String html = Files.readString(site.resolve(page + ".html"));
            assertThat(html).as(page).doesNotContainPattern("(src|href)=\"(https?:)?//");
            assertThat(html).as(page).doesNotContain("<script", "@import", "<link");
            Set<String> ids = new HashSet<>();
            Matcher m = Pattern.compile(" id=\"([^\"]+)\"").matcher(html);
            while (m.find()) {
                assertThat(ids.add(m.group(1)))
                        .as(page + " duplicate id " + m.group(1))
                        .isTrue();
            }
        }
    }

    @Test
    void aStudyWithoutResultsShowsAsNotRun(@TempDir Path out) throws IOException {
        Path index = Explore.buildSite(List.of(Fixtures.root("results-b")), out);
        assertThat(Files.readString(index)).contains("not run");
        String filecrypt = Files.readString(out.resolve("filecrypt.html"));
        assertThat(filecrypt).contains("not run").contains(Verdict.NOT_MEASURED.text());
        assertThat(out.resolve("charts/wallet-sync-time.png")).isRegularFile();
        assertThat(out.resolve("charts/filecrypt-pareto.png")).doesNotExist();
    }

    private static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void anOutputFolderThatIsAFileIsOneLineNamingItOnce(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("site"), "not a folder");
        assertThatThrownBy(() -> Explore.buildSite(List.of(Fixtures.root("results-a")), file))
                .isInstanceOf(LabException.class)
                .hasMessage("--out " + file + ": is not a folder");
        assertThat(Files.readString(file)).isEqualTo("not a folder");
    }
}
