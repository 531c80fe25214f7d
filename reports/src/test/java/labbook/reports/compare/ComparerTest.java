package labbook.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import labbook.core.Cli;
import labbook.reports.Explore;
import labbook.reports.Fixtures;
import labbook.reports.ReportsCli;
import labbook.reports.compare.RunComparison.Change;
import labbook.reports.compare.RunComparison.Sample;
import labbook.reports.stats.DetectableChange;
import labbook.wallet.WalletSchemas;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code reports compare}: its verdicts on synthetic pairs of known truth, and the command end to end on the hand-made
 * fixture roots (results-b is results-a's wallet with every time doubled), including bad input.
 */
class ComparerTest {
    @TempDir
    Path tmp;

    /** What one command run printed and returned. */
    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandLine cli = Cli.commandLine(new ReportsCli());
        cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        int code = cli.execute(args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static String a() {
        return Fixtures.root("results-a").toString();
    }

    static String b() {
        return Fixtures.root("results-b").toString();
    }

    /** n = 11 repeats with 3 % noise around 10 ms, and B's mean {@code shift} times A's. */
    static Change trial(SplittableRandom random, double shift) {
        double[] x = new double[11];
        double[] y = new double[11];
        for (int i = 0; i < 11; i++) {
            x[i] = 10 * (1 + 0.03 * random.nextGaussian());
            y[i] = 10 * shift * (1 + 0.03 * random.nextGaussian());
        }
        return Comparer.change(WalletSchemas.SYNC_SWEEP, "sync_ms", "", x, y, Comparer.DEFAULT_NOISE)
                .change();
    }

    @Test
    void twoSamplesOfOneDistributionAreCalledUnchangedInAtLeast95PercentOf200Trials() {
        SplittableRandom random = new SplittableRandom(1);
        int same = 0;
        for (int t = 0; t < 200; t++) {
            same += trial(random, 1.0) == Change.SAME ? 1 : 0;
        }
        assertThat(same).isGreaterThanOrEqualTo(190);
    }

    @Test
    void aTenPercentShiftAtElevenRepeatsWithThreePercentNoiseIsFoundInAtLeast95PercentOf200Trials() {
        SplittableRandom random = new SplittableRandom(2);
        int slower = 0;
        int faster = 0;
        for (int t = 0; t < 200; t++) {
            slower += trial(random, 1.10) == Change.SLOWER ? 1 : 0;
            faster += trial(random, 1 / 1.10) == Change.FASTER ? 1 : 0;
        }
        assertThat(slower).isGreaterThanOrEqualTo(190);
        assertThat(faster).isGreaterThanOrEqualTo(190);
    }

    @Test
    void theVerdictSaysTooFewSamplesWhereNoArrangementCouldBeSignificantAndHonoursTheNoiseThreshold() {
        Sample three = new Sample(3, 1, Double.NaN, Double.NaN);
        Sample four = new Sample(4, 1, Double.NaN, Double.NaN);
        assertThat(Comparer.verdict(three, three, 2, 0.1, 0.02)).isEqualTo(Change.TOO_FEW);
        assertThat(Comparer.verdict(three, four, 2, 2.0 / 35, 0.02)).isEqualTo(Change.TOO_FEW);
        assertThat(Comparer.verdict(four, four, 2, 0.03, 0.02)).isEqualTo(Change.SLOWER);
        assertThat(Comparer.verdict(four, four, 0.5, 0.03, 0.02)).isEqualTo(Change.FASTER);
        assertThat(Comparer.verdict(four, four, 1.015, 0.03, 0.02)).isEqualTo(Change.SAME);
        assertThat(Comparer.verdict(four, four, 2, 0.2, 0.02)).isEqualTo(Change.SAME);
    }

    /**
     * Six repeats around {@code centre} with 1 % steps, shifted by {@code shift}: an exact U-test's worth of values.
     */
    static double[] six(double centre, double... shift) {
        double[] v = new double[6];
        for (int i = 0; i < 6; i++) {
            v[i] = centre * (1 + 0.01 * (i - 2.5)) + (shift.length > 0 ? shift[i] : 0);
        }
        return v;
    }

    static Comparer.Measured measured(String key, double[] x, double[] y) {
        return Comparer.measured(WalletSchemas.SYNC_SWEEP, "sync_ms", key, x, y);
    }

    /**
     * Ten measurements that could each be significant (6 repeats a side) and one that could not (3 against 3): a clear
     * 10 % slowdown, a weak one whose p-value of about 0.03 would be "slower" alone, and eight unchanged. Corrected
     * over the ten (not eleven), the adjusted p-values are what Benjamini-Hochberg gives by hand: m p_(i) / i, the
     * smallest over j >= i; the weak one becomes "~", with its raw p-value kept beside the adjusted one.
     */
    @Test
    void theVerdictsAreCorrectedForTheComparisonsManyMeasurements() {
        List<Comparer.Measured> all = new java.util.ArrayList<>();
        all.add(measured("clear", six(10), six(11)));
        // B's two smallest repeats fall among A's largest: an overlap a lone U-test still calls
        double[] weak = six(10, 0.27, 0.35, 0.3, 0.3, 0.3, 0.3);
        all.add(measured("weak", six(10), weak));
        for (int i = 0; i < 8; i++) {
            all.add(measured("same " + i, six(10), six(10)));
        }
        all.add(measured("three", new double[] {1, 2, 3}, new double[] {4, 5, 6}));
        double pClear = all.get(0).test().p();
        double pWeak = all.get(1).test().p();
        assertThat(pClear).isCloseTo(2.0 / 924, within(1e-12)); // no overlap: 2 / C(12, 6)
        assertThat(pWeak).isBetween(0.01, 0.05);
        assertThat(Comparer.change(WalletSchemas.SYNC_SWEEP, "sync_ms", "weak", six(10), weak, 0.02)
                        .change())
                .as("alone, the weak slowdown is called")
                .isEqualTo(Change.SLOWER);

        List<RunComparison.MeasureChange> corrected = Comparer.corrected(all, 0.02);
        // sorted: pClear, pWeak, then eight 1s; m = 10
        double adjustedClear = Math.min(10 * pClear, 10 * pWeak / 2);
        double adjustedWeak = Math.min(1, 10 * pWeak / 2);
        assertThat(corrected.get(0).pAdjusted()).isCloseTo(adjustedClear, within(1e-12));
        assertThat(corrected.get(0).change()).isEqualTo(Change.SLOWER);
        assertThat(corrected.get(1).p()).isEqualTo(pWeak);
        assertThat(corrected.get(1).pAdjusted()).isCloseTo(adjustedWeak, within(1e-12));
        assertThat(corrected.get(1).change()).isEqualTo(Change.SAME);
        assertThat(corrected.get(2).pAdjusted()).isEqualTo(1);
        assertThat(corrected.get(10).pAdjusted()).isNaN();
        assertThat(corrected.get(10).change()).isEqualTo(Change.TOO_FEW);

        // one change called among ten: a second one had to reach 2 / 10 x 0.05 = 0.01, which 6 against 6 can
        RunComparison c = comparison(corrected);
        assertThat(c.tested()).isEqualTo(10);
        assertThat(c.detectableLevel()).isCloseTo(0.01, within(1e-15));
        for (int i = 1; i < 10; i++) {
            Comparer.Measured m = all.get(i);
            assertThat(corrected.get(i).detectable())
                    .as(m.key())
                    .isCloseTo(Math.max(0.02, DetectableChange.twoSamples(m.x(), m.y(), 0.01, 0.8)), within(1e-12));
        }
        assertThat(corrected.get(10).detectable()).isInfinite();
        assertThat(ComparisonText.method(c))
                .contains("Benjamini-Hochberg over the 10 measurements that could reach significance")
                .contains("false discovery rate 5 %")
                .contains("p below 0.01");
    }

    /**
     * The detectable change of a "~": at the corrected level, and infinite where the repeats cannot reach that level
     * even though they could reach 0.05 (4 against 4 never goes below 2 / 70 = 0.029); never below the noise threshold.
     */
    @Test
    void aSameVerdictSaysWhatItCouldHaveMissed() {
        List<Comparer.Measured> all = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            all.add(measured("same " + i, six(10), six(10)));
        }
        all.add(measured("four", new double[] {1, 1.1, 1.2, 1.3}, new double[] {1, 1.1, 1.2, 1.3}));
        List<RunComparison.MeasureChange> corrected = Comparer.corrected(all, 0.02);
        // nothing called among 11: one change had to reach 0.05 / 11 = 0.0045
        assertThat(comparison(corrected).detectableLevel()).isCloseTo(0.05 / 11, within(1e-15));
        assertThat(corrected.get(10).change()).isEqualTo(Change.SAME);
        assertThat(corrected.get(10).detectable()).isInfinite();
        assertThat(ComparisonText.cells(corrected.get(10))).last().isEqualTo("∞");
        double expected = DetectableChange.twoSamples(six(10), six(10), 0.05 / 11, 0.8);
        assertThat(expected).isGreaterThan(0.02);
        assertThat(corrected.get(0).detectable()).isCloseTo(expected, within(1e-12));
        assertThat(ComparisonText.cells(corrected.get(0)))
                .last()
                .isEqualTo("±" + labbook.reports.stats.Format.sig(expected * 100, 2) + " %");
        // the table's last row: the median of ten equal figures and one infinite one is the figure
        assertThat(ComparisonText.detectableCells(corrected).orElseThrow())
                .first()
                .isEqualTo("median MDE of 11 (~, too few)");
        assertThat(ComparisonText.detectableCells(corrected).orElseThrow())
                .last()
                .isEqualTo("±" + labbook.reports.stats.Format.sig(expected * 100, 2) + " %");
        // samples with no spread detect anything beyond the noise threshold, and no less
        RunComparison.MeasureChange flat = Comparer.change(
                WalletSchemas.SYNC_SWEEP, "sync_ms", "", new double[] {2, 2, 2, 2}, new double[] {2, 2, 2, 2}, 0.02);
        assertThat(flat.detectable()).isEqualTo(0.02);
    }

    static RunComparison comparison(List<RunComparison.MeasureChange> measures) {
        RunComparison.Side side = new RunComparison.Side(Path.of("x"), "x");
        return new RunComparison(
                side, side, 0.02, "", List.of(), List.of(), List.of(), measures, List.of(), "", List.of(), "");
    }

    @Test
    void theComparisonIsNamedInOneLine() {
        List<RunComparison.RunDifference> jdk = List.of(new RunComparison.RunDifference(
                "wallet", "jdk", "Debian 17.0.15+6-Debian-1deb12u1", "Eclipse Adoptium 25.0.1+8-LTS"));
        assertThat(Comparer.summary(jdk)).isEqualTo("same machine, same code, JDK 17 → 25");
        assertThat(Comparer.summary(List.of(new RunComparison.RunDifference("vfs", "host", "vm", "box"))))
                .isEqualTo("two machines, same code");
        assertThat(Comparer.summary(List.of())).isEqualTo("same machine, same code");
    }

    @Test
    void theFixtureRootsCompareEndToEndInEveryForm() throws IOException {
        Run terminal = run("compare", a(), b());
        assertThat(terminal.code()).as(terminal.err()).isZero();
        assertThat(terminal.err()).isEmpty();
        assertThat(terminal.out())
                .contains("comparison: two machines, same code")
                .contains("wallet host: fixture-a → fixture-b")
                .contains("excluded: filecrypt: only A ran it")
                .contains("wallet/sync-sweep sync_ms")
                .contains("variant=kde4 entries=1000")
                .contains("geomean (35)")
                .contains("Benjamini-Hochberg over the 2 measurements that could reach significance")
                .containsPattern("median MDE of 35 \\(~, too few\\) +∞\n");
        // every time doubled, 3 repeats against 3: a ratio of 2, and no verdict the U-test could give
        assertThat(terminal.out()).containsPattern("variant=kde4 entries=1000 .* ×2 .* 0.1 +n/a +too few samples +∞");
        assertThat(terminal.out()).contains("seed claims (flips first):");
        String firstClaim = terminal.out()
                .lines()
                .dropWhile(l -> !l.startsWith("seed claims"))
                .skip(1)
                .findFirst()
                .orElseThrow();
        assertThat(firstClaim).endsWith("(flips)");

        Run csv = run("compare", "--format", "csv", a(), b());
        assertThat(csv.code()).isZero();
        List<CSVRecord> rows = CSVFormat.DEFAULT
                .builder()
                .setHeader()
                .get()
                .parse(new StringReader(csv.out()))
                .getRecords();
        assertThat(rows.get(0).getParser().getHeaderNames()).isEqualTo(ComparisonText.CSV_HEADER);
        CSVRecord kde4 = rows.stream()
                .filter(r -> r.get("experiment").equals("sync-sweep")
                        && r.get("measure").equals("sync_ms")
                        && r.get("key").equals("variant=kde4 entries=1000"))
                .findFirst()
                .orElseThrow();
        assertThat(Double.parseDouble(kde4.get("ratio"))).isEqualTo(2.0);
        assertThat(kde4.get("verdict")).isEqualTo("too few samples");
        assertThat(kde4.get("p")).isEqualTo("0.1");
        assertThat(kde4.get("p_adjusted")).isEmpty(); // no arrangement of 3 against 3 is significant: not tested
        assertThat(kde4.get("mde")).isEqualTo("Infinity");

        Run json = run("compare", "--format", "json", a(), b());
        JsonNode node = new ObjectMapper().readTree(json.out());
        assertThat(node.path("comparison").asText()).isEqualTo("two machines, same code");
        assertThat(node.path("measures").size()).isEqualTo(rows.size());
        assertThat(node.path("correction").asText()).isEqualTo("Benjamini-Hochberg");
        assertThat(node.path("tested").asInt()).isEqualTo(2);
        JsonNode jmh = node.path("measures").get(rows.size() - 2);
        assertThat(jmh.path("experiment").asText()).isEqualTo("sync-jmh");
        assertThat(jmh.path("p_adjusted").asDouble()).isCloseTo(2.0 / 924, within(1e-12));
        assertThat(jmh.path("mde_unbounded").asBoolean()).isFalse();
        assertThat(node.path("measures").get(0).path("mde").isNull()).isTrue();
        assertThat(node.path("measures").get(0).path("mde_unbounded").asBoolean())
                .isTrue();

        Run markdown = run("compare", "--format", "markdown", a(), b());
        assertThat(markdown.out())
                .startsWith("## Comparison: two machines, same code")
                .contains("| key |")
                .contains("| p | p (BH) | verdict | MDE |")
                .contains("| median MDE of 35 (~, too few) |");
    }

    @Test
    void aRootComparedWithItselfFindsNoChange() {
        Run self = run("compare", "--format", "csv", a(), a());
        assertThat(self.code()).isZero();
        assertThat(self.out().lines().skip(1))
                .allMatch(l -> l.contains(",~,") || l.contains(",too few samples,Infinity,"));
        assertThat(run("compare", a(), a()).out()).contains("comparison: same machine, same code");
    }

    @Test
    void failOnRegressionExitsThreeOnlyOnACorrectedSlowerVerdictWithTheWholeIntervalBeyondIt() {
        Run slower = run("compare", "--fail-on-regression", "10", a(), b());
        assertThat(slower.code()).isEqualTo(3);
        // the sweep's doubled times (3 repeats against 3, too few samples) are no regression, however wide the ratio
        assertThat(slower.err().lines())
                .containsExactly(
                        "regression beyond 10 %: wallet/sync-jmh sync_ms variant=kde4 ×2 [1.99, 2]",
                        "regression beyond 10 %: wallet/sync-jmh sync_ms variant=kf5 ×2 [1.98, 2]");
        assertThat(run("compare", "--fail-on-regression", "10", b(), a()).code())
                .isZero();
        assertThat(run("compare", "--fail-on-regression", "150", a(), b()).code())
                .isZero();
    }

    @Test
    void aRootWithoutRunJsonIsOneLineNamingItAndExitTwo() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("not-results/wallet"));
        Files.writeString(empty.resolve("sync-sweep.csv"), "variant\n");
        Run r = run("compare", a(), tmp.resolve("not-results").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip())
                .isEqualTo("reports: results folder " + tmp.resolve("not-results")
                        + " holds no run.json (wallet/run.json, filecrypt/run.json, vfs/run.json): not a results root");
        Run missing = run("compare", a(), tmp.resolve("nowhere").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err().strip())
                .isEqualTo("reports: results folder " + tmp.resolve("nowhere") + " does not exist");
        assertThat(run("compare", a()).code()).isEqualTo(2);
    }

    @Test
    void twoRootsWithNothingInCommonAreOneLine() throws IOException {
        Path vfsOnly = tmp.resolve("vfs-only");
        Fixtures.copy(Fixtures.root("results-a").resolve("vfs"), vfsOnly.resolve("vfs"));
        Run r = run("compare", b(), vfsOnly.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip())
                .isEqualTo("reports: results folders " + Path.of(b()) + " and " + vfsOnly
                        + " hold no measurement in common (wallet against vfs)");
    }

    @Test
    void aCsvOfAnOlderSchemaIsOneLineNamingTheFile() throws IOException {
        Path old = tmp.resolve("old");
        Fixtures.copy(Fixtures.root("results-b"), old);
        Path csv = old.resolve("wallet/sync-jmh.csv");
        // an older writer, before the fork column
        Files.writeString(csv, "variant,entries,iteration,sync_ms\nkde4,1000,0,3.0\n");
        Run r = run("compare", b(), old.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip())
                .startsWith("reports: " + csv)
                .contains("fork")
                .doesNotContain("Exception");
    }

    @Test
    void aSiteOfTwoRootsHasAComparisonPageWithAForestPlotAndOneRootHasNone() throws IOException {
        System.setProperty("java.awt.headless", "true");
        Path index = Explore.buildSite(List.of(Path.of(a()), Path.of(b())), tmp.resolve("ab"));
        String page = Files.readString(index.resolveSibling("compare.html"));
        assertThat(page)
                .contains("<h1>A against B: two machines, same code</h1>")
                .contains("<h3>wallet/sync-sweep sync_ms</h3>")
                .contains("<th>p (BH)</th>")
                .contains("median MDE of 35 (~, too few)")
                .contains("Benjamini-Hochberg over the 2 measurements")
                .contains("charts/compare-wallet.png");
        assertThat(index.resolveSibling("charts/compare-wallet.png")).isNotEmptyFile();
        assertThat(Files.readString(index))
                .contains("<a href=\"compare.html\">A against B</a> (two machines, same code)");
        Path single = Explore.buildSite(List.of(Path.of(b())), tmp.resolve("b"));
        assertThat(single.resolveSibling("compare.html")).doesNotExist();
        assertThat(Files.readString(single)).doesNotContain("compare.html");
    }

    @Test
    void theNotebooksFacadeGivesTheSameMeasurementsAsATable() {
        RunComparison c = Explore.compare(a(), b());
        assertThat(Explore.comparisonTable(c).rowCount()).isEqualTo(c.measures().size());
        assertThat(Explore.comparisonTable(c).stringColumn("verdict").asList())
                .containsExactlyElementsOf(
                        c.measures().stream().map(m -> m.change().word()).toList());
        // Tablesaw holds NaN (a p-value not adjusted: too few samples) as a missing value
        assertThat(Explore.comparisonTable(c).doubleColumn("p_adjusted").asList())
                .containsExactlyElementsOf(c.measures().stream()
                        .map(m -> Double.isNaN(m.pAdjusted()) ? null : m.pAdjusted())
                        .toList());
        assertThat(Explore.comparisonTable(c).doubleColumn("mde").asList())
                .containsExactlyElementsOf(
                        c.measures().stream().map(m -> m.detectable()).toList());
    }
}
