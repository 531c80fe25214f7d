package labbook.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import labbook.core.Repo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Debian's headless Chromium opens the site (built from the fixture) from disk: no console errors, no broken images,
 * and a screenshot of each page in target/browser/ for the test log. Skipped, saying so, only where chromium is not
 * installed (CI installs it: apt-get install chromium).
 */
class BrowserTest {
    static final Path CHROMIUM = Path.of(System.getProperty("labbook.chromium", "/usr/bin/chromium"));
    static final Path SCREENSHOTS = Repo.root().resolve("reports/target/browser");

    @TempDir
    static Path tmp;

    static HeadlessChromium browser;

    @BeforeAll
    static void startBrowser() throws Exception {
        assumeTrue(
                Files.isExecutable(CHROMIUM),
                "SKIPPED: " + CHROMIUM
                        + " not found; install Debian's chromium (apt-get install chromium) to run the browser test");
        System.setProperty("java.awt.headless", "true");
        browser = HeadlessChromium.start(CHROMIUM, tmp.resolve("profile"));
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void everyPageLoadsWithoutErrorsOrBrokenImages() throws Exception {
        Path index =
                Explore.buildSite(List.of(Fixtures.root("results-a"), Fixtures.root("results-b")), tmp.resolve("site"));
        for (String page : Fixtures.pages()) {
            Path shot = SCREENSHOTS.resolve(page + ".png");
            HeadlessChromium.PageReport report =
                    browser.open(index.resolveSibling(page + ".html").toUri(), shot);
            System.out.println("browser test: " + page + ".html: " + report.images() + " images, " + report.charts()
                    + " charts, " + Files.size(index.resolveSibling(page + ".html")) + " bytes, screenshot " + shot);
            assertThat(Files.size(index.resolveSibling(page + ".html")))
                    .as(page + ".html bytes")
                    .isLessThan(1_000_000);
            assertThat(report.errors()).as(page + " console errors").isEmpty();
            assertThat(report.brokenImages()).as(page + " broken images").isEmpty();
            if (page.equals("index")) {
                assertThat(report.images()).isPositive();
            } else {
                assertThat(report.charts()).isEqualTo(Explore.chartNames(page).size());
            }
            assertThat(shot).isRegularFile();
        }
        // a site of two roots also has the comparison page, with a forest plot per study both roots ran (wallet)
        Path compare = index.resolveSibling("compare.html");
        HeadlessChromium.PageReport report = browser.open(compare.toUri(), SCREENSHOTS.resolve("compare.png"));
        assertThat(Files.size(compare)).as("compare.html bytes").isLessThan(1_000_000);
        assertThat(report.errors()).as("compare console errors").isEmpty();
        assertThat(report.brokenImages()).as("compare broken images").isEmpty();
        assertThat(report.charts()).as("compare charts").isEqualTo(1);
    }

    /** {@code -Dlabbook.site=DIR}: also check a site built from real results (for example results/report). */
    @Test
    void aSiteBuiltElsewhereLoadsCleanlyToo() throws Exception {
        String dir = System.getProperty("labbook.site", "");
        assumeTrue(!dir.isBlank(), "no -Dlabbook.site=DIR given: only the fixture's site is checked");
        Path index = Path.of(dir).toAbsolutePath().resolve("index.html");
        assertThat(index).isRegularFile();
        for (String page : Fixtures.pages()) {
            HeadlessChromium.PageReport report = browser.open(
                    index.resolveSibling(page + ".html").toUri(), SCREENSHOTS.resolve("site-" + page + ".png"));
            System.out.println("browser test: " + index.resolveSibling(page + ".html") + ": " + report.images()
                    + " images, " + report.charts() + " charts");
            assertThat(Files.size(index.resolveSibling(page + ".html")))
                    .as(page + ".html bytes")
                    .isLessThan(1_000_000);
            assertThat(report.errors()).as(page + " console errors").isEmpty();
            assertThat(report.brokenImages()).as(page + " broken images").isEmpty();
        }
    }

    @Test
    void theCheckSeesABrokenImageAndAConsoleError() throws Exception {
        // proves the test above could fail: a page with both faults
        Path bad = tmp.resolve("bad.html");
        Files.writeString(
                bad,
                "<!DOCTYPE html><html><body><img src=\"missing.png\" alt=\"x\">"
                        + "<script>console.error('fault on purpose')</script></body></html>");
        HeadlessChromium.PageReport report = browser.open(bad.toUri(), tmp.resolve("bad.png"));
        assertThat(report.brokenImages()).containsExactly("missing.png");
        assertThat(report.errors()).anySatisfy(e -> assertThat(e).contains("fault on purpose"));
    }
}
