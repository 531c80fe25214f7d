package labbook.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import labbook.reports.filecrypt.FilecryptStudy;
import labbook.reports.results.Results;
import labbook.reports.study.Claim;
import labbook.reports.study.Study;
import labbook.reports.study.Target;
import labbook.reports.study.Verdict;
import labbook.reports.wallet.WalletStudy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reproduction tables hold the seeds' claims and nothing else; the lab's own targets have a table of their own that
 * says what each measures; no page speaks of the lab's tracker. The site is built from the fixture and from the
 * measured runs that have the filecrypt targets' CSVs (cli-startup, level-decrypt), so every target is measured on some
 * root.
 */
class ClaimsAndTargetsTest {
    private static final Pattern SECTION = Pattern.compile("(?s)<h2>(.*?)</h2>(.*?)(?=<h2>|</main>|$)");
    private static final Pattern TABLE = Pattern.compile("(?s)<table>(.*?)</table>");
    private static final Pattern ROW = Pattern.compile("(?s)<tr>(.*?)</tr>");
    private static final Pattern CELL = Pattern.compile("(?s)<t[hd][^>]*>(.*?)</t[hd]>");
    static final String REPRODUCTION = "Reproduction";
    static final String TARGETS = "The lab's own targets";

    @TempDir
    static Path tmp;

    static Results results;
    static Path site;

    @BeforeAll
    static void build() {
        System.setProperty("java.awt.headless", "true");
        List<Path> roots = List.of(
                Fixtures.root("results-a"),
                Fixtures.root("results-b"),
                measured("startup-quick"),
                measured("level-decrypt-quick"),
                measured("process-quick"));
        results = Explore.load(roots);
        site = Explore.buildSite(roots, tmp.resolve("site")).getParent();
    }

