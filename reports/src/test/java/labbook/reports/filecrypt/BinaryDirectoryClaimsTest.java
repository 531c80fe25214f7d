package labbook.reports.filecrypt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import labbook.filecrypt.corpus.FolderTypes;
import labbook.reports.Explore;
import labbook.reports.Fixtures;
import labbook.reports.chart.HorizontalBarChart;
import labbook.reports.study.Claim;
import labbook.reports.study.Verdict;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary folders' claims and charts on the hand-made fixture (FixtureResults: gpg CPU per file 0.01 s + bytes x
 * 2e-9 at -z 0, 1.5e-8 at -z 1, 2.5e-8 at -z 6 and 7; the same every repeat).
 */
class BinaryDirectoryClaimsTest {
    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    private static Claim claim(FilecryptStudy.Id id, String type) {
        return new FilecryptStudy()
                .claims(Fixtures.a()).stream()
                        .filter(c -> c.id() == id && c.about().equals(type))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no claim " + id + " " + type));
    }

    @Test
    void mp3CostsAsLittleAsSpeedAndGpgDefaultNearTheSeedsRatio() {
        // 4 files of 1,000,000 bytes: every one at -z 0 by default, 4 x 0.012 s; -z 7: 4 x 0.035 s
        Claim same = claim(FilecryptStudy.Id.BINARY_DEFAULT_AS_SPEED, "mp3");
        assertThat(same.measured()).isEqualTo("1 x (0.048 s / 0.048 s)");
        assertThat(same.seed()).isEqualTo("1.04 x (0.8 s / 0.77 s)");
        assertThat(same.verdict()).isEqualTo(Verdict.HOLDS);
        Claim cost = claim(FilecryptStudy.Id.BINARY_GPG_DEFAULT_COST, "mp3");
        assertThat(cost.measured()).isEqualTo("2.92 x (0.14 s / 0.048 s)"); // 0.14 / 0.048 = 2.917
        assertThat(cost.seed())
                .isEqualTo("2.67 x (2.14 s / 0.8 s)"); // 2.675 (2.67499... in binary), from the MP3 page's totals
        assertThat(cost.ratio()).isCloseTo((0.14 / 0.048) / (2.14 / 0.80), within(1e-9));
        assertThat(cost.verdict().outcome()).isEqualTo(Verdict.Outcome.AGREES);
        Claim size = claim(FilecryptStudy.Id.BINARY_COMPRESSION_GAIN, "mp3");
        assertThat(size.measured()).isEqualTo("98 % of the original"); // (980,000 + 60) / 1,000,000
        assertThat(size.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(claim(FilecryptStudy.Id.BINARY_SENT_TO_Z1, "mp3").measured()).isEqualTo("none of 4 files");
    }

    @Test
    void aPdfThatLibmagicCallsTextIsListedAndCostsItsDefaultRun() {
        // 3 files of 2,000,000 bytes, broken.pdf text/plain: default 2 x 0.014 + 0.04 = 0.068 s, --speed 3 x 0.014 =
        // 0.042 s
        Claim same = claim(FilecryptStudy.Id.BINARY_DEFAULT_AS_SPEED, "pdf");
        assertThat(same.measured()).isEqualTo("1.62 x (0.068 s / 0.042 s)");
        assertThat(same.verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        Claim cost = claim(FilecryptStudy.Id.BINARY_GPG_DEFAULT_COST, "pdf");
        assertThat(cost.measured())
                .isEqualTo("2.65 x (0.18 s / 0.068 s)"); // 3 x 0.06 / 0.068 = 2.647; the seed's 4.73 / 1.56 = 3.03
        assertThat(cost.verdict().outcome()).isEqualTo(Verdict.Outcome.AGREES);
        Claim size = claim(FilecryptStudy.Id.BINARY_COMPRESSION_GAIN, "pdf");
        assertThat(size.measured()).isEqualTo("90 % of the original");
        assertThat(size.verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        Claim sent = claim(FilecryptStudy.Id.BINARY_SENT_TO_Z1, "pdf");
        assertThat(sent.measured()).isEqualTo("1 of 3: broken.pdf (text/plain)");
        assertThat(sent.verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
    }

    @Test
    void theTextClaimsReadTheTextFolderOnly() {
        // with the binary folders in the same CSV, the text folder's totals are still the four text files'
        List<Claim> claims = new FilecryptStudy().claims(Fixtures.a());
        Claim gpgDefault = claims.stream()
                .filter(c ->
                        c.id() == FilecryptStudy.Id.DIRECTORY_CPU && c.about().equals("published-gpg-default-z7"))
                .findFirst()
                .orElseThrow();
        assertThat(gpgDefault.seed()).isEqualTo("5.73 s");
        assertThat(gpgDefault.measured())
                .isEqualTo("1.13 s"); // 1.127 s: text rows alone (the pdf folder's would add 0.18 s)
    }

    @Test
    void eachFolderHasItsChartWithTheSeedsBarsAboveOurs(@TempDir Path empty) {
        HorizontalBarChart png = DirectoryRunsChart.of("png").draw(Fixtures.a()).orElseThrow();
        assertThat(png.getTitle()).isEqualTo("Directory runs, PNG files: CPU time, user and system");
        assertThat(png.categories())
                .startsWith(
                        "GPG Default (seed, split approx.)",
                        "crypto Default (seed, split approx.)",
                        "crypto --speed (seed, split approx.)")
                .hasSize(3 + 4 * 2)
                .allMatch(c -> !c.contains("fixture-mp3"));
        assertThat(DirectoryRunsChart.of("mp3").name()).isEqualTo("directory-runs-mp3");
        assertThat(DirectoryRunsChart.of(FolderTypes.TEXT).name()).isEqualTo("directory-runs");
        assertThat(DirectoryRunsChart.of(FolderTypes.TEXT)
                        .draw(Fixtures.a())
                        .orElseThrow()
                        .categories())
                .hasSize(3 + 4);
        assertThat(DirectoryRunsChart.of("pdf").draw(Explore.load(List.of(empty))))
                .isEmpty();
    }
}
