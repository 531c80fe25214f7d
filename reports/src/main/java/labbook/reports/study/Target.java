package labbook.reports.study;

import java.util.List;

/**
 * One row of a study's targets table: a goal the lab set for its own code, which the seed never claimed (so it has no
 * place in the reproduction table), or a measurement shown beside those goals with none of its own. {@code target}
 * names it for the page, {@code measures} says what is timed and how, {@code goal} is the bound it is held to ("" for a
 * measurement), {@code measured} our figure and {@code value} the same figure as a number in the goal's unit (NaN when
 * not measured); {@code machine} is the results root's label and {@code note} how the figure was taken.
 *
 * <p>A target starts as {@link #of} (not measured) and takes its figure by {@link #measured} and {@link #from}:
 * {@code Target.of(STARTUP_CPU, "start-up", "CPU time of ...", "<= 0.25 s").measured("0.24 s", 0.24, MET)}.
 */
public record Target(
        Id id,
        String target,
        String measures,
        String goal,
        String measured,
        double value,
        Verdict verdict,
        String machine,
        String note) {

    /** A study's targets are an enum implementing this, apart from its claims' enum: a target is never a claim. */
    public interface Id {
        String name();
    }

    /** A target nobody measured yet: the page still says what it would measure. */
    public static Target of(Id id, String target, String measures, String goal) {
        return new Target(id, target, measures, goal, "—", Double.NaN, Verdict.NOT_MEASURED, "—", "");
    }

    /** Our figure: its words, its value in the goal's unit, and whether it meets the goal. */
    public Target measured(String text, double number, Verdict outcome) {
        return new Target(id, target, measures, goal, text, number, outcome, machine, note);
    }

    /** Our figure's words alone, when there is none to show ("not run: ..."): still not measured. */
    public Target measured(String text) {
        return measured(text, Double.NaN, Verdict.NOT_MEASURED);
    }

    /** Where the measured figure came from (a results root's label) and how it was taken. */
    public Target from(String root, String how) {
        return new Target(id, target, measures, goal, measured, value, verdict, root, how);
    }

    /** With several results roots, each target's rows sit together, machine after machine. */
    public static List<Target> machineByMachine(List<Target> targets) {
        return Claim.machineByMachine(targets, Target::target);
    }
}
