package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.CPU_SYS_S;
import static labbook.filecrypt.FilecryptSchemas.CPU_USER_S;
import static labbook.filecrypt.FilecryptSchemas.DEFAULT_LEVEL;
import static labbook.filecrypt.FilecryptSchemas.ENGINE;
import static labbook.filecrypt.FilecryptSchemas.FILE;
import static labbook.filecrypt.FilecryptSchemas.IN_BYTES;
import static labbook.filecrypt.FilecryptSchemas.MIME;
import static labbook.filecrypt.FilecryptSchemas.OUT_BYTES;
import static labbook.filecrypt.FilecryptSchemas.RUN;
import static labbook.filecrypt.FilecryptSchemas.SCOPE;
import static labbook.filecrypt.FilecryptSchemas.TYPE;
import static labbook.filecrypt.FilecryptSeeds.CPU_TOTAL_S;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import labbook.filecrypt.CryptoPolicy.Run;
import labbook.filecrypt.experiments.Engine;
import labbook.reports.results.Results;
import labbook.reports.stats.Format;
import labbook.reports.study.Claim;
import labbook.reports.study.Threshold;
import labbook.reports.study.Unit;
import labbook.reports.study.Verdict;
import tech.tablesaw.api.Table;

/**
 * The claims on one folder of files compressed already (MP3, PDF, PNG), on gpg as a whole process as the seed timed it.
 * The seed's pages: "Use of compression with the -z 1, -z 7, and -z 9 gpg options did not lead to a significant change
 * in file size for mp3 files. crypto disables compression for mp3 files (and all other binary files) by default in
 * order to improve encryption performance." Ratios are of the mean CPU over the repeats of one results root (process
 * CPU came in 10 ms ticks before the lab timed its peers to the microsecond; a mean is not stuck on a tick as a median
 * of three is).
 */
final class BinaryDirectoryClaims {
    /**
     * crypto Default "about as little as --speed": at most this many times --speed's CPU (the seed's: 1.04, 1.01,
     * 1.06).
     */
    static final double SAME_COST = 1.25;
    /** Our GPG Default / crypto Default ratio matches the seed's within this factor either way. */
    static final double RATIO_TOLERANCE = 1.5;
    /** "Almost nothing": GPG Default's output is at least this fraction of its input. */
    static final double ALMOST_NOTHING = 0.95;

    private final String type;
    private final String label;
    private final Table seed;

    BinaryDirectoryClaims(String type) {
        this.type = type;
        this.label = type.toUpperCase(Locale.ROOT);
        this.seed = DirectoryTypes.seedOf(type);
    }

    List<Claim> of(Results.Labelled<Table> dir) {
        List<Claim> claims = new ArrayList<>();
        Table all = DirectoryTypes.ofType(dir, type);
        Table runs = all.where(all.stringColumn(ENGINE.name())
                .isEqualTo(Engine.GPG.engine())
                .and(all.stringColumn(SCOPE.name()).isEqualTo(Engine.GPG.scope())));
        if (runs.isEmpty()) {
            return claims; // this root did not run the folder with gpg
        }
        String how = "gpg, mean of repeats; different files";
        double z7 = meanCpu(runs, Run.PUBLISHED_GPG_DEFAULT_Z7);
        double byDefault = meanCpu(runs, Run.CRYPTO_DEFAULT);
        double speed = meanCpu(runs, Run.CRYPTO_SPEED);
        double seedZ7 = seedCpu(Run.PUBLISHED_GPG_DEFAULT_Z7);
        double seedDefault = seedCpu(Run.CRYPTO_DEFAULT);
        double seedSpeed = seedCpu(Run.CRYPTO_SPEED);

        double same = byDefault / speed;
        claims.add(Claim.of(
                        FilecryptStudy.Id.BINARY_DEFAULT_AS_SPEED,
                        type,
                        "crypto Default costs about as little as --speed on " + label + " files")
                .seed(times(seedDefault / seedSpeed) + " (" + Format.num(seedDefault) + " s / " + Format.num(seedSpeed)
                        + " s)")
                .measured(times(same) + " (" + Format.num(byDefault) + " s / " + Format.num(speed) + " s)")
                .ratio(Verdict.ratio(same, seedDefault / seedSpeed))
                .judged(same, Threshold.below(SAME_COST, Unit.RATIO))
                .from(dir.label(), how + "; holds at most " + SAME_COST + " x"));

        double cost = z7 / byDefault;
        double seedCost = seedZ7 / seedDefault;
        double r = Verdict.ratio(cost, seedCost);
        claims.add(Claim.of(
                        FilecryptStudy.Id.BINARY_GPG_DEFAULT_COST,
                        type,
                        "GPG Default (-z 7) costs about " + Format.sig(seedCost, 2) + " x crypto Default's CPU on "
                                + label + " files")
                .seed(times(seedCost) + " (" + Format.num(seedZ7) + " s / " + Format.num(seedDefault) + " s)")
                .measured(times(cost) + " (" + Format.num(z7) + " s / " + Format.num(byDefault) + " s)")
                .ratio(r)
                .judged(cost, Threshold.match(seedCost, RATIO_TOLERANCE, Unit.RATIO))
                .from(dir.label(), how));

        double kept = sizeFraction(runs, Run.PUBLISHED_GPG_DEFAULT_Z7);
        claims.add(Claim.of(
                        FilecryptStudy.Id.BINARY_COMPRESSION_GAIN,
                        type,
                        "compression gains almost nothing on " + label
                                + " files (GPG Default's output, % of the original)")
                .seed("no significant change in file size")
                .measured(Double.isNaN(kept) ? "n/a" : Format.pct(kept) + " of the original")
                .judged(kept, Threshold.above(ALMOST_NOTHING, Unit.FRACTION))
                .from(
                        dir.label(),
                        "gpg -z 7, out / in over the folder; holds at " + Format.pct(ALMOST_NOTHING) + " or more"));

        claims.add(sentToZ1(dir));
        return claims;
    }

