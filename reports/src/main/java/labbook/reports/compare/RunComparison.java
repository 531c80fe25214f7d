package labbook.reports.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import labbook.reports.stats.MultipleTesting;

/**
 * Two results roots compared: what differed between the runs (run.json field by field, and in one line), what could not
 * be compared and why, each seed claim's verdict on both, and every measurement both hold, matched by its schema's
 * declared keys, with its change and verdict, and what noise the verdicts were judged against ({@code noiseFloor}: the
 * repeats inside each run, or a calibration's spread between runs) and which experiments measured on a busy machine
 * ({@code flagged}: run.json's CPU steal or other processes' load past the lab's limits). Built by {@link Comparer}, or
 * by {@link AbAnalysis} from interleaved rounds, which words its own {@code method} (empty: compare's, which
 * {@link ComparisonText#method} words from the figures); printed by {@link ComparisonText}.
 */
public record RunComparison(
        Side a,
        Side b,
        double noise,
        String summary,
        List<RunDifference> differences,
        List<String> exclusions,
        List<ClaimChange> claims,
        List<MeasureChange> measures,
        List<Geomean> geomeans,
        String noiseFloor,
        List<String> flagged,
        String method) {

    /**
     * The false discovery rate at which faster and slower are called: the Benjamini-Hochberg adjusted p-value of a
     * measurement must be below it (for a lone measurement, its own p-value).
     */
    public static final double ALPHA = 0.05;

    /** The multiple-testing correction behind the verdicts, as the header names it. */
    public static final String CORRECTION = "Benjamini-Hochberg";

    /** The coverage of every interval. */
    public static final double LEVEL = 0.95;

    public RunComparison {
        differences = List.copyOf(differences);
        exclusions = List.copyOf(exclusions);
        claims = List.copyOf(claims);
        measures = List.copyOf(measures);
        geomeans = List.copyOf(geomeans);
        flagged = List.copyOf(flagged);
    }

    /** One of the two roots: its folder and its label (the host, as the site names it). */
    public record Side(
            @JsonSerialize(using = ToStringSerializer.class) Path root, String label) {}

    /** A run.json field whose value differs between the roots for one study. */
    public record RunDifference(String study, String field, String a, String b) {}

    /**
     * One seed claim's verdict on each root. It flips when the verdict's outcome differs (holds on one root, does not
     * hold on the other); "8 x faster here" against "4 x faster here" is a change of figure, not a flip.
     */
    public record ClaimChange(String study, String claim, String a, String b, boolean flips) {}

    /** What a measurement's change says: benchstat's words, and criterion.rs's noise threshold. */
    public enum Change {
        FASTER("faster"),
        SLOWER("slower"),
        SAME("~"),
        TOO_FEW("too few samples");

        private final String word;

        Change(String word) {
            this.word = word;
        }

        @JsonValue
        public String word() {
            return word;
        }
    }

    /** One root's repeats of a measurement: how many, their median and its 95 % order-statistic interval. */
    public record Sample(int n, double median, double low, double high) {}

    /**
     * One measurement both roots hold: the study, the experiment (its CSV), the timing, the key (the values of the key
     * columns that vary in the experiment, "name=value ..."), both samples, the ratio of medians B / A with its 95 %
     * bootstrap interval, the U-test's p-value (raw, and adjusted by {@link #CORRECTION} over the measurements of the
     * comparison that could reach significance; NaN for one that could not), the verdict (on the adjusted p-value), and
     * the smallest change these samples could have detected ({@code detectable}, a fraction: 0.079 for 7.9 %; infinite
     * when no arrangement of the repeats could be called; NaN when a value is not positive, so has no log). With a
     * calibration of the machine ({@code runSd}, the spread of one run's log median between runs, NaN without), the
     * p-values are its runs' t-test and {@code exactP} is false. Jackson writes it for {@code compare --format json}
     * under the names of {@link ComparisonJson}.
     */
    public record MeasureChange(
            String study,
            String experiment,
            String measure,
            String key,
            Sample a,
            Sample b,
            double ratio,
            double ratioLow,
            double ratioHigh,
            double p,
            double pAdjusted,
            @JsonProperty("p_exact") boolean exactP,
            @JsonProperty("verdict") Change change,
            @JsonProperty("mde") double detectable,
            double runSd) {

        /** Whether no arrangement of the repeats could have been called: an infinite {@link #detectable}. */
        @JsonProperty("mde_unbounded")
        public boolean detectableUnbounded() {
            return detectable == Double.POSITIVE_INFINITY;
        }

        /** Slower by more than {@code fraction} with the whole ratio interval beyond it: a confident regression. */
        public boolean regressedBeyond(double fraction) {
            return ratio > 1 + fraction && ratioLow > 1 + fraction;
        }

        /** "wallet/sync-sweep sync_ms variant=kde4 entries=1000": the measurement in words. */
        public String name() {
            return study + "/" + experiment + " " + measure + (key.isEmpty() ? "" : " " + key);
        }
    }

    /** The geometric mean of the ratios of one experiment's timing over its keys, and how many it took. */
    public record Geomean(String study, String experiment, String measure, int of, double ratio) {}

    /**
     * The measurements called slower (on the corrected p-value) by more than {@code fraction} (0.05 for 5 %) with their
     * whole interval beyond it: a regression the correction does not call is none, so a gate that passes on two runs of
     * the same code keeps passing.
     */
    public List<MeasureChange> regressions(double fraction) {
        return measures.stream()
                .filter(m -> m.change() == Change.SLOWER && m.regressedBeyond(fraction))
                .toList();
    }

    /** How many measurements the correction took together: those that could reach significance on their own. */
    public int tested() {
        return (int) measures.stream().filter(m -> !Double.isNaN(m.pAdjusted())).count();
    }

    /**
     * The p-value a measurement not called had to reach to be called, given the others called: the level at which its
     * detectable change is given ({@link MultipleTesting#levelForOneMore}).
     */
    public double detectableLevel() {
        int discoveries =
                (int) measures.stream().filter(m -> m.pAdjusted() < ALPHA).count();
        return MultipleTesting.levelForOneMore(ALPHA, tested(), discoveries);
    }

    /**
     * The geometric mean of the ratios of each experiment's timing over its keys (those with a positive ratio), in the
     * order the measurements come.
     */
    public static List<Geomean> geomeans(List<MeasureChange> measures) {
        java.util.Map<List<String>, List<Double>> logs = new java.util.LinkedHashMap<>();
        for (MeasureChange m : measures) {
            if (m.ratio() > 0 && Double.isFinite(m.ratio())) {
                logs.computeIfAbsent(List.of(m.study(), m.experiment(), m.measure()), k -> new java.util.ArrayList<>())
                        .add(Math.log(m.ratio()));
            }
        }
        return logs.entrySet().stream()
                .map(e -> new Geomean(
                        e.getKey().get(0),
                        e.getKey().get(1),
                        e.getKey().get(2),
                        e.getValue().size(),
                        Math.exp(e.getValue().stream()
                                .mapToDouble(Double::doubleValue)
                                .average()
                                .orElseThrow())))
                .toList();
    }

    /** How many measurements got each verdict: "3 faster, 1 slower, 40 ~, 12 too few samples". */
    public String counts() {
        return counts(measures.stream().map(MeasureChange::change).toList());
    }

    /** The same line for any list of verdicts (the rounds of {@code labbook ab} too). */
    public static String counts(List<Change> changes) {
        StringBuilder b = new StringBuilder();
        for (Change c : Change.values()) {
            long n = changes.stream().filter(x -> x == c).count();
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(n).append(' ').append(c.word());
        }
        return String.format(Locale.ROOT, "%d measurements: %s", changes.size(), b);
    }
}
