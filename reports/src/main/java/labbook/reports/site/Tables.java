package labbook.reports.site;

import java.util.ArrayList;
import java.util.List;
import labbook.reports.site.Pages.TableView;
import labbook.reports.stats.Format;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/** Tablesaw tables as display strings: numbers to 3 significant digits, published figures exactly. */
final class Tables {
    private Tables() {}

    static TableView view(String title, Table t, boolean exact) {
        List<String> header = t.columnNames();
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < t.rowCount(); i++) {
            List<String> row = new ArrayList<>();
            for (String c : header) {
                Column<?> col = t.column(c);
                if (col.isMissing(i)) {
                    row.add("");
                } else if (col instanceof NumericColumn<?> n) {
                    row.add(exact ? Format.exact(n.getDouble(i)) : Format.num(n.getDouble(i)));
                } else {
                    row.add(col.getString(i));
                }
            }
            rows.add(row);
        }
        return new TableView(title, header, rows);
    }
}
