package labbook.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

/** The studies' analyses on the hand-made fixture, whose formulas give known answers. */
class StudiesTest {
    static Claim claim(List<Claim> claims, String startsWith, String machine) {
        return claims.stream().filter(c -> c.claim().startsWith(startsWith) && c.machine().equals(machine))
                .findFirst().orElseThrow(() -> new AssertionError("no claim '" + startsWith + "' for " + machine + " in " + claims));
    }

    @Test
    void walletFitsRecoverTheFixtureLines() {
        Table sweep = Lab.table(Fixtures.a(), "wallet", "sync-sweep");
        Map<String, LinearFit> fits = WalletStudy.syncFits(sweep);
        assertThat(fits.keySet()).containsExactly("kde4", "kf5", "kf5-fdatasync", "aead", "kde4-xint");
        assertThat(fits.get("kde4").per1000()).isCloseTo(2, within(1e-9));
        assertThat(fits.get("kde4").crossing(16)).isCloseTo(7500, within(1e-6));
        assertThat(fits.get("kf5-fdatasync").crossing(100)).isCloseTo(64000, within(1e-6));
        assertThat(WalletStudy.at(sweep, "variant", "kde4", "sync_ms", 1000)).isEqualTo(new Estimate(3, "median of 3"));
        assertThat(WalletStudy.at(sweep, "variant", "kde4", "sync_ms", 2000).how()).isEqualTo("Theil-Sen fit");
        assertThat(WalletStudy.at(sweep, "variant", "kde4", "sync_ms", 2000).value()).isCloseTo(5, within(1e-9));
        assertThat(WalletStudy.at(sweep, "variant", "kde4", "sync_ms", 50000)).isEqualTo(Estimate.NONE);
    }

    @Test
    void runsOfPutsAreGroupedByTheSizeTheyStartedAt() {
        Table t = Table.create("save",
                tech.tablesaw.api.StringColumn.create("strategy", "journal", "journal", "journal", "journal", "journal", "journal"),
                tech.tablesaw.api.LongColumn.create("entries", 20, 51, 100, 131, 1000, 1031));
        assertThat(WalletStudy.bySize(t).numberColumn("entries").asDoubleArray()).containsExactly(20, 20, 100, 100, 1000, 1000);
    }

    @Test
    void walletReproductionMachineByMachine() {
        List<Claim> claims = WalletStudy.reproduction(Fixtures.ab());
        Claim a = claim(claims, "saving at once costs less than 16 ms below 1000 entries (kde4)", "fixture-a");
        assertThat(a.measured()).isEqualTo("3 ms at 1000");
        assertThat(a.verdict()).isEqualTo(Verdict.HOLDS);
        Claim b = claim(claims, "saving at once costs less than 16 ms below 1000 entries (kde4)", "fixture-b");
        assertThat(b.measured()).isEqualTo("6 ms at 1000");
        Claim slope = claim(claims, "cost per 1000 entries", "fixture-a");
        assertThat(slope.measured()).isEqualTo("2 ms");
        Claim at10000 = claim(claims, "sync at 10000 entries", "fixture-a");
        assertThat(at10000.ratio()).isCloseTo(21.0 / 56, within(1e-9));
        assertThat(at10000.verdict()).isEqualTo("2.7 x faster here");
        Claim myth = claim(claims, "big overhead for syncing is a myth", "fixture-a");
        assertThat(myth.measured()).isEqualTo("64,000 entries");
        assertThat(myth.verdict()).isEqualTo(Verdict.HOLDS);
        Claim perEntry = claim(claims, "a per-entry save would save little", "fixture-a");
        assertThat(perEntry.measured()).isEqualTo("1 ms");
        assertThat(perEntry.verdict()).isEqualTo(Verdict.HOLDS);
        Claim cipher = claim(claims, "most of a sync's time is encrypting", "fixture-a");
        assertThat(cipher.measured()).isEqualTo("80 %");
        assertThat(cipher.verdict()).isEqualTo(Verdict.HOLDS);
        Claim xint = claim(claims, "a slow build costs", "fixture-a");
        assertThat(xint.measured()).isEqualTo("×15");
        // the seed side of each claim comes from the seed table, as published
        assertThat(xint.seed()).isEqualTo("×3.4");
        assertThat(a.seed()).isEqualTo("15 ms at 1000 (Release)");
        assertThat(perEntry.seed()).isEqualTo("15 ms - 8 ms = 7 ms");
        assertThat(perEntry.ratio()).isCloseTo(1.0 / 7, within(1e-9));
    }

