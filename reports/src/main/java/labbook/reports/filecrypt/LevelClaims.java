package labbook.reports.filecrypt;

import static labbook.core.SeedTable.APPROXIMATE;
import static labbook.filecrypt.FilecryptSchemas.ALGO;
import static labbook.filecrypt.FilecryptSchemas.ENGINE;
import static labbook.filecrypt.FilecryptSchemas.FILE_BYTES;
import static labbook.filecrypt.FilecryptSchemas.LEVEL;
import static labbook.filecrypt.FilecryptSchemas.MEAN_SIZE_PCT;
import static labbook.filecrypt.FilecryptSchemas.SCOPE;
import static labbook.filecrypt.FilecryptSeeds.CPU_S;
import static labbook.filecrypt.FilecryptSeeds.FILE_MB;
import static labbook.filecrypt.FilecryptSeeds.SIZE_KB;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import labbook.filecrypt.CryptoPolicy.Run;
import labbook.reports.results.Results;
import labbook.reports.stats.Format;
import labbook.reports.stats.TradeOff;
import labbook.reports.study.Claim;
import labbook.reports.study.Verdict;
import tech.tablesaw.api.Table;

/** The level-sweep claims: the seed's pick of -z 1, sizes and CPU times per level, mean sizes per rule. */
final class LevelClaims {
    private final Table seedLevels = FilecryptData.CRYPTO_LEVELS.table();
    private final Table seedDir = FilecryptData.CRYPTO_DIRECTORY.table();

    List<Claim> of(Results.Labelled<Table> sweep) {
        List<Claim> claims = new ArrayList<>();
        Table rows = FilecryptData.seedLike(sweep.value());
        List<FilecryptData.InputFile> files = FilecryptData.files(rows);
        String setup = rows.isEmpty()
                ? ""
                : rows.stringColumn(ENGINE.name()).get(0) + " "
                        + rows.stringColumn(SCOPE.name()).get(0) + ", "
                        + rows.stringColumn(ALGO.name()).get(0);
        for (double mb : new double[] {100, 10, 1}) {
            String size = Format.num(mb) + " MB";
            Optional<FilecryptData.InputFile> f = FilecryptData.nearest(files, mb * 1e6)
                    .filter(x -> Math.abs(Math.log(x.bytes() / (mb * 1e6))) < Math.log(1.5));
            if (f.isEmpty()) {
                claims.add(Claim.of(
                                FilecryptStudy.Id.MIN_TIME_X_SIZE,
                                size,
                                "time x size is smallest at -z 1 (" + size + " file)")
                        .seed("-z 1")
                        .measured("no file near " + size)
                        .from(sweep.label(), "quick mode may stop below " + size));
                continue;
            }
            List<TradeOff.Level> levels = FilecryptData.levels(rows, f.get().file());
            claims.add(minTimeTimesSize(levels, f.get(), size, setup, sweep.label()));
            Table s = seedLevels.where(seedLevels.numberColumn(FILE_MB.name()).isEqualTo(mb));
            for (int z : new int[] {1, 7}) {
                sizeAndCpu(s, z, levels, f.get(), size, setup, sweep.label(), claims);
            }
        }
        claims.add(minWallTimeTimesSize(sweep.value(), sweep.label()));
        double seedGpgMean = FilecryptData.seedDirectory(seedDir, Run.PUBLISHED_GPG_DEFAULT_Z7, MEAN_SIZE_PCT) / 100;
        double seedCryptoMean = FilecryptData.seedDirectory(seedDir, Run.CRYPTO_DEFAULT, MEAN_SIZE_PCT) / 100;
        double gpgMean =
                FilecryptData.meanSizeFraction(rows, f -> FilecryptData.level(Run.PUBLISHED_GPG_DEFAULT_Z7, f));
        double cryptoMean = FilecryptData.meanSizeFraction(rows, FilecryptData::cryptoDefaultLevel);
        claims.add(meanSize(
                        FilecryptStudy.Id.MEAN_SIZE_GPG_DEFAULT,
                        "",
                        "mean size, GPG Default run (-z 7), % of original",
                        seedGpgMean,
                        gpgMean)
                .from(sweep.label(), "mean over the " + files.size() + " files of the level sweep"));
        claims.add(meanSize(
                        FilecryptStudy.Id.MEAN_SIZE_CRYPTO_DEFAULT,
                        "",
                        "mean size, crypto default run, % of original",
                        seedCryptoMean,
                        cryptoMean)
                .from(sweep.label(), "-z 1 above 10,240 bytes, else -z 0"));
        return claims;
    }

    /** A mean size as a fraction of the original, beside the seed's: reproduced within 25 %. */
    static Claim meanSize(FilecryptStudy.Id id, String about, String text, double seed, double ours) {
        double ratio = Verdict.ratio(ours, seed);
        return Claim.of(id, about, text)
                .seed(Format.pct(seed))
                .measured(Format.pct(ours))
                .ratio(ratio)
                .verdict(Verdict.match(ratio, 1.25));
    }

