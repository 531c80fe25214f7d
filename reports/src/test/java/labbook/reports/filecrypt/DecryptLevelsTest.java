package labbook.reports.filecrypt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import labbook.reports.Explore;
import labbook.reports.Fixtures;
import labbook.reports.study.Target;
import labbook.reports.study.Verdict;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

/**
 * The level sweep's decrypt rows in the report, on a real run trimmed (not a hand-made fixture): {@code ./labbook
 * filecrypt level-sweep --quick} on 2026-12-01 at 08:12 UTC, this lab's 2-core VM, commit 60e832f, its
 * {@code level-decrypt.csv} cut to the 10 MB and 10 kB files (run.json as written). Its 10 MB medians, CPU s: gpg 0.03
 * 0.07 0.06 0.05 0.06, bcpg 0.02 0.05 0.04 0.05 0.05.
 */
class DecryptLevelsTest {
    private static final Table DECRYPTS =
            Explore.table(Explore.load(List.of(measured())), "filecrypt", "level-decrypt");

    private static Path measured() {
        try {
            return Path.of(DecryptLevelsTest.class
                    .getResource("/measured/level-decrypt-quick")
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theLargestFilesLevelsWithMediansOfEachEngine() {
        List<DecryptLevels.Level> levels = DecryptLevels.levels(DECRYPTS);
        assertThat(levels).extracting(DecryptLevels.Level::level).containsExactly(0, 1, 6, 7, 9);
        assertThat(levels).allMatch(l -> l.gpg().n() == 3 && l.bcpg().n() == 3);
        DecryptLevels.Level z9 = levels.get(4);
        assertThat(z9.gpg().median()).isCloseTo(0.06, within(1e-9));
        assertThat(z9.bcpg().median()).isCloseTo(0.05, within(1e-9)); // one repeat read 0.10: the median keeps it out
        assertThat(z9.ratio()).isCloseTo(0.05 / 0.06, within(1e-9));
        Table t = DecryptLevels.table(levels);
        assertThat(t.rowCount()).isEqualTo(5);
        assertThat(t.stringColumn("level").get(0)).isEqualTo("-z 0");
        assertThat(t.numberColumn("bcpg / gpg").getDouble(3)).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void theTargetIsMetWhenNoLevelIsAboveOneAndNamesTheWorst() {
        Target t = DecryptLevels.target(DecryptLevels.levels(DECRYPTS), "vm");
        assertThat(t.id()).isEqualTo(FilecryptStudy.TargetId.DECRYPT_CPU);
        assertThat(t.verdict()).isEqualTo(Verdict.MET); // -z 7: 0.05 / 0.05, at the goal
        assertThat(t.goal()).isEqualTo("<= 1 x gpg");
        assertThat(t.measured()).contains("(-z 7)");
        assertThat(t.value()).isCloseTo(1.0, within(1e-9));
        assertThat(t.note()).contains("-z 0 ").contains("-z 9 ");
    }

    @Test
    void aLevelAboveTheGoalMissesIt() {
        Table slower = DECRYPTS.copy();
        for (int i = 0; i < slower.rowCount(); i++) {
            if (slower.stringColumn("engine").get(i).equals("bcpg")) {
                slower.doubleColumn("cpu_user_s")
                        .set(i, slower.doubleColumn("cpu_user_s").getDouble(i) + 0.05);
            }
        }
        assertThat(DecryptLevels.target(DecryptLevels.levels(slower), "vm").verdict())
                .isEqualTo(Verdict.MISSED);
    }

    @Test
    void resultsWithoutTheCsvSayItWasNotRun() {
        assertThat(Explore.tables(Fixtures.a(), "filecrypt", "level-decrypt")).isEmpty();
        Target t = DecryptLevels.notRun();
        assertThat(t.verdict()).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(t.measured()).startsWith("not run");
    }
}