    @Test
    void filecryptChoosesFilesAndAppliesTheSeedsRule() {
        Table sweep = Lab.table(Fixtures.a(), "filecrypt", "level-sweep");
        Table gpg = FilecryptStudy.seedLike(sweep);
        assertThat(gpg.stringColumn("engine").unique().asList()).containsExactly("gpg");
        List<FilecryptStudy.InputFile> files = FilecryptStudy.files(gpg);
        assertThat(files).extracting(FilecryptStudy.InputFile::file).containsExactly("head-10k", "head-1mb", "head-10mb", "head-20mb");
        assertThat(FilecryptStudy.choose(files, FilecryptStudy.FileChoice.LARGEST).orElseThrow().file()).isEqualTo("head-20mb");
        assertThat(FilecryptStudy.choose(files, FilecryptStudy.FileChoice.MIDDLE).orElseThrow().file()).isEqualTo("head-10mb");
        assertThat(FilecryptStudy.choose(files, FilecryptStudy.FileChoice.ONE_MB).orElseThrow().file()).isEqualTo("head-1mb");
        // 1 MB: -z 0 costs 0.0125 s x 1,000,060 B; -z 1 0.0225 s x 400,060 B: -z 1 wins
        List<TradeOff.Level> oneMb = FilecryptStudy.levels(gpg, "head-1mb");
        assertThat(FilecryptStudy.level(oneMb, 1).orElseThrow().cpuS()).isCloseTo(0.0225, within(1e-9));
        assertThat(TradeOff.minTimeTimesSize(oneMb).orElseThrow().name()).isEqualTo("-z 1");
        // 10 MB: -z 0 costs 0.0305 s x 10,000,060 B against -z 1's 0.1305 s x 4,000,060 B: -z 0 wins
        assertThat(TradeOff.minTimeTimesSize(FilecryptStudy.levels(gpg, "head-10mb")).orElseThrow().name()).isEqualTo("-z 0");
        double mean7 = FilecryptStudy.meanSizeFraction(gpg, f -> 7);
        assertThat(mean7).isCloseTo((0.349 * 4 + 60.0 / 1e4 + 60.0 / 1e6 + 60.0 / 1e7 + 60.0 / 2e7) / 4, within(1e-4));
    }

    @Test
    void anEngineWithTwoDeflatersGivesTwoSettingsSharingLevelZero() {
        Table t = Table.create("t",
                tech.tablesaw.api.StringColumn.create("engine", "bcpg", "bcpg", "bcpg", "gpg"),
                tech.tablesaw.api.StringColumn.create("scope", "in-process", "in-process", "in-process", "process"),
                tech.tablesaw.api.StringColumn.create("algo", "zip", "zip", "zip", "zip"),
                tech.tablesaw.api.StringColumn.create("deflater", "none", "jzlib-8k", "jdk-32k", "zlib-8k"));
        List<FilecryptStudy.Setting> settings = FilecryptStudy.settings(t);
        assertThat(settings).extracting(FilecryptStudy.Setting::label)
                .containsExactly("bcpg in-process zip jzlib-8k", "bcpg in-process zip jdk-32k", "gpg process zip");
        assertThat(FilecryptStudy.rowsOf(t, settings.get(0)).stringColumn("deflater").asList()).containsExactly("none", "jzlib-8k");
        assertThat(FilecryptStudy.rowsOf(t, settings.get(2)).rowCount()).isEqualTo(1);
    }

