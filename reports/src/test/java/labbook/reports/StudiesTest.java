package labbook.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import labbook.core.SeedTable;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.FilecryptSeeds;
import labbook.reports.filecrypt.FilecryptData;
import labbook.reports.filecrypt.FilecryptStudy;
import labbook.reports.stats.Estimate;
import labbook.reports.stats.LinearFit;
import labbook.reports.stats.Summaries;
import labbook.reports.stats.TradeOff;
import labbook.reports.study.Claim;
import labbook.reports.study.Seed;
import labbook.reports.study.Verdict;
import labbook.reports.vfs.VfsData;
import labbook.reports.vfs.VfsStudy;
import labbook.reports.wallet.WalletData;
import labbook.reports.wallet.WalletStudy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/** The studies' analyses on the hand-made fixture, whose formulas give known answers. */
class StudiesTest {
    /** A claim by its id and what it is about (a size, a variant, a run), on one machine. */
    static Claim claim(List<Claim> claims, Claim.Id id, String about, String machine) {
        return claims.stream()
                .filter(c ->
                        c.id() == id && c.about().equals(about) && c.machine().equals(machine))
                .findFirst()
                .orElseThrow(() ->
                        new AssertionError("no claim " + id + " '" + about + "' for " + machine + " in " + claims));
    }

    static Claim claim(List<Claim> claims, Claim.Id id, String machine) {
        return claim(claims, id, "", machine);
    }

    @Test
    void walletFitsRecoverTheFixtureLines() {
        Table sweep = Explore.table(Fixtures.a(), "wallet", "sync-sweep");
        Map<String, LinearFit> fits = WalletData.syncFits(sweep);
        assertThat(fits.keySet())
                .containsExactly("kde4", "kf5", "kf5-fdatasync", "aead", "kwallet5", "kde4-c1", "kde4-xint");
        assertThat(fits.get("kwallet5").per1000()).isCloseTo(4, within(1e-9));
        assertThat(fits.get("kde4").per1000()).isCloseTo(2, within(1e-9));
        assertThat(fits.get("kde4").crossing(16)).isCloseTo(7500, within(1e-6));
        assertThat(fits.get("kf5-fdatasync").crossing(100)).isCloseTo(64000, within(1e-6));
        assertThat(WalletData.at(sweep, "variant", "kde4", "sync_ms", 1000))
                .isEqualTo(new Estimate(3, "median of 3", 3));
        assertThat(WalletData.at(sweep, "variant", "kde4", "sync_ms", 2000).how())
                .isEqualTo("Theil-Sen fit");
        assertThat(WalletData.at(sweep, "variant", "kde4", "sync_ms", 2000).value())
                .isCloseTo(5, within(1e-9));
        assertThat(WalletData.at(sweep, "variant", "kde4", "sync_ms", 50000)).isEqualTo(Estimate.NONE);
    }

    @Test
    void runsOfPutsAreGroupedByTheSizeTheyStartedAt() {
        Table t = Table.create(
                "save",
                StringColumn.create("strategy", "journal", "journal", "journal", "journal", "journal", "journal"),
                LongColumn.create("entries", 20, 51, 100, 131, 1000, 1031));
        assertThat(WalletData.bySize(t).numberColumn("entries").asDoubleArray())
                .containsExactly(20, 20, 100, 100, 1000, 1000);
    }