    /** The files of the folder that crypto's mime check called text/*, so its default sent them to -z 1. */
    private Claim sentToZ1(Results.Labelled<Table> dir) {
        Claim claim = Claim.of(
                        FilecryptStudy.Id.BINARY_SENT_TO_Z1,
                        type,
                        "crypto's mime check sends no " + label + " file to -z 1")
                .seed("crypto disables compression for " + type + " files");
        Optional<Table> files = DirectoryTypes.files(dir);
        if (files.isEmpty()) {
            return claim;
        }
        Table ofType = files.get().where(files.get().stringColumn(TYPE.name()).isEqualTo(type));
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < ofType.rowCount(); i++) {
            if (ofType.numberColumn(DEFAULT_LEVEL.name()).getDouble(i) != 0) {
                wrong.add(ofType.stringColumn(FILE.name()).get(i) + " ("
                        + ofType.stringColumn(MIME.name()).get(i) + ")");
            }
        }
        String measured = wrong.isEmpty()
                ? "none of " + ofType.rowCount() + " files"
                : wrong.size() + " of " + ofType.rowCount() + ": " + String.join(", ", wrong);
        return claim.measured(measured)
                .judged(ofType.isEmpty() ? Double.NaN : wrong.size(), Threshold.below(1, Unit.COUNT))
                .from(dir.label(), "file --mime-type on each file, as crypto v1.1.0");
    }

    private double seedCpu(Run run) {
        return FilecryptData.seedDirectory(seed, type, run, CPU_TOTAL_S);
    }

    /** Mean user + system CPU of one run over the repeats; NaN when it was not run. */
    static double meanCpu(Table runs, Run run) {
        Table t = runs.where(runs.stringColumn(RUN.name()).isEqualTo(run.label()));
        if (t.isEmpty()) {
            return Double.NaN;
        }
        double sum = 0;
        for (int i = 0; i < t.rowCount(); i++) {
            sum += t.numberColumn(CPU_USER_S.name()).getDouble(i)
                    + t.numberColumn(CPU_SYS_S.name()).getDouble(i);
        }
        return sum / t.rowCount();
    }

    /** The run's output over its input, summed over the folder (the first repeat: sizes do not vary). */
    static double sizeFraction(Table runs, Run run) {
        Table t = runs.where(runs.stringColumn(RUN.name()).isEqualTo(run.label()));
        return t.isEmpty()
                ? Double.NaN
                : t.numberColumn(OUT_BYTES.name()).getDouble(0)
                        / t.numberColumn(IN_BYTES.name()).getDouble(0);
    }

    private static String times(double ratio) {
        return Double.isNaN(ratio) || Double.isInfinite(ratio) ? "n/a" : Format.sig(ratio, 3) + " x";
    }
}
