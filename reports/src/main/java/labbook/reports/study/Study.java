package labbook.reports.study;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import labbook.core.ResultsSchema;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsRoot;
import labbook.reports.stats.Summaries;
import tech.tablesaw.api.Table;

/**
 * Everything reports knows of one study, in one place: its id, the CSVs its module declares, the seed's figures and
 * words, the seed's claims it checks, the lab's own targets for its code, its charts and its analysis tables. One
 * implementation per study, in a package of its own; {@code labbook.reports.Studies} lists them.
 */
public interface Study {
    /** The study's id: its results folder, its page and its module ({@code lab-<id>}). */
    String id();

    /** Every CSV the study module declares ({@code <Study>Schemas.ALL}), in page order. */
    List<ResultsSchema> schemas();

    /** Declared CSVs with no analysis of their own: summarised as medians of every measured column. */
    default List<ResultsSchema> summarisedOnly() {
        return List.of();
    }

    /** The seed's published figures. */
    List<Seed> seeds();

    /** Title, the seed's question and its source. */
    PageText text();

    /**
     * The seed's claims it checks, root by root (see {@link #reproduction} for the page's order); never a lab target.
     * Each judged on its figure alone: {@link #judgedClaims} gives them their intervals.
     */
    List<Claim> claims(Results results);

    /**
     * The lab's own targets for its code (a speed, a start-up time), root by root, and the measurements shown beside
     * them: none is a claim of the seed. Most studies have none.
     */
    default List<Target> targets(Results results) {
        return List.of();
    }

    /** Its charts, in page order. */
    List<StudyChart> charts();

    /** The names of the two charts the index shows: the seed's headline and our main finding. */
    List<String> headlines();

    /** The analysis tables by title, in page order; only those whose experiment ran. */
    Map<String, Table> analyses(Results results);

    /**
     * The claims as the page, the claims file and compare give them: each judged on its 95 % interval over the repeats
     * ({@link ClaimIntervals}).
     */
    default List<Claim> judgedClaims(Results results) {
        return ClaimIntervals.of(this, results);
    }

    /** The reproduction table's rows: each claim's rows together, machine after machine. */
    default List<Claim> reproduction(Results results) {
        return Claim.machineByMachine(judgedClaims(results));
    }

    /** The targets table's rows: each target's rows together, machine after machine. */
    default List<Target> targetRows(Results results) {
        return Target.machineByMachine(targets(results));
    }

    /** The page's analysis tables: {@link #analyses}, then every CSV no analysis reads, summarised. */
    default Map<String, Table> pageAnalyses(Results results) {
        Map<String, Table> out = new LinkedHashMap<>(analyses(results));
        List<String> analysed = schemas().stream()
                .filter(s -> !summarisedOnly().contains(s))
                .map(ResultsSchema::experiment)
                .toList();
        for (ResultsRoot root : results.roots()) {
            for (String experiment : root.study(id()).experiments()) {
                if (!analysed.contains(experiment)) {
                    root.table(id(), experiment)
                            .filter(t -> !t.isEmpty())
                            .ifPresent(t -> out.put(
                                    experiment + " (an extra experiment): medians of every measured column ["
                                            + root.label() + "]",
                                    Summaries.mediansOfAll(t)));
                }
            }
        }
        return out;
    }
}
