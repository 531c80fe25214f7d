package labbook.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import labbook.core.LabException;
import labbook.reports.chart.HorizontalBarChart;
import labbook.reports.filecrypt.FilecryptStudy;
import labbook.reports.results.Results;
import labbook.reports.vfs.VfsData;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import tech.tablesaw.api.Table;

/** The facade the notebooks call: same objects the site is built from. */
class ExploreTest {
    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void everyNamedChartIsThereForTheFixture() {
        Results r = Fixtures.a();
        for (String study : Explore.studies()) {
            assertThat(Explore.charts(r, study).keySet())
                    .as(study)
                    .containsExactlyElementsOf(Explore.chartNames(study));
        }
        XYChart sync = Explore.walletSyncTime(r);
        assertThat(sync.getSeriesMap())
                .containsKeys("kde4", "seed 2009, Release (Q6600)", "kwallet5 (KDE's real backend)")
                .doesNotContainKeys("kde4-xint", "kde4-c1");
        HorizontalBarChart bars = Explore.filecryptDirectoryRuns(r);
        assertThat(bars.getSeriesMap()).containsKeys("user time", "system time");
        assertThat(Explore.filecryptLevels(r, "1mb").getTitle()).contains("head-1mb");
        // the crypto seed's chart readings were taken off its images by eye, and every seed series says so
        assertThat(List.<Object>copyOf(bars.getSeriesMap().get("user time").getXData()))
                .contains("GPG Default (seed, split approx.)");
        for (XYChart c : List.of(Explore.filecryptLevels(r, "1mb"), Explore.filecryptTimeTimesSize(r))) {
            assertThat(c.getSeriesMap().keySet())
                    .filteredOn(k -> k.startsWith("seed"))
                    .isNotEmpty()
                    .allSatisfy(k -> assertThat(k).contains("approx."));
        }
        assertThat(Explore.vfsModelScaling(r).getSeriesMap()).containsKeys("rcu-walk", "ref-walk");
    }

    @Test
    void aCpuTimeBelowTheClocksResolutionDoesNotBreakAnyChart(@TempDir Path tmp) throws IOException {
        // runs made before peers were timed to the microsecond: CPU in whole 10 ms ticks, and gpg -z 0 on 1 MB takes
        // under one tick, so CPU reads 0 and time x size is 0
        Fixtures.copy(Fixtures.root("results-a").resolve("filecrypt"), tmp.resolve("filecrypt"));
        Table sweep = Explore.table(Fixtures.a(), "filecrypt", "level-sweep");
        for (int i = 0; i < sweep.rowCount(); i++) {
            boolean level0 = sweep.longColumn("level").get(i) == 0;
            for (String cpu : List.of("cpu_user_s", "cpu_sys_s")) {
                double ticks = Math.round(sweep.doubleColumn(cpu).get(i) * 100) / 100.0;
                sweep.doubleColumn(cpu).set(i, level0 ? 0.0 : ticks);
            }
        }
        sweep.write().csv(tmp.resolve("filecrypt/level-sweep.csv").toFile());
        Results r = Explore.load(List.of(tmp));
        assertThat(Explore.charts(r, "filecrypt").keySet()).containsExactlyElementsOf(Explore.chartNames("filecrypt"));
        assertThat(Explore.buildSite(List.of(tmp), tmp.resolve("site"))).isRegularFile();
        assertThat(StudiesTest.claim(
                                Explore.claims(r, "filecrypt"), FilecryptStudy.Id.MIN_TIME_X_SIZE, "1 MB", "fixture-a")
                        .note())
                .contains("under 3 ticks");
    }

    @Test
    void unknownNamesAndMissingDataAreOneLineErrors() {
        Results r = Explore.load(List.of(Fixtures.root("results-b")));
        assertThatThrownBy(() -> Explore.chart(r, "wallet", "nope"))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("no chart 'nope' in wallet");
        assertThatThrownBy(() -> Explore.vfsGitDiff(r))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("has no data");
        assertThatThrownBy(() -> Explore.reproduction(r, "nope")).isInstanceOf(LabException.class);
    }

    @Test
    void reproductionProvenanceAndAnalysesAreTables() {
        Results r = Fixtures.ab();
        Table repro = Explore.reproduction(r, "wallet");
        assertThat(repro.columnNames())
                .containsExactly(
                        "claim", "seed", "measured", "interval", "threshold", "ratio", "verdict", "machine", "note");
        // machine by machine: the two roots' rows of one claim sit together
        List<String> claims = repro.stringColumn("claim").asList();
        int first = claims.indexOf(claims.get(0));
        assertThat(claims.get(first + 1)).isEqualTo(claims.get(0));
        assertThat(repro.stringColumn("machine").get(1)).isEqualTo("fixture-b");
        Table prov = Explore.provenance(r, "wallet");
        // 5 experiments' CSVs per root, and kwallet5-interop's, openssl-blowfish's and key-derivation's in fixture-a
        assertThat(prov.rowCount()).isEqualTo(13);
        assertThat(prov.stringColumn("rerun").asList())
                .allSatisfy(c -> assertThat(c).startsWith("./labbook wallet "));
        assertThat(prov.stringColumn("rerun").asList())
                .contains("./labbook wallet sync-sweep --quick", "./labbook wallet all --quick");
        assertThat(Explore.analyses(r, "filecrypt").keySet())
                .anySatisfy(k -> assertThat(k).startsWith("Pareto front"));
        assertThat(Explore.medians(Explore.table(r, "wallet", "sync-sweep"), "sync_ms", "variant")
                        .rowCount())
                .isEqualTo(7);
        assertThat(Explore.seed(VfsData.VFS_AXBOE).rowCount()).isEqualTo(4);
        assertThat(Explore.seed("vfs-axboe").rowCount()).isEqualTo(4);
        assertThatThrownBy(() -> Explore.seed("nope"))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("kwallet-sync");
    }
}
