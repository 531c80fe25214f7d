package labbook.reports.results;

import java.util.ArrayList;
import java.util.List;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/** Where each experiment's rows came from, per results root: the machine and how to run it again. */
public final class Provenance {
    static final List<String> HEADER = List.of(
            "experiment",
            "results",
            "machine",
            "kernel",
            "jdk",
            "peers",
            "lab_commit",
            "mode",
            "date",
            "rows",
            "rerun");

    private Provenance() {}

    public static Table table(Results results, String study) {
        List<List<String>> rows = new ArrayList<>();
        for (ResultsRoot r : results.roots()) {
            StudyResults s = r.study(study);
            for (String e : s.experiments()) {
                RunInfo run = s.run(e);
                rows.add(List.of(
                        e,
                        r.label(),
                        run.machine(),
                        run.osKernel(),
                        run.jdk(),
                        run.peers().isEmpty() ? "" : run.peers().toString().replaceAll("[{}]", ""),
                        run.labCommit(),
                        run.mode(),
                        run.date(),
                        Integer.toString(s.table(e).map(Table::rowCount).orElse(0)),
                        run.rerun()));
            }
        }
        Table t = Table.create(study + " provenance");
        for (int c = 0; c < HEADER.size(); c++) {
            int column = c;
            t.addColumns(StringColumn.create(
                    HEADER.get(c), rows.stream().map(row -> row.get(column)).toList()));
        }
        return t;
    }
}
