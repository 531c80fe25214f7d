package labbook.reports.filecrypt;

import static labbook.filecrypt.FilecryptSchemas.ENGINE;
import static labbook.filecrypt.FilecryptSchemas.FILES;
import static labbook.filecrypt.FilecryptSchemas.IN_BYTES;
import static labbook.filecrypt.FilecryptSchemas.MEAN_SIZE_PCT;
import static labbook.filecrypt.FilecryptSchemas.OUT_BYTES;
import static labbook.filecrypt.FilecryptSchemas.RUN;
import static labbook.filecrypt.FilecryptSchemas.SCOPE;
import static labbook.filecrypt.FilecryptSeeds.CPU_TOTAL_S;
import static labbook.filecrypt.FilecryptSeeds.LABEL;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import labbook.filecrypt.CryptoPolicy.Run;
import labbook.filecrypt.corpus.FolderTypes;
import labbook.filecrypt.experiments.Engine;
import labbook.reports.results.Results;
import labbook.reports.stats.Format;
import labbook.reports.stats.Stats;
import labbook.reports.study.Claim;
import labbook.reports.study.Threshold;
import labbook.reports.study.Unit;
import labbook.reports.study.Verdict;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;

/**
 * The text folder's directory-run claims: CPU totals against the seed's, each run against GPG Default, mean sizes,
 * --speed's overhead.
 */
final class DirectoryClaims {
    /** The seed's own bound on --speed's overhead: "< 100 bytes per file". */
    static final double SLIGHTLY_LARGER = 100;

    private final Table seedDir = DirectoryTypes.seedOf(FolderTypes.TEXT);

    /** The claims on the root's text folder (the binary folders' are {@link BinaryDirectoryClaims}). */
    List<Claim> of(Results.Labelled<Table> dir) {
        List<Claim> claims = new ArrayList<>();
        Table all = DirectoryTypes.ofType(dir, FolderTypes.TEXT);
        if (all.isEmpty()) {
            return claims; // this root ran the binary folders only
        }
        String engine = all.stringColumn(ENGINE.name()).contains(Engine.GPG.engine())
                ? Engine.GPG.engine()
                : all.stringColumn(ENGINE.name()).get(0);
        Table ofEngine = all.where(all.stringColumn(ENGINE.name()).isEqualTo(engine));
        // the seed timed whole processes: prefer that scope when the engine was timed both ways
        String scope = ofEngine.stringColumn(SCOPE.name()).contains(Engine.GPG.scope())
                ? Engine.GPG.scope()
                : ofEngine.stringColumn(SCOPE.name()).get(0);
        Table runs = ofEngine.where(ofEngine.stringColumn(SCOPE.name()).isEqualTo(scope));
        cpuTotals(runs, engine, dir.label(), claims);
        if (runs.containsColumn(MEAN_SIZE_PCT.name())
                && runs.column(MEAN_SIZE_PCT.name()) instanceof NumericColumn<?>) {
            for (Run r : List.of(Run.PUBLISHED_GPG_DEFAULT_Z7, Run.CRYPTO_DEFAULT)) {
                String name = r == Run.PUBLISHED_GPG_DEFAULT_Z7 ? "GPG Default" : "crypto default";
                Table t = runs.where(runs.stringColumn(RUN.name())
                        .isEqualTo(r.label())
                        .and(runs.stringColumn(ENGINE.name()).isEqualTo(engine)));
                double pct = t.isEmpty()
                        ? Double.NaN
                        : Stats.median(t.numberColumn(MEAN_SIZE_PCT.name()).asDoubleArray()) / 100;
                double seedPct = FilecryptData.seedDirectory(seedDir, r, MEAN_SIZE_PCT) / 100;
                claims.add(LevelClaims.meanSize(
                                FilecryptStudy.Id.DIRECTORY_MEAN_SIZE,
                                r.label(),
                                "mean size, " + name + " directory run, % of original",
                                seedPct,
                                pct)
                        .from(dir.label(), engine + ", as the directory run recorded it; different corpus"));
            }
        }
        Table speed = runs.where(runs.stringColumn(RUN.name())
                .isEqualTo(Run.CRYPTO_SPEED.label())
                .and(runs.stringColumn(ENGINE.name()).isEqualTo(engine)));
        double overhead = Double.NaN;
        if (!speed.isEmpty()) {
            double[] per = new double[speed.rowCount()];
            for (int i = 0; i < per.length; i++) {
                per[i] = (speed.numberColumn(OUT_BYTES.name()).getDouble(i)
                                - speed.numberColumn(IN_BYTES.name()).getDouble(i))
                        / speed.numberColumn(FILES.name()).getDouble(i);
            }
            overhead = Stats.median(per);
        }
        claims.add(
                Claim.of(FilecryptStudy.Id.SPEED_OVERHEAD, "", "--speed output is only slightly larger than its input")
                        .seed("< 100 bytes per file")
                        .measured(Double.isNaN(overhead) ? "n/a" : Format.num(overhead) + " bytes per file")
                        .judged(overhead, Threshold.below(SLIGHTLY_LARGER, Unit.BYTES))
                        .from(dir.label(), engine));
        return claims;
    }

    /** Each seed run's CPU total against ours, and each run's share of GPG Default's. */
    private void cpuTotals(Table runs, String engine, String machine, List<Claim> claims) {
        double seedGpgTotal = FilecryptData.seedDirectory(seedDir, Run.PUBLISHED_GPG_DEFAULT_Z7, CPU_TOTAL_S);
        Optional<double[]> gpgDefault = FilecryptData.directoryCpu(runs, Run.PUBLISHED_GPG_DEFAULT_Z7.label(), engine);
        for (int i = 0; i < seedDir.rowCount(); i++) {
            String run = seedDir.stringColumn(RUN.name()).get(i);
            String label = seedDir.stringColumn(LABEL.name()).get(i);
            double seed = seedDir.numberColumn(CPU_TOTAL_S.name()).getDouble(i);
            double cpu =
                    FilecryptData.directoryCpu(runs, run, engine).map(c -> c[2]).orElse(Double.NaN);
            double r = Verdict.ratio(cpu, seed);
            claims.add(
                    Claim.of(FilecryptStudy.Id.DIRECTORY_CPU, run, "directory CPU total, " + label + " (" + run + ")")
                            .seed(Format.num(seed) + " s")
                            .measured(Double.isNaN(cpu) ? "n/a" : Format.num(cpu) + " s")
                            .ratio(r)
                            .judged(cpu, Threshold.sameOrder(seed, LevelClaims.SAME_ORDER, Unit.SECONDS))
                            .from(machine, engine + ", median of repeats; different corpus"));
            if (!run.equals(Run.PUBLISHED_GPG_DEFAULT_Z7.label())) {
                double seedShare = seed / seedGpgTotal;
                double share = gpgDefault.map(g -> cpu / g[2]).orElse(Double.NaN);
                claims.add(Claim.of(
                                FilecryptStudy.Id.LESS_CPU_THAN_GPG_DEFAULT,
                                run,
                                label + " takes less CPU than GPG Default")
                        .seed(Format.pct(seedShare) + " of GPG Default")
                        .measured(Format.pct(share))
                        .ratio(Verdict.ratio(share, seedShare))
                        .judged(share, Threshold.below(1, Unit.FRACTION))
                        .from(machine, engine));
            }
        }
    }
}
