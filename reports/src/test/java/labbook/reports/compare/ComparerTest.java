package labbook.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;

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
                .contains("geomean (35)");
        // every time doubled, 3 repeats against 3: a ratio of 2, and no verdict the U-test could give
        assertThat(terminal.out()).containsPattern("variant=kde4 entries=1000 .* ×2 .* too few samples");
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

        Run json = run("compare", "--format", "json", a(), b());
        JsonNode node = new ObjectMapper().readTree(json.out());
        assertThat(node.path("comparison").asText()).isEqualTo("two machines, same code");
        assertThat(node.path("measures").size()).isEqualTo(rows.size());

        Run markdown = run("compare", "--format", "markdown", a(), b());
        assertThat(markdown.out())
                .startsWith("## Comparison: two machines, same code")
                .contains("| key |");
    }

    @Test
    void aRootComparedWithItselfFindsNoChange() {
        Run self = run("compare", "--format", "csv", a(), a());
        assertThat(self.code()).isZero();
        assertThat(self.out().lines().skip(1)).allMatch(l -> l.endsWith(",~") || l.endsWith(",too few samples"));
        assertThat(run("compare", a(), a()).out()).contains("comparison: same machine, same code");
    }

    @Test
    void failOnRegressionExitsThreeOnlyWhenTheWholeIntervalIsBeyondIt() {
        Run slower = run("compare", "--fail-on-regression", "10", a(), b());
        assertThat(slower.code()).isEqualTo(3);
        assertThat(slower.err()).startsWith("regression beyond 10 %: wallet/sync-sweep sync_ms variant=kde4");
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
    }
}