    private static Claim minTimeTimesSize(
            List<TradeOff.Level> levels, FilecryptData.InputFile f, String size, String setup, String machine) {
        Optional<TradeOff.Level> best = TradeOff.minTimeTimesSize(FilecryptData.seedLevels(levels));
        Optional<TradeOff.Level> bestAny = TradeOff.minTimeTimesSize(levels);
        return Claim.of(
                        FilecryptStudy.Id.MIN_TIME_X_SIZE,
                        size,
                        "time x size is smallest at -z 1 (" + size + " file, levels 0/1/7/9)")
                .seed("-z 1")
                .measured(best.map(TradeOff.Level::name).orElse("n/a"))
                .verdict(picksZ1(best))
                .from(
                        machine,
                        f.file() + " (" + Format.num(f.bytes() / 1e6) + " MB), " + setup
                                + bestAny.map(b -> "; over every level measured: " + b.name())
                                        .orElse("")
                                + best.filter(b -> b.cpuS() < 0.03)
                                        .map(b -> "; its CPU time, " + Format.num(b.cpuS())
                                                + " s, is under 3 ticks of the 10 ms process clock")
                                        .orElse(""));
    }

    /** Whether the seed's rule picked -z 1 on our figures: not measured when no level was. */
    private static Verdict picksZ1(Optional<TradeOff.Level> best) {
        return best.map(b -> Verdict.claim(b.name().equals("-z 1"), 0)).orElse(Verdict.NOT_MEASURED);
    }

    /**
     * The seed's rule on the wall clock, for bcpg compressing on several threads: a user waiting for the file pays wall
     * time, which the threads cut and CPU time does not show, so the rule may pick a higher level. Which one it picks
     * on the largest file is the measured value.
     */
    static Claim minWallTimeTimesSize(Table sweep, String machine) {
        String text = "time x size is smallest at -z 1 with wall time instead of CPU time, bcpg compressing on "
                + "several threads"
                + " (largest file, levels 0/1/7/9)";
        Optional<FilecryptData.Setting> parallel = WallTime.parallel(sweep);
        Optional<FilecryptData.InputFile> largest = FilecryptData.largest(sweep);
        if (parallel.isEmpty() || largest.isEmpty()) {
            return Claim.of(FilecryptStudy.Id.MIN_WALL_TIME_X_SIZE, "", text)
                    .seed("-z 1 (by CPU time, gpg)")
                    .measured("no engine on several threads")
                    .from(machine, "level-sweep runs one (--threads N)");
        }
        FilecryptData.InputFile f = largest.get();
        Table rows = WallTime.rows(sweep, parallel.get());
        Optional<TradeOff.Level> best =
                TradeOff.minTimeTimesSize(FilecryptData.seedLevels(WallTime.levels(rows, f.file())));
        Optional<TradeOff.Level> bestAny = TradeOff.minTimeTimesSize(WallTime.levels(rows, f.file()));
        Optional<TradeOff.Level> byCpu =
                TradeOff.minTimeTimesSize(FilecryptData.seedLevels(FilecryptData.levels(rows, f.file())));
        Optional<TradeOff.Level> gpg = TradeOff.minTimeTimesSize(
                FilecryptData.seedLevels(WallTime.levels(FilecryptData.seedLike(sweep), f.file())));
        return Claim.of(FilecryptStudy.Id.MIN_WALL_TIME_X_SIZE, "", text)
                .seed("-z 1 (by CPU time, gpg)")
                .measured(best.map(TradeOff.Level::name).orElse("n/a"))
                .verdict(picksZ1(best))
                .from(
                        machine,
                        f.file() + " (" + Format.num(f.bytes() / 1e6) + " MB), "
                                + parallel.get().label()
                                + ", median wall time (its -z 0: one thread, nothing to compress)"
                                + bestAny.map(b -> "; over every level measured: " + b.name())
                                        .orElse("")
                                + byCpu.map(b -> "; the same engine by CPU time: " + b.name())
                                        .orElse("")
                                + gpg.map(b -> "; gpg by wall time: " + b.name())
                                        .orElse(""));
    }

    private static void sizeAndCpu(
            Table seedAtSize,
            int z,
            List<TradeOff.Level> levels,
            FilecryptData.InputFile f,
            String size,
            String setup,
            String machine,
            List<Claim> claims) {
        Table sz = seedAtSize.where(seedAtSize.numberColumn(LEVEL.name()).isEqualTo(z));
        double seedPct = sz.numberColumn(SIZE_KB.name()).getDouble(0)
                * 1000
                / sz.numberColumn(FILE_BYTES.name()).getDouble(0);
        double seedCpu = sz.numberColumn(CPU_S.name()).getDouble(0);
        String approx = sz.booleanColumn(APPROXIMATE.name()).get(0) ? " (approx.)" : "";
        Optional<TradeOff.Level> ours = FilecryptData.level(levels, z);
        double pct = ours.map(l -> l.outBytes() / f.bytes()).orElse(Double.NaN);
        double cpu = ours.map(TradeOff.Level::cpuS).orElse(Double.NaN);
        double rp = Verdict.ratio(pct, seedPct);
        claims.add(Claim.of(
                        FilecryptStudy.Id.SIZE_AT_LEVEL,
                        size + " -z " + z,
                        "size at -z " + z + ", " + size + " (% of input)")
                .seed(Format.pct(seedPct) + approx)
                .measured(Format.pct(pct))
                .ratio(rp)
                .verdict(Verdict.match(rp, 1.25))
                .from(machine, "different text (seed: enwik8); " + f.file()));
        double rc = Verdict.ratio(cpu, seedCpu);
        claims.add(Claim.of(FilecryptStudy.Id.CPU_AT_LEVEL, size + " -z " + z, "CPU time at -z " + z + ", " + size)
                .seed(Format.num(seedCpu) + " s" + approx)
                .measured(Double.isNaN(cpu) ? "n/a" : Format.num(cpu) + " s")
                .ratio(rc)
                .verdict(Verdict.time(rc, 2))
                .from(machine, setup));
    }
}
