package labbook.reports.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import labbook.reports.stats.Format;

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
        String note) {

    /** A study's claims are an enum implementing this. */
    public interface Id {
        String name();
    }

    /** A claim nobody measured yet: every study page still lists what it would check. */
    public static Claim of(Id id, String about, String claim) {
        return new Claim(id, about, claim, "", "—", Double.NaN, Verdict.NOT_MEASURED, "—", "");
    }

    public Claim seed(String text) {
        return new Claim(id, about, claim, text, measured, ratio, verdict, machine, note);
    }

    public Claim measured(String text) {
        return new Claim(id, about, claim, seed, text, ratio, verdict, machine, note);
    }

    public Claim ratio(double value) {
        return new Claim(id, about, claim, seed, measured, value, verdict, machine, note);
    }

    public Claim verdict(Verdict value) {
        return new Claim(id, about, claim, seed, measured, ratio, value, machine, note);
    }

    /** Where the measured figure came from (a results root's label) and how it was taken. */
    public Claim from(String root, String how) {
        return new Claim(id, about, claim, seed, measured, ratio, verdict, root, how);
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