    @Test
    void walletReproductionMachineByMachine() {
        List<Claim> claims = new WalletStudy().claims(Fixtures.ab());
        Claim a = claim(claims, WalletStudy.Id.SAVING_AT_ONCE, "kde4", "fixture-a");
        assertThat(a.measured()).isEqualTo("3 ms at 1000");
        assertThat(a.verdict()).isEqualTo(Verdict.HOLDS);
        Claim b = claim(claims, WalletStudy.Id.SAVING_AT_ONCE, "kde4", "fixture-b");
        assertThat(b.measured()).isEqualTo("6 ms at 1000");
        Claim slope = claim(claims, WalletStudy.Id.SLOPE, "fixture-a");
        assertThat(slope.measured()).isEqualTo("2 ms");
        Claim at10000 = claim(claims, WalletStudy.Id.SYNC_AT, "10000", "fixture-a");
        assertThat(at10000.ratio()).isCloseTo(21.0 / 56, within(1e-9));
        assertThat(at10000.verdict().text()).isEqualTo("2.7 x faster here");
        Claim myth = claim(claims, WalletStudy.Id.MYTH, "fixture-a");
        assertThat(myth.measured()).isEqualTo("64,000 entries");
        assertThat(myth.verdict()).isEqualTo(Verdict.HOLDS);
        Claim perEntry = claim(claims, WalletStudy.Id.PER_ENTRY_SAVE, "fixture-a");
        assertThat(perEntry.measured()).isEqualTo("1 ms");
        assertThat(perEntry.verdict()).isEqualTo(Verdict.HOLDS);
        Claim cipher = claim(claims, WalletStudy.Id.CIPHER_SHARE, "fixture-a");
        assertThat(cipher.measured()).isEqualTo("sync ×1.25 its cipher alone");
        assertThat(cipher.verdict()).isEqualTo(Verdict.HOLDS);
        Claim xint = claim(claims, WalletStudy.Id.SLOW_BUILD, "fixture-a");
        assertThat(xint.measured()).isEqualTo("×15");
        // the seed side of each claim comes from the seed table, as published
        assertThat(xint.seed()).isEqualTo("×3.4");
        assertThat(a.seed()).isEqualTo("15 ms at 1000 (Release)");
        assertThat(perEntry.seed()).isEqualTo("15 ms - 8 ms = 7 ms");
        assertThat(perEntry.ratio()).isCloseTo(1.0 / 7, within(1e-9));
    }

