package labbook.reports.study;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import labbook.reports.results.Calibration;
import labbook.reports.results.Resample;
import labbook.reports.results.Results;
import labbook.reports.stats.Interval;

/**
 * Each claim's 95 % interval, by a bootstrap over the repeats behind it: the study's claims are computed again on
 * {@value #RESAMPLES} resamples of its results ({@link Resample}: each measurement's repeats drawn again), and the
 * central 95 % of a claim's figures across them is its interval. The verdict is then judged on the interval
 * ({@link Threshold}). One method for every claim, whatever it computes (a median, a ratio, a fit's crossing, the level
 * a rule picks), so no claim is judged on a median alone. The seeds are fixed: the site, the claims file, compare and
 * the notebooks print the same interval.
 */
public final class ClaimIntervals {
    /** Resamples per interval: enough for the 2.5 % and 97.5 % points to move by little between seeds. */
    public static final int RESAMPLES = 200;

    private static final long SEED = 20_091_008L;

    private ClaimIntervals() {}

    /**
     * The study's claims on {@code results}, each judged on its interval where it has a figure. Kept for the last few
     * (study, results) pairs: the page, the claims file and the comparison of one build ask for the same claims.
     */
    public static List<Claim> of(Study study, Results results) {
        Key key = new Key(study, results);
        synchronized (RECENT) {
            List<Claim> kept = RECENT.get(key);
            if (kept != null) {
                return kept;
            }
        }
        List<Claim> judged = judge(study, results);
        synchronized (RECENT) {
            RECENT.put(key, judged);
        }
        return judged;
    }

    /** The same objects, not equal ones: results are read once and never change. */
    @SuppressWarnings("ReferenceEquality") // a key of the very study and results objects: an identity cache
    private record Key(Study study, Results results) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.study == study && k.results == results;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(study) * 31 + System.identityHashCode(results);
        }
    }

    private static final Map<Key, List<Claim>> RECENT = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, List<Claim>> eldest) {
            return size() > 8;
        }
    };

    private static List<Claim> judge(Study study, Results results) {
        return betweenRuns(study, results, withinRun(study, results));
    }

    /**
     * Each claim's interval widened to the spread between runs that a calibration of its root's machine and mode
     * measured ({@link Calibration}): at least the figure x exp(±{@value #Z} x that spread's SD of logs). A run's
     * repeats share its JIT state and the machine's mood of those minutes, so on a machine whose runs drift apart the
     * repeats' interval alone would let the same code's next run decide the other way. Without a calibration the
     * interval is the repeats' alone (the claims file's {@code run_sd} is then empty).
     */
    static List<Claim> betweenRuns(Study study, Results results, List<Claim> claims) {
        List<Claim> out = new ArrayList<>(claims.size());
        for (Claim c : claims) {
            OptionalDouble sd = c.judgedFromFigure() && c.value() > 0
                    ? calibration(study, results, c)
                            .map(cal -> cal.claim(study.id(), c.key()))
                            .orElse(OptionalDouble.empty())
                    : OptionalDouble.empty();
            if (sd.isEmpty()) {
                out.add(c);
                continue;
            }
            double low = c.value() * Math.exp(-Z * sd.getAsDouble());
            double high = c.value() * Math.exp(Z * sd.getAsDouble());
            Interval within = c.interval().orPoint(c.value());
            out.add(c.interval(new Interval(Math.min(low, within.low()), Math.max(high, within.high())))
                    .runSpread(sd.getAsDouble()));
        }
        return out;
    }

    /** The normal quantile of a 95 % interval: the spread between runs is taken as known, from its calibration. */
    static final double Z = 1.96;

    private static Optional<Calibration> calibration(Study study, Results results, Claim c) {
        return results.roots().stream()
                .filter(r ->
                        r.label().equals(c.machine()) && r.study(study.id()).ran())
                .findFirst()
                .flatMap(r -> Calibration.forRun(r.study(study.id()).latest()));
    }

    /** Each claim judged on the bootstrap interval of the repeats inside its run. */
    private static List<Claim> withinRun(Study study, Results results) {
        List<Claim> point = study.claims(results);
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < point.size(); i++) {
            Claim c = point.get(i);
            if (c.judgedFromFigure() && !c.interval().present()) {
                index.put(rootKey(c), i);
            }
        }
        if (index.isEmpty()) {
            return point;
        }
        double[][] replicates = new double[point.size()][RESAMPLES];
        for (double[] r : replicates) {
            Arrays.fill(r, Double.NaN);
        }
        Resample resample = new Resample(results, study.id(), study.schemas());
        // each resample has a seed of its own, so the cores may take them in any order and the interval is the same
        IntStream.range(0, RESAMPLES).parallel().forEach(b -> {
            List<Claim> drawn;
            RESAMPLING.set(true);
            try {
                drawn = study.claims(resample.draw(new SplittableRandom(SEED + b)));
            } finally {
                RESAMPLING.remove();
            }
            for (Claim c : drawn) {
                Integer i = index.get(rootKey(c));
                if (i != null) {
                    replicates[i][b] = c.value();
                }
            }
        });
        List<Claim> out = new ArrayList<>(point.size());
        for (int i = 0; i < point.size(); i++) {
            Claim c = point.get(i);
            out.add(index.containsKey(rootKey(c)) ? c.interval(Interval.of(replicates[i])) : c);
        }
        return out;
    }

    private static final ThreadLocal<Boolean> RESAMPLING = ThreadLocal.withInitial(() -> false);

    /**
     * True while a study's claims are computed on a resample: a claim that draws its own interval (from a CSV with no
     * repeats to resample) may skip it there, where only its figure is read.
     */
    public static boolean resampling() {
        return RESAMPLING.get();
    }

    private static String rootKey(Claim c) {
        return c.machine() + "\u0000" + c.key();
    }
}
