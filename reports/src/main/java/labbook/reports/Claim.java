package labbook.reports;

/**
 * One row of a reproduction table: what the seed published or claimed, what we measured, their
 * ratio (measured / seed, NaN where a ratio means nothing), the verdict, and where our figure came
 * from (the results root's label and the machine in run.json).
 */
public record Claim(String study, String claim, String seed, String measured, double ratio, String verdict,
                    String machine, String note) {

    /** A claim nobody measured yet: every study page still lists what it would check. */
    public static Claim notMeasured(String study, String claim, String seed) {
        return new Claim(study, claim, seed, "—", Double.NaN, Verdict.NOT_MEASURED, "—", "");
    }

    public String ratioText() {
        return Format.ratio(ratio);
    }

    /** A CSS class for the verdict cell. */
    public String verdictClass() {
        if (verdict.equals(Verdict.HOLDS) || verdict.startsWith("reproduced") || verdict.startsWith("same order")) {
            return "ok";
        }
        if (verdict.equals(Verdict.DOES_NOT_HOLD)) {
            return "bad";
        }
        if (verdict.equals(Verdict.NOT_MEASURED)) {
            return "none";
        }
        return "diff";
    }
}
