package labbook.reports.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import labbook.reports.stats.Format;
import labbook.reports.stats.Interval;

/**
 * One row of a reproduction table: what the seed published or claimed, what we measured, their ratio (measured / seed,
 * NaN where a ratio means nothing), the verdict, and where our figure came from (the results root's label). The lab's
 * own goals for its code are no claims of the seed: they are {@link Target}s, on a table of their own. {@code id} and
 * {@code about} name the claim for code and tests ({@code SYNC_AT}, "1000"); {@code claim} is its prose for the page.
 *
 * <p>A claim starts as {@link #of} (not measured) and takes its figures by the {@code with} methods:
 * {@code Claim.of(SLOPE, "", "cost per 1000 entries").seed("4.71 ms").measured("2 ms")...}.
 */
public record Claim(
        Id id,
        String about,
        String claim,
        String seed,
        String measured,
        double ratio,
        Verdict verdict,
        String machine,
        String note,
        double value,
        Interval interval,
        Threshold threshold,
        int n,
        double runSpread) {

    /** A study's claims are an enum implementing this. */
    public interface Id {
        String name();
    }

    /** A claim nobody measured yet: every study page still lists what it would check. */
    public static Claim of(Id id, String about, String claim) {
        return new Claim(
                id,
                about,
                claim,
                "",
                "—",
                Double.NaN,
                Verdict.NOT_MEASURED,
                "—",
                "",
                Double.NaN,
                Interval.NONE,
                null,
                0,
                Double.NaN);
    }

    public Claim seed(String text) {
        return new Claim(
                id, about, claim, text, measured, ratio, verdict, machine, note, value, interval, threshold, n,
                runSpread);
    }

    public Claim measured(String text) {
        return new Claim(
                id, about, claim, seed, text, ratio, verdict, machine, note, value, interval, threshold, n, runSpread);
    }

    public Claim ratio(double r) {
        return new Claim(
                id, about, claim, seed, measured, r, verdict, machine, note, value, interval, threshold, n, runSpread);
    }

    /** A verdict given outright, for a claim with no figure to judge (see {@link #judged}). */
    public Claim verdict(Verdict v) {
        return new Claim(
                id, about, claim, seed, measured, ratio, v, machine, note, value, interval, threshold, n, runSpread);
    }

    /**
     * The figure the verdict judges, in {@code t}'s unit, and the threshold it is held to: the verdict follows from the
     * figure's interval ({@link #interval(Interval)}), or from the figure alone until it has one.
     */
    public Claim judged(double figure, Threshold t) {
        return new Claim(
                id,
                about,
                claim,
                seed,
                measured,
                ratio,
                t.verdict(figure, interval),
                machine,
                note,
                figure,
                interval,
                t,
                n,
                runSpread);
    }

    /** The judged figure's 95 % interval; the verdict is judged again on it. */
    public Claim interval(Interval ci) {
        Verdict v = threshold == null ? verdict : threshold.verdict(value, ci);
        return new Claim(id, about, claim, seed, measured, ratio, v, machine, note, value, ci, threshold, n, runSpread);
    }

    /** How many repeats stand behind the judged figure (the smallest of its samples). */
    public Claim n(int repeats) {
        return new Claim(
                id, about, claim, seed, measured, ratio, verdict, machine, note, value, interval, threshold, repeats,
                runSpread);
    }

    /**
     * The spread between runs (SD of the figure's logs) that widened its interval, from a calibration of its machine;
     * NaN where its interval is its run's repeats' alone.
     */
    public Claim runSpread(double sd) {
        return new Claim(
                id, about, claim, seed, measured, ratio, verdict, machine, note, value, interval, threshold, n, sd);
    }

    /** Where the measured figure came from (a results root's label) and how it was taken. */
    public Claim from(String root, String how) {
        return new Claim(
                id, about, claim, seed, measured, ratio, verdict, root, how, value, interval, threshold, n, runSpread);
    }

    /** True when the verdict is judged from a figure, so a bootstrap of the repeats can give it an interval. */
    public boolean judgedFromFigure() {
        return threshold != null && !Double.isNaN(value);
    }

    /**
     * The judged figure's interval as the page prints it ("1.71-1.82 ms", "1.52-2.1 ms (runs ±x %)" where a
     * calibration's spread between runs widened it), "—" where there is none.
     */
    public String intervalText() {
        if (threshold == null) {
            return "—";
        }
        String text = threshold.unit().format(interval);
        return Double.isNaN(runSpread)
                ? text
                : text + " (runs ±" + Format.pct(Math.expm1(ClaimIntervals.Z * runSpread)) + ")";
    }

    /** The threshold as the page prints it, "" where the verdict has none. */
    public String thresholdText() {
        return threshold == null ? "" : threshold.text();
    }

    /** The claim's key within one study and root: what matches it across runs and resamples. */
    public String key() {
        return id.name() + (about.isEmpty() ? "" : " " + about);
    }

    public String ratioText() {
        return Format.ratio(ratio);
    }

    /** With several results roots, each claim's rows sit together, machine after machine. */
    public static List<Claim> machineByMachine(List<Claim> claims) {
        return machineByMachine(claims, Claim::claim);
    }

    /**
     * Rows of a table (claims, targets) grouped by their words, in first-seen order; each group keeps its roots' order.
     */
    static <R> List<R> machineByMachine(List<R> rows, Function<R, String> words) {
        Map<String, List<R>> byWords = new LinkedHashMap<>();
        for (R r : rows) {
            byWords.computeIfAbsent(words.apply(r), k -> new ArrayList<>()).add(r);
        }
        return byWords.values().stream().flatMap(List::stream).toList();
    }
}
