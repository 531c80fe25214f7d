package labbook.reports.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import labbook.core.Column;
import labbook.core.ResultsSchema;
import tech.tablesaw.api.Table;

/**
 * Bootstrap resamples of a study's results: in every CSV whose schema declares its keys, the repeats of each
 * measurement (its rows equal on the keys) are drawn again with replacement, as many as there were; other CSVs stay as
 * they are. Any figure computed from the results can so be computed again on each resample, and the spread of those
 * figures is its interval over the repeats. Rows keep their columns whole, so what one repeat measured together (a sync
 * and its cipher alone) stays together. A CSV measured in rounds ({@link ResultsSchema#round}) is drawn in two levels:
 * its rounds first, the same drawn rounds for every measurement (a round's measurements ran moments apart, so a slow
 * round is slow for all of them), then each drawn round's repeats of each measurement.
 */
public final class Resample {
    private final Results results;
    private final String study;
    /**
     * Per root, per experiment: the row numbers of each measurement's repeats, [round][measurement][repeat] (one round
     * where the CSV has none).
     */
    private final List<Map<String, int[][][]>> groups = new ArrayList<>();

    public Resample(Results results, String study, List<ResultsSchema> schemas) {
        this.results = results;
        this.study = study;
        Map<String, ResultsSchema> byExperiment = new HashMap<>();
        schemas.forEach(s -> byExperiment.put(s.experiment(), s));
        for (ResultsRoot root : results.roots()) {
            Map<String, int[][][]> ofRoot = new HashMap<>();
            root.study(study).tables().forEach((experiment, table) -> {
                ResultsSchema schema = byExperiment.get(experiment);
                if (schema != null && !schema.keys().isEmpty() && hasColumns(table, schema.keys())) {
                    boolean rounds = schema.round() != null
                            && table.containsColumn(schema.round().name());
                    ofRoot.put(experiment, repeats(table, schema.keys(), rounds ? schema.round() : null));
                }
            });
            groups.add(ofRoot);
        }
    }

    /** One resample, drawn with {@code random}: the same results but each measurement's repeats drawn again. */
    public Results draw(SplittableRandom random) {
        List<ResultsRoot> roots = new ArrayList<>();
        for (int r = 0; r < results.roots().size(); r++) {
            ResultsRoot root = results.roots().get(r);
            StudyResults s = root.study(study);
            Map<String, Table> tables = new LinkedHashMap<>();
            Map<String, int[][][]> ofRoot = groups.get(r);
            s.tables().forEach((experiment, table) -> {
                int[][][] g = ofRoot.get(experiment);
                tables.put(experiment, g == null ? table : rowsInOrder(table, drawn(g, table.rowCount(), random)));
            });
            Map<String, StudyResults> studies = new LinkedHashMap<>(root.studies());
            studies.put(study, new StudyResults(study, s.dir(), tables, s.runs(), s.latest()));
            roots.add(new ResultsRoot(root.root(), root.label(), studies));
        }
        return new Results(roots);
    }

    /**
     * The rows at {@code rows}, repeats and order kept ({@code Table.rows} would select each row once, in table order:
     * a resample drawn with replacement would lose its repeats).
     */
    private static Table rowsInOrder(Table table, int[] rows) {
        Table out = table.emptyCopy();
        for (int row : rows) {
            out.addRow(row, table);
        }
        return out;
    }

    /** Rounds drawn with replacement, then within each drawn round each measurement's repeats. */
    private static int[] drawn(int[][][] rounds, int rows, SplittableRandom random) {
        List<Integer> out = new ArrayList<>(rows);
        for (int d = 0; d < rounds.length; d++) {
            int[][] round = rounds.length == 1 ? rounds[0] : rounds[random.nextInt(rounds.length)];
            for (int[] g : round) {
                for (int i = 0; i < g.length; i++) {
                    out.add(g[random.nextInt(g.length)]);
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean hasColumns(Table t, List<Column> keys) {
        return keys.stream().allMatch(c -> t.containsColumn(c.name()));
    }

    /** The row numbers of each distinct key, per round (one round where {@code round} is null), first-seen order. */
    static int[][][] repeats(Table t, List<Column> keys, Column round) {
        Map<String, Map<List<String>, List<Integer>>> byRound = new LinkedHashMap<>();
        for (int row = 0; row < t.rowCount(); row++) {
            List<String> key = new ArrayList<>(keys.size());
            for (Column c : keys) {
                key.add(t.column(c.name()).getString(row));
            }
            String r = round == null ? "" : t.column(round.name()).getString(row);
            byRound.computeIfAbsent(r, k -> new LinkedHashMap<>())
                    .computeIfAbsent(key, k -> new ArrayList<>())
                    .add(row);
        }
        return byRound.values().stream()
                .map(byKey -> byKey.values().stream()
                        .map(l -> l.stream().mapToInt(Integer::intValue).toArray())
                        .toArray(int[][]::new))
                .toArray(int[][][]::new);
    }
}