    @Test
    void walletClaimsMeasuredOnTheRealCode() {
        List<Claim> claims = new WalletStudy().claims(Fixtures.ab());
        // kwallet5 = 0.5 ms + 4 ms per 1000 entries (fixture-b: twice that)
        Claim at10000 = claim(claims, WalletStudy.Id.REAL_SYNC_AT, "10000", "fixture-a");
        assertThat(at10000.measured()).isEqualTo("40.5 ms");
        assertThat(at10000.ratio()).isCloseTo(40.5 / 56, within(1e-9));
        assertThat(at10000.verdict().outcome()).isEqualTo(Verdict.Outcome.AGREES);
        assertThat(at10000.claim()).contains("on the real code").contains("kwallet5");
        assertThat(claim(claims, WalletStudy.Id.REAL_SYNC_AT, "1", "fixture-b").measured())
                .isEqualTo("1.01 ms");
        Claim frame = claim(claims, WalletStudy.Id.SAVING_AT_ONCE, "kwallet5", "fixture-a");
        assertThat(frame.measured()).isEqualTo("4.5 ms at 1000");
        assertThat(frame.verdict()).isEqualTo(Verdict.HOLDS);
        Claim myth = claim(claims, WalletStudy.Id.MYTH, "kwallet5", "fixture-a");
        assertThat(myth.measured()).isEqualTo("24,875 entries");
        assertThat(myth.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(claim(claims, WalletStudy.Id.MYTH, "kwallet5", "fixture-b").measured())
                .isEqualTo("12,375 entries");
        // the DebugFull question: C1 alone is x2.95 kde4, the seed's debug build x3.4, -Xint x14.8
        Claim c1 = claim(claims, WalletStudy.Id.SLOW_BUILD, "kde4-c1", "fixture-a");
        assertThat(c1.measured()).isEqualTo("×3");
        assertThat(c1.verdict().outcome()).isEqualTo(Verdict.Outcome.AGREES);
        assertThat(c1.note()).contains("kde4-c1 comes nearer the seed");
    }

    @Test
    void walletAgainstTheRealBackendPerSize() {
        Table sweep = Explore.table(Fixtures.a(), "wallet", "sync-sweep");
        Table t = WalletData.againstReal(sweep);
        assertThat(t.numberColumn("entries").asDoubleArray()).containsExactly(1, 100, 1000, 5000, 10000);
        // repeat by repeat: (21 + d) / (40.5 + d), d = -0.1, 0, +0.1
        assertThat(t.numberColumn("kde4 / kwallet5").getDouble(4)).isCloseTo(21.0 / 40.5, within(1e-9));
        assertThat(t.numberColumn("q1").getDouble(4)).isLessThan(21.0 / 40.5);
        assertThat(t.numberColumn("n").getDouble(4)).isEqualTo(3);
        assertThat(t.numberColumn("kf5 / kwallet5").getDouble(4)).isCloseTo(15.8 / 40.5, within(1e-9));
        assertThat(WalletData.repeatRatios(sweep, "kde4", "kwallet5", 1))
                .containsExactly(0.902 / 0.404, 1.002 / 0.504, 1.102 / 0.604);
        Table none = WalletData.againstReal(Summaries.rowsOf(sweep, "variant", "kde4"));
        assertThat(none.isEmpty()).isTrue();
        List<WalletData.Unoptimised> u = WalletData.unoptimised(sweep, 10_000);
        assertThat(u).extracting(WalletData.Unoptimised::variant).containsExactly("kde4-c1", "kde4-xint");
        assertThat(u.get(0).ratio()).isCloseTo(62.0 / 21, within(1e-9));
        assertThat(u.get(0).factorOff()).isLessThan(u.get(1).factorOff());
    }

    @Test
    void walletInteropFindings() {
        Map<String, Table> analyses = Explore.analyses(Fixtures.a(), "wallet");
        Table t = analyses.entrySet().stream()
                .filter(e -> e.getKey().startsWith("kwallet5-interop"))
                .findFirst()
                .orElseThrow()
                .getValue();
        assertThat(t.stringColumn("direction").asList())
                .containsExactly(
                        "lab-kf5->kwallet5",
                        "kwallet5->lab",
                        "lab-kde4->kwallet5",
                        "fixture->kwallet5",
                        "lab-odd-type->kwallet5");
        assertThat(t.intColumn("refused").asList()).containsExactly(0, 0, 1, 1, 0);
        assertThat(t.stringColumn("open() codes").get(2)).isEqualTo("-9");
        assertThat(t.stringColumn("finding").get(2)).contains("KF5 refuses KDE4-era wallets");
        assertThat(t.stringColumn("finding").get(4)).contains("type Unknown");
        assertThat(t.stringColumn("finding").get(0)).startsWith("all identical");
        assertThat(analyses.keySet())
                .anySatisfy(k -> assertThat(k).startsWith("The DebugFull question"))
                .anySatisfy(k -> assertThat(k).startsWith("The lab's Java against the real code"));
    }

    @Test
    void filecryptChoosesFilesAndAppliesTheSeedsRule() {
        Table sweep = Explore.table(Fixtures.a(), "filecrypt", "level-sweep");
        Table gpg = FilecryptData.seedLike(sweep);
        assertThat(gpg.stringColumn("engine").unique().asList()).containsExactly("gpg");
        List<FilecryptData.InputFile> files = FilecryptData.files(gpg);
        assertThat(files)
                .extracting(FilecryptData.InputFile::file)
                .containsExactly("head-10k", "head-1mb", "head-10mb", "head-20mb");
        assertThat(FilecryptData.choose(files, FilecryptData.FileChoice.LARGEST)
                        .orElseThrow()
                        .file())
                .isEqualTo("head-20mb");
        assertThat(FilecryptData.choose(files, FilecryptData.FileChoice.MIDDLE)
                        .orElseThrow()
                        .file())
                .isEqualTo("head-10mb");
        assertThat(FilecryptData.choose(files, FilecryptData.FileChoice.ONE_MB)
                        .orElseThrow()
                        .file())
                .isEqualTo("head-1mb");
        // 1 MB: -z 0 costs 0.0125 s x 1,000,060 B; -z 1 0.0225 s x 400,060 B: -z 1 wins
        List<TradeOff.Level> oneMb = FilecryptData.levels(gpg, "head-1mb");
        assertThat(FilecryptData.level(oneMb, 1).orElseThrow().cpuS()).isCloseTo(0.0225, within(1e-9));
        assertThat(TradeOff.minTimeTimesSize(oneMb).orElseThrow().name()).isEqualTo("-z 1");
        // 10 MB: -z 0 costs 0.0305 s x 10,000,060 B against -z 1's 0.1305 s x 4,000,060 B: -z 0 wins
        assertThat(TradeOff.minTimeTimesSize(FilecryptData.levels(gpg, "head-10mb"))
                        .orElseThrow()
                        .name())
                .isEqualTo("-z 0");
        double mean7 = FilecryptData.meanSizeFraction(gpg, f -> 7);
        assertThat(mean7).isCloseTo((0.349 * 4 + 60.0 / 1e4 + 60.0 / 1e6 + 60.0 / 1e7 + 60.0 / 2e7) / 4, within(1e-4));
    }

    @Test
    void anEngineWithTwoDeflatersGivesTwoSettingsSharingLevelZero() {
        Table t = Table.create(
                "t",
                StringColumn.create("engine", "bcpg", "bcpg", "bcpg", "gpg"),
                StringColumn.create("scope", "in-process", "in-process", "in-process", "process"),
                StringColumn.create("algo", "zip", "zip", "zip", "zip"),
                StringColumn.create("deflater", "none", "jzlib-8k", "jdk-32k", "zlib-8k"));
        List<FilecryptData.Setting> settings = FilecryptData.settings(t);
        assertThat(settings)
                .extracting(FilecryptData.Setting::label)
                .containsExactly("bcpg in-process zip jzlib-8k", "bcpg in-process zip jdk-32k", "gpg process zip");
        assertThat(FilecryptData.rowsOf(t, settings.get(0))
                        .stringColumn("deflater")
                        .asList())
                .containsExactly("none", "jzlib-8k");
        assertThat(FilecryptData.rowsOf(t, settings.get(2)).rowCount()).isEqualTo(1);
    }

    @Test
    void filecryptReproduction() {
        List<Claim> claims = new FilecryptStudy().claims(Fixtures.a());
        assertThat(claim(claims, FilecryptStudy.Id.MIN_TIME_X_SIZE, "1 MB", "fixture-a")
                        .verdict())
                .isEqualTo(Verdict.HOLDS);
        assertThat(claim(claims, FilecryptStudy.Id.MIN_TIME_X_SIZE, "10 MB", "fixture-a")
                        .verdict())
                .isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(claim(claims, FilecryptStudy.Id.MIN_TIME_X_SIZE, "100 MB", "fixture-a")
                        .verdict())
                .isEqualTo(Verdict.NOT_MEASURED);
        assertThat(claim(claims, FilecryptStudy.Id.LESS_CPU_THAN_GPG_DEFAULT, "crypto-default", "fixture-a")
                        .verdict())
                .isEqualTo(Verdict.HOLDS);
        Claim speed = claim(claims, FilecryptStudy.Id.SPEED_OVERHEAD, "fixture-a");
        assertThat(speed.verdict()).isEqualTo(Verdict.HOLDS);
        // the chart readings say they are read by eye, as their seed rows do
        assertThat(claim(claims, FilecryptStudy.Id.SIZE_AT_LEVEL, "1 MB -z 1", "fixture-a")
                        .seed())
                .isEqualTo("43.5 % (approx.)");
        assertThat(claim(claims, FilecryptStudy.Id.CPU_AT_LEVEL, "1 MB -z 7", "fixture-a")
                        .seed())
                .isEqualTo("0.05 s (approx.)");
        Claim meanDir = claim(claims, FilecryptStudy.Id.DIRECTORY_MEAN_SIZE, "crypto-default", "fixture-a");
        assertThat(meanDir.measured()).isEqualTo("55.2 %"); // 10 kB file at -z 0 (100.6 %), the rest at -z 1 (40 %)
        // the seed side comes from crypto-directory.csv: 42.8 % mean size, 3.68 s of GPG Default's 5.73 s
        assertThat(meanDir.seed()).isEqualTo("42.8 %");
        assertThat(claim(claims, FilecryptStudy.Id.LESS_CPU_THAN_GPG_DEFAULT, "crypto-default", "fixture-a")
                        .seed())
                .isEqualTo("64.2 % of GPG Default");
        assertThat(claim(claims, FilecryptStudy.Id.LESS_CPU_THAN_GPG_DEFAULT, "crypto-speed", "fixture-a")
                        .seed())
                .isEqualTo("33 % of GPG Default");
        Claim dir = claim(claims, FilecryptStudy.Id.DIRECTORY_CPU, "published-gpg-default-z7", "fixture-a");
        assertThat(dir.verdict().text()).endsWith("faster here");
    }

    @Test
    void vfsPer100RunsNormalisedAndScaling() {
        Table diff = Explore.table(Fixtures.a(), "vfs", "git-diff");
        VfsData.GitDiff serial = VfsData.gitDiff(diff, "serial").orElseThrow();
        VfsData.GitDiff parallel = VfsData.gitDiff(diff, "parallel").orElseThrow();
        assertThat(serial.userS()).isCloseTo(2.1, within(1e-9));
        assertThat(serial.sysS()).isCloseTo(10.1, within(1e-9));
        assertThat(serial.elapsedS()).isCloseTo(12.1, within(1e-9));
        VfsData.Normalised n = VfsData.normalise("parallel", parallel, serial);
        assertThat(n.real()).isCloseTo(6.1 / 12.1, within(1e-9));
        assertThat(n.sys()).isCloseTo(1, within(1e-9));
        List<VfsData.ScalingPoint> rcu =
                VfsData.modelScaling(Explore.table(Fixtures.a(), "vfs", "dcache-model"), "rcu", 2);
        assertThat(rcu).extracting(VfsData.ScalingPoint::threads).containsExactly(1.0, 2.0, 4.0);
        assertThat(rcu.get(2).speedup()).isCloseTo(4, within(1e-5));
        assertThat(rcu.get(2).efficiency()).isCloseTo(1, within(1e-5));
        assertThat(rcu.get(2).efficiencyOnCores())
                .isCloseTo(2, within(1e-5)); // 4x on 2 cores: the fixture's model is ideal
        assertThat(VfsData.modelScaling(Explore.table(Fixtures.a(), "vfs", "dcache-model"), "none", 2))
                .isEmpty();
        List<VfsData.ScalingPoint> stat = VfsData.statWalkScaling(Explore.table(Fixtures.a(), "vfs", "stat-walk"), 2);
        assertThat(stat.get(1).speedup()).isCloseTo(0.201 / 0.101, within(1e-9));
        List<Claim> claims = new VfsStudy().claims(Fixtures.a());
        assertThat(claim(claims, VfsStudy.Id.PARALLEL_FASTER, "fixture-a").verdict())
                .isEqualTo(Verdict.HOLDS);
        assertThat(claim(claims, VfsStudy.Id.SYS_NO_BLOWUP, "fixture-a").verdict())
                .isEqualTo(Verdict.HOLDS);
        Claim model = claim(claims, VfsStudy.Id.MODEL_SCALES, "fixture-a");
        assertThat(model.verdict()).isEqualTo(Verdict.HOLDS);
        // the fixture's machine has 2 cores: the claim reads 2 threads (rcu x2, ref x1), not its 4
        assertThat(model.measured()).isEqualTo("rcu ×2, ref ×1");
        assertThat(VfsData.claimPoint(rcu, 0).threads())
                .as("cores unknown: the most threads")
                .isEqualTo(4.0);
    }

    @Test
    void vfsSeedRatiosComeFromAxboesTableWhetherOrNotGitDiffRan(@TempDir Path empty) {
        Claim none = new VfsStudy().claims(Explore.load(List.of(empty))).get(0);
        Claim measured = claim(new VfsStudy().claims(Fixtures.a()), VfsStudy.Id.PARALLEL_FASTER, "fixture-a");
        assertThat(none.verdict()).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(none.claim()).isEqualTo(measured.claim());
        assertThat(none.seed()).isEqualTo(measured.seed()).isEqualTo("real ×0.5 (Axboe, vfs)"); // 0.43 / 0.86
        assertThat(claim(new VfsStudy().claims(Fixtures.a()), VfsStudy.Id.SYS_NO_BLOWUP, "fixture-a")
                        .claim())
                .endsWith("(old kernel: sys ×8.38)");
    }

    @Test
    void theChartReadingsReproduceTheSeedsOwnPickOfZ1() {
        Table seed = FilecryptData.CRYPTO_LEVELS.table();
        for (double mb : new double[] {100, 10, 1}) {
            Table s =
                    seed.where(seed.numberColumn(FilecryptSeeds.FILE_MB.name()).isEqualTo(mb));
            List<TradeOff.Level> levels = new ArrayList<>();
            for (int i = 0; i < s.rowCount(); i++) {
                levels.add(new TradeOff.Level(
                        "-z "
                                + (long) s.numberColumn(FilecryptSchemas.LEVEL.name())
                                        .getDouble(i),
                        s.numberColumn(FilecryptSeeds.CPU_S.name()).getDouble(i),
                        s.numberColumn(FilecryptSeeds.SIZE_KB.name()).getDouble(i) * 1000));
            }
            assertThat(TradeOff.minTimeTimesSize(levels).orElseThrow().name())
                    .as(mb + " MB")
                    .isEqualTo("-z 1");
        }
        Table dir = FilecryptData.CRYPTO_DIRECTORY.table();
        for (int i = 0; i < dir.rowCount(); i++) {
            // the split read off the bars adds up to the published total
            assertThat(dir.numberColumn(FilecryptSchemas.CPU_USER_S.name()).getDouble(i)
                            + dir.numberColumn(FilecryptSchemas.CPU_SYS_S.name())
                                    .getDouble(i))
                    .isCloseTo(
                            dir.numberColumn(FilecryptSeeds.CPU_TOTAL_S.name()).getDouble(i), within(1e-9));
        }
    }

    @Test
    void seedTablesNameTheirSourceAndFlagApproximateReadings() {
        List<Seed> seeds =
                Studies.ALL.stream().flatMap(study -> study.seeds().stream()).toList();
        assertThat(seeds)
                .extracting(Seed::name)
                .containsExactly(
                        "kwallet-sync", "crypto-levels", "crypto-directory", "vfs-git-diff", "vfs-axboe", "vfs-tree");
        for (Seed seed : seeds) {
            Table t = seed.table();
            assertThat(t.rowCount()).as(seed.name()).isPositive();
            assertThat(t.stringColumn(seed.sourceColumn().name()).asList())
                    .as(seed.name())
                    .allSatisfy(s -> assertThat(s).isNotBlank());
        }
        Table levels = FilecryptData.CRYPTO_LEVELS.table();
        assertThat(levels.booleanColumn(SeedTable.APPROXIMATE.name()).asList()).containsOnly(true);
        assertThat(FilecryptData.CRYPTO_LEVELS.source()).contains("approximate");
        assertThat(WalletData.KWALLET_SYNC.table().rowCount()).isEqualTo(10);
        assertThat(VfsData.VFS_AXBOE.table().rowCount()).isEqualTo(4);
    }
}
