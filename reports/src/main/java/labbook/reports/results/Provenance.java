package labbook.reports.results;

import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/** Where each experiment's rows came from, per results root: the machine and how to run it again. */
public final class Provenance {
    private Provenance() {
    }

    public static Table table(Results results, String study) {
        StringColumn experiment = StringColumn.create("experiment");
        StringColumn root = StringColumn.create("results");
        StringColumn machine = StringColumn.create("machine");
        StringColumn kernel = StringColumn.create("kernel");
        StringColumn jdk = StringColumn.create("jdk");
        StringColumn peers = StringColumn.create("peers");
        StringColumn commit = StringColumn.create("lab_commit");
        StringColumn mode = StringColumn.create("mode");
        StringColumn date = StringColumn.create("date");
        StringColumn rows = StringColumn.create("rows");
        StringColumn rerun = StringColumn.create("rerun");
        for (ResultsRoot r : results.roots()) {
            StudyResults s = r.study(study);
            for (String e : s.experiments()) {
                RunInfo run = s.run(e);
                experiment.append(e);
                root.append(r.label());
                machine.append(run.machine());
                kernel.append(run.osKernel());
                jdk.append(run.jdk());
                peers.append(run.peers().isEmpty() ? "" : run.peers().toString().replaceAll("[{}]", ""));
                commit.append(run.labCommit());
                mode.append(run.mode());
                date.append(run.date());
                rows.append(Integer.toString(s.table(e).map(Table::rowCount).orElse(0)));
                rerun.append(run.rerun());
            }
        }
        return Table.create(study + " provenance").addColumns(experiment, root, machine, kernel, jdk, peers, commit,
                mode, date, rows, rerun);
    }
}
