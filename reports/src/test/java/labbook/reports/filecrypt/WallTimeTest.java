package labbook.reports.filecrypt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import labbook.reports.Explore;
import labbook.reports.Fixtures;
import labbook.reports.stats.TradeOff;
import labbook.reports.study.Claim;
import labbook.reports.study.Verdict;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * bcpg on several threads in the report, on the hand-made fixture (FixtureResults: on 2 threads, ZIP at -z 1-9, wall =
 * 0.55 x one thread's wall = 0.55 x 1.1 x (1.5 x (0.01 + bytes x K[level]) + 0.001 x repeat)): a setting of its own,
 * read by wall time, its -z 0 taken from one thread.
 */
class WallTimeTest {
    private static final Table SWEEP = Explore.table(Fixtures.a(), "filecrypt", "level-sweep");

    @Test
    void theParallelEngineIsASettingOfItsOwnAndTheSingleThreadedOnesKeepTheirRows() {
        List<FilecryptData.Setting> settings = FilecryptData.settings(SWEEP);
        assertThat(settings)
                .extracting(FilecryptData.Setting::label)
                .containsExactly(
                        "gpg process zip",
                        "bcpg in-process zip",
                        "bcpg in-process zlib",
                        "bcpg in-process zip on 2 threads");
        FilecryptData.Setting one = settings.get(1);
        FilecryptData.Setting two = settings.get(3);
        assertThat(FilecryptData.rowsOf(SWEEP, one).rowCount()).isEqualTo(4 * 5 * 2); // 4 files, 5 levels, 2 repeats
        assertThat(FilecryptData.rowsOf(SWEEP, two).rowCount()).isEqualTo(4 * 4 * 2); // no -z 0 on several threads
        assertThat(WallTime.parallel(SWEEP)).contains(two);
        assertThat(WallTime.rows(SWEEP, two).rowCount()).isEqualTo(4 * 5 * 2); // plus one thread's -z 0
    }

    @Test
    void levelsAreMedianWallTimes() {
        List<TradeOff.Level> wall =
                WallTime.levels(WallTime.rows(SWEEP, WallTime.parallel(SWEEP).orElseThrow()), "head-20mb");
        assertThat(wall).extracting(TradeOff.Level::name).containsExactly("-z 0", "-z 1", "-z 6", "-z 7", "-z 9");
        // -z 9: 0.55 x 1.1 x (1.5 x 1.01 + 0.0005), the median of repeats 0 and 1
        assertThat(FilecryptData.level(wall, 9).orElseThrow().cpuS())
                .isCloseTo(0.55 * 1.1 * (1.5 * 1.01 + 0.0005), within(1e-5));
        // -z 0 is one thread's: 1.1 x (1.5 x 0.05 + 0.0005)
        assertThat(FilecryptData.level(wall, 0).orElseThrow().cpuS())
                .isCloseTo(1.1 * (1.5 * 0.05 + 0.0005), within(1e-5));
        assertThat(FilecryptData.level(wall, 9).orElseThrow().outBytes()).isEqualTo((int) (2e7 * 0.348 * 1.0003) + 60);
    }

    @Test
    void theAnalysesAddTheWallTimeTablesAndThePerLevelRatioToGpg() {
        Map<String, Table> analyses = Explore.analyses(Fixtures.a(), "filecrypt");
        assertThat(analyses.keySet())
                .anySatisfy(k -> assertThat(k).startsWith("Pareto front on head-20mb by wall time"))
                .anySatisfy(k -> assertThat(k).startsWith("The seed's rule and the bandwidth view with wall time"));
        Table perLevel = analyses.entrySet().stream()
                .filter(e -> e.getKey().startsWith("Wall time against gpg's"))
                .findFirst()
                .orElseThrow()
                .getValue();
        StringColumn level = perLevel.stringColumn("level");
        DoubleColumn ratio = perLevel.doubleColumn("2 threads wall / gpg's");
        int z9 = level.asList().indexOf("-z 9");
        // gpg: 1.1 x (1.01 + 0.0005); 2 threads: 0.55 x 1.1 x (1.5 x 1.01 + 0.0005)
        assertThat(ratio.getDouble(z9)).isCloseTo(0.55 * (1.5 * 1.01 + 0.0005) / (1.01 + 0.0005), within(1e-4));
        assertThat(perLevel.doubleColumn("2 threads size % of 1 thread's").getDouble(z9))
                .isCloseTo(100.03, within(0.001));
    }

    @Test
    void theRulesPickByWallTimeIsAClaimWithItsVerdict() {
        // judged at 20 MB here: the fixtures' largest file (the study judges it at the seed's 100 MB)
        Claim c = LevelClaims.minWallTimeTimesSize(SWEEP, "m", 20);
        // head-20mb: -z 0 (one thread) 0.0831 s x 20.00 MB = 1.662 beats -z 1 0.227 s x 8.00 MB = 1.816: ×1.09
        assertThat(c.measured()).isEqualTo("-z 0 (-z 1 ×1.09 the best other)");
        assertThat(c.value()).isCloseTo(1.816 / 1.662, within(0.01));
        assertThat(c.verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(c.note())
                .contains("head-20mb")
                .contains("bcpg in-process zip on 2 threads")
                .contains("gpg by wall time: -z 0");
    }

    @Test
    void theStudyJudgesTheWallTimeRuleAtTheSeedsLargestSizeAndNotOnASmallerFile() {
        Claim c = new FilecryptStudy()
                .claims(Fixtures.a()).stream()
                        .filter(x -> x.id() == FilecryptStudy.Id.MIN_WALL_TIME_X_SIZE)
                        .findFirst()
                        .orElseThrow();
        assertThat(c.claim()).contains("(100 MB file");
        assertThat(c.verdict()).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(c.measured()).isEqualTo("no file near 100 MB");
        // 100 MB / 1.5 is the nearest a file may be
        assertThat(LevelClaims.minWallTimeTimesSize(SWEEP, "m", 20 * 1.49).verdict())
                .isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(LevelClaims.minWallTimeTimesSize(SWEEP, "m", 20 * 1.51).verdict())
                .isEqualTo(Verdict.NOT_MEASURED);
    }

    @Test
    void aSweepWithoutSeveralThreadsHasNoWallTimeTablesAndSaysTheClaimWasNotMeasured() {
        Table oneThread = WallTime.onThreads(SWEEP, 1);
        assertThat(WallTime.parallel(oneThread)).isEmpty();
        assertThat(LevelClaims.minWallTimeTimesSize(oneThread, "m", 20).verdict())
                .isEqualTo(Verdict.NOT_MEASURED);
    }
}