    static Path measured(String run) {
        try {
            return Path.of(
                    ClaimsAndTargetsTest.class.getResource("/measured/" + run).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyReproductionTableHoldsTheSeedsClaimsOnly() throws IOException {
        for (Study study : Studies.ALL) {
            List<List<String>> rows = rows(section(study.id(), REPRODUCTION));
            assertThat(rows.get(0))
                    .as(study.id())
                    .containsExactly(
                            "claim",
                            "seed",
                            "measured",
                            "95 % interval",
                            "threshold",
                            "ratio",
                            "verdict",
                            "machine",
                            "note");
            List<Claim> claims = study.reproduction(results);
            assertThat(rows.subList(1, rows.size()))
                    .as(study.id() + ": the page's rows are the study's claims")
                    .extracting(r -> r.get(0))
                    .containsExactlyElementsOf(claims.stream().map(Claim::claim).toList());
            List<Target> targets = study.targets(results);
            for (List<String> row : rows.subList(1, rows.size())) {
                for (Target t : targets) {
                    assertThat(row.get(0))
                            .as(study.id() + ": a target among the claims")
                            .isNotEqualTo(t.target());
                    assertThat(row.get(1))
                            .as(study.id() + ": a target's goal in the seed column")
                            .isNotEqualTo(t.goal());
                }
            }
            // a target put back among the claims would need its id in the claims' enum
            List<String> targetIds = targets.stream().map(t -> t.id().name()).toList();
            assertThat(claims).as(study.id()).extracting(c -> c.id().name()).noneMatch(targetIds::contains);
        }
    }

    @Test
    void theClaimIdsAndTheTargetIdsAreApart() {
        for (Study study : Studies.ALL) {
            for (Target t : study.targets(results)) {
                Class<?> claimIds = ((Enum<?>) study.claims(results).get(0).id()).getDeclaringClass();
                assertThat(Arrays.stream(claimIds.getEnumConstants()).map(Object::toString))
                        .as(study.id() + ": target " + t.id() + " among the claims' ids")
                        .doesNotContain(t.id().name());
            }
        }
    }

    @Test
    void theTargetsTableShowsEachTargetWithWhatItMeasures() throws IOException {
        for (Study study : Studies.ALL) {
            List<Target> targets = study.targetRows(results);
            if (targets.isEmpty()) {
                assertThat(Files.readString(site.resolve(study.id() + ".html")))
                        .as(study.id())
                        .doesNotContain("<h2>" + TARGETS);
                continue;
            }
            List<List<String>> rows = rows(section(study.id(), TARGETS));
            assertThat(rows.get(0))
                    .as(study.id())
                    .containsExactly("target", "what it measures", "goal", "measured", "verdict", "machine", "note");
            assertThat(rows.subList(1, rows.size())).as(study.id()).hasSameSizeAs(targets);
            for (int i = 0; i < targets.size(); i++) {
                Target t = targets.get(i);
                List<String> row = rows.get(i + 1);
                assertThat(row.subList(0, 5))
                        .as(study.id() + " " + t.id())
                        .containsExactly(
                                t.target(),
                                t.measures(),
                                t.goal(),
                                t.measured(),
                                t.verdict().text());
                assertThat(t.measures())
                        .as(t.id() + " says what it measures")
                        .isNotBlank()
                        .isNotEqualTo(t.target());
            }
        }
        assertThat(Studies.get("vfs").targets(results)).isEmpty();
    }

    @Test
    void everyTargetIsMeasuredSomewhereAndTheWholeCommandIsNoMissedGoal() {
        List<Target> filecrypt = Studies.get("filecrypt").targets(results);
        assertThat(verdicts(filecrypt, FilecryptStudy.TargetId.STARTUP_CPU)).contains(Verdict.MET);
        assertThat(verdicts(filecrypt, FilecryptStudy.TargetId.DECRYPT_CPU)).contains(Verdict.MET);
        assertThat(verdicts(filecrypt, FilecryptStudy.TargetId.WHOLE_COMMAND_CPU))
                .isNotEmpty()
                .allSatisfy(v -> assertThat(v.outcome()).isIn(Verdict.Outcome.MEASURED, Verdict.Outcome.NOT_MEASURED))
                .contains(Verdict.NO_GOAL);
        List<Target> wallet = Studies.get("wallet").targets(results);
        // at 10,000 entries on both fixtures; at 100,000 on neither: they are quick runs
        assertThat(verdicts(wallet, WalletStudy.TargetId.SPEED_AGAINST_REAL))
                .containsExactly(Verdict.MISSED, Verdict.MISSED, Verdict.NOT_MEASURED, Verdict.NOT_MEASURED);
        Target a = wallet.stream()
                .filter(t -> t.machine().equals("fixture-a"))
                .findFirst()
                .orElseThrow();
        assertThat(a.value())
                .isCloseTo(
                        0.519, within(0.001)); // the fixture's per-repeat ratios at 10,000 entries, about 21 / 40.5 ms
        assertThat(a.goal()).isEqualTo("<= 0.35 x kwallet5");
    }

    @Test
    void theFacadeGivesThePagesTargets() {
        var table = Explore.targets(results, "filecrypt");
        assertThat(table.columnNames())
                .containsExactly(
                        "target", "what it measures", "goal", "measured", "value", "verdict", "machine", "note");
        assertThat(table.stringColumn("target").asList())
                .containsExactlyElementsOf(Studies.get("filecrypt").targetRows(results).stream()
                        .map(Target::target)
                        .toList());
        assertThat(Explore.targets(results, "vfs").rowCount()).isZero();
    }

    @Test
    void noPageSpeaksOfTheLabsTracker() throws IOException {
        for (String page : Fixtures.pages()) {
            assertThat(Files.readString(site.resolve(page + ".html")))
                    .as(page)
                    .doesNotContainPattern("(?i)issue\\s*#?\\s*\\d");
        }
    }

    private static List<Verdict> verdicts(List<Target> targets, Target.Id id) {
        return targets.stream().filter(t -> t.id() == id).map(Target::verdict).toList();
    }

    /** The HTML between a heading of the study's page and the next. */
    private static String section(String study, String heading) throws IOException {
        Matcher m = SECTION.matcher(Files.readString(site.resolve(study + ".html")));
        while (m.find()) {
            if (text(m.group(1)).equals(heading)) {
                return m.group(2);
            }
        }
        throw new AssertionError(study + ".html has no section '" + heading + "'");
    }

    /** The first table's rows as plain-text cells. */
    private static List<List<String>> rows(String html) {
        Matcher t = TABLE.matcher(html);
        assertThat(t.find()).as("a table").isTrue();
        List<List<String>> rows = new ArrayList<>();
        Matcher r = ROW.matcher(t.group(1));
        while (r.find()) {
            List<String> cells = new ArrayList<>();
            Matcher c = CELL.matcher(r.group(1));
            while (c.find()) {
                cells.add(text(c.group(1)));
            }
            rows.add(cells);
        }
        return rows;
    }

    private static String text(String html) {
        return html.replaceAll("(?s)<[^>]*>", "")
                .replaceAll("\\s+", " ")
                .trim()
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&");
    }
}