    @Test
    void filecryptReproduction() {
        List<Claim> claims = FilecryptStudy.reproduction(Fixtures.a());
        assertThat(claim(claims, "time x size is smallest at -z 1 (1 MB", "fixture-a").verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(claim(claims, "time x size is smallest at -z 1 (10 MB", "fixture-a").verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(claim(claims, "time x size is smallest at -z 1 (100 MB", "fixture-a").verdict()).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(claim(claims, "crypto Default takes less CPU", "fixture-a").verdict()).isEqualTo(Verdict.HOLDS);
        Claim speed = claim(claims, "--speed output is only slightly larger", "fixture-a");
        assertThat(speed.verdict()).isEqualTo(Verdict.HOLDS);
        // the chart readings say they are read by eye, as their seed rows do
        assertThat(claim(claims, "size at -z 1, 1 MB", "fixture-a").seed()).isEqualTo("43.5 % (approx.)");
        assertThat(claim(claims, "CPU time at -z 7, 1 MB", "fixture-a").seed()).isEqualTo("0.05 s (approx.)");
        Claim meanDir = claim(claims, "mean size, crypto default directory run", "fixture-a");
        assertThat(meanDir.measured()).isEqualTo("55.2 %"); // 10 kB file at -z 0 (100.6 %), the rest at -z 1 (40 %)
        // the seed side comes from crypto-directory.csv: 42.8 % mean size, 3.68 s of GPG Default's 5.73 s
        assertThat(meanDir.seed()).isEqualTo("42.8 %");
        assertThat(claim(claims, "crypto Default takes less CPU", "fixture-a").seed()).isEqualTo("64.2 % of GPG Default");
        assertThat(claim(claims, "crypto --speed takes less CPU", "fixture-a").seed()).isEqualTo("33 % of GPG Default");
        Claim dir = claim(claims, "directory CPU total, GPG Default", "fixture-a");
        assertThat(dir.verdict()).endsWith("faster here");
    }

    @Test
    void vfsPer100RunsNormalisedAndScaling() {
        Table diff = Lab.table(Fixtures.a(), "vfs", "git-diff");
        VfsStudy.GitDiff serial = VfsStudy.gitDiff(diff, "serial").orElseThrow();
        VfsStudy.GitDiff parallel = VfsStudy.gitDiff(diff, "parallel").orElseThrow();
        assertThat(serial.userS()).isCloseTo(2.1, within(1e-9));
        assertThat(serial.sysS()).isCloseTo(10.1, within(1e-9));
        assertThat(serial.elapsedS()).isCloseTo(12.1, within(1e-9));
        VfsStudy.Normalised n = VfsStudy.normalise("parallel", parallel, serial);
        assertThat(n.real()).isCloseTo(6.1 / 12.1, within(1e-9));
        assertThat(n.sys()).isCloseTo(1, within(1e-9));
        List<VfsStudy.ScalingPoint> rcu = VfsStudy.modelScaling(Lab.table(Fixtures.a(), "vfs", "dcache-model"), "rcu", 2);
        assertThat(rcu).extracting(VfsStudy.ScalingPoint::threads).containsExactly(1.0, 2.0, 4.0);
        assertThat(rcu.get(2).speedup()).isCloseTo(4, within(1e-5));
        assertThat(rcu.get(2).efficiency()).isCloseTo(1, within(1e-5));
        assertThat(rcu.get(2).efficiencyOnCores()).isCloseTo(2, within(1e-5)); // 4x on 2 cores: the fixture's model is ideal
        assertThat(VfsStudy.modelScaling(Lab.table(Fixtures.a(), "vfs", "dcache-model"), "none", 2)).isEmpty();
        List<VfsStudy.ScalingPoint> stat = VfsStudy.statWalkScaling(Lab.table(Fixtures.a(), "vfs", "stat-walk"), 2);
        assertThat(stat.get(1).speedup()).isCloseTo(0.201 / 0.101, within(1e-9));
        List<Claim> claims = VfsStudy.reproduction(Fixtures.a());
        assertThat(claim(claims, "store-free walking: parallel", "fixture-a").verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(claim(claims, "parallel no longer blows up", "fixture-a").verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(claim(claims, "model: store-free", "fixture-a").verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void vfsSeedRatiosComeFromAxboesTableWhetherOrNotGitDiffRan(@org.junit.jupiter.api.io.TempDir java.nio.file.Path empty) {
        Claim none = VfsStudy.reproduction(ResultsLoader.load(List.of(empty))).get(0);
        Claim measured = claim(VfsStudy.reproduction(Fixtures.a()), "store-free walking: parallel", "fixture-a");
        assertThat(none.verdict()).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(none.claim()).isEqualTo(measured.claim());
        assertThat(none.seed()).isEqualTo(measured.seed()).isEqualTo("real ×0.5 (Axboe, vfs)"); // 0.43 / 0.86
        assertThat(claim(VfsStudy.reproduction(Fixtures.a()), "parallel no longer blows up", "fixture-a").claim())
                .endsWith("(old kernel: sys ×8.38)");
    }

    @Test
    void theChartReadingsReproduceTheSeedsOwnPickOfZ1() {
        Table seed = Seeds.table(Seeds.CRYPTO_LEVELS);
        for (double mb : new double[] {100, 10, 1}) {
            Table s = seed.where(seed.numberColumn("file_mb").isEqualTo(mb));
            List<TradeOff.Level> levels = new java.util.ArrayList<>();
            for (int i = 0; i < s.rowCount(); i++) {
                levels.add(new TradeOff.Level("-z " + (long) s.numberColumn("level").getDouble(i),
                        s.numberColumn("cpu_s").getDouble(i), s.numberColumn("size_kb").getDouble(i) * 1000));
            }
            assertThat(TradeOff.minTimeTimesSize(levels).orElseThrow().name()).as(mb + " MB").isEqualTo("-z 1");
        }
        Table dir = Seeds.table(Seeds.CRYPTO_DIRECTORY);
        for (int i = 0; i < dir.rowCount(); i++) {
            // the split read off the bars adds up to the published total
            assertThat(dir.numberColumn("cpu_user_s").getDouble(i) + dir.numberColumn("cpu_sys_s").getDouble(i))
                    .isCloseTo(dir.numberColumn("cpu_total_s").getDouble(i), within(1e-9));
        }
    }

    @Test
    void seedTablesNameTheirSourceAndFlagApproximateReadings() {
        for (String name : Seeds.ALL) {
            Table t = Seeds.table(name);
            assertThat(t.rowCount()).as(name).isPositive();
            assertThat(t.stringColumn("source").asList()).as(name).allSatisfy(s -> assertThat(s).isNotBlank());
        }
        Table levels = Seeds.table(Seeds.CRYPTO_LEVELS);
        assertThat(levels.booleanColumn("approximate").asList()).containsOnly(true);
        assertThat(Seeds.source(Seeds.CRYPTO_LEVELS)).contains("approximate");
        assertThat(Seeds.table(Seeds.KWALLET_SYNC).rowCount()).isEqualTo(10);
        assertThat(Seeds.table(Seeds.VFS_AXBOE).rowCount()).isEqualTo(4);
    }
}
