package labbook.reports.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.core.ResultsSchema;
import tech.tablesaw.api.Table;

/** Several results roots side by side, each with its own label; the site compares them machine by machine. */
public record Results(List<ResultsRoot> roots) {

    public Results {
        roots = List.copyOf(labelled(roots));
    }

    /** True when at least one root holds results for the study. */
    public boolean ran(String study) {
        return roots.stream().anyMatch(r -> r.study(study).ran());
    }

    /**
     * Each root's table for one experiment, with the root it came from. Roots that lack it, or whose CSV holds a header
     * and no rows, are skipped: analyses and charts only ever see data.
     */
    public List<Labelled<Table>> tables(String study, String experiment) {
        List<Labelled<Table>> out = new ArrayList<>();
        for (ResultsRoot r : roots) {
            r.table(study, experiment).filter(t -> !t.isEmpty()).ifPresent(t -> out.add(new Labelled<>(r, t)));
        }
        return out;
    }

    /** Each root's rows of one declared CSV (see {@link #tables(String, String)}). */
    public List<Labelled<Table>> tables(ResultsSchema schema) {
        return tables(schema.study(), schema.experiment());
    }

    /** The first root's table for one experiment, if any root has it. */
    public Optional<Table> first(String study, String experiment) {
        return tables(study, experiment).stream().map(Labelled::value).findFirst();
    }

    /** The first root's rows of one declared CSV, if any root has them (see {@link #first(String, String)}). */
    public Optional<Table> first(ResultsSchema schema) {
        return first(schema.study(), schema.experiment());
    }

    /** A value and the results root it came from. */
    public record Labelled<T>(ResultsRoot root, T value) {
        public String label() {
            return root.label();
        }
    }

    /** Roots from the same host get the folder name added, so every label is distinct. */
    private static List<ResultsRoot> labelled(List<ResultsRoot> roots) {
        Map<String, Integer> count = new HashMap<>();
        roots.forEach(r -> count.merge(r.label(), 1, Integer::sum));
        List<ResultsRoot> out = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (ResultsRoot r : roots) {
            if (count.get(r.label()) == 1) {
                out.add(r);
                continue;
            }
            String name = r.root().getFileName() == null
                    ? r.root().toString()
                    : r.root().getFileName().toString();
            String label = r.label() + ": " + name;
            int n = seen.merge(label, 1, Integer::sum);
            out.add(r.withLabel(n == 1 ? label : label + " #" + n));
        }
        return out;
    }
}
