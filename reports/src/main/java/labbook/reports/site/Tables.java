package labbook.reports.site;

import java.util.ArrayList;
import java.util.List;
import labbook.reports.site.Pages.TableView;
import labbook.reports.stats.Format;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Tablesaw tables as display strings: numbers to 3 significant digits, published figures exactly. The site's tables and
 * the notebooks' both print through here, so a figure reads the same in each.
 */
public final class Tables {
    private Tables() {}

    /** One cell as the site prints it: "" when missing, a number to 3 significant digits (or exactly), text as is. */
    public static String cell(Column<?> col, int row, boolean exact) {
        if (col.isMissing(row)) {
            return "";
        }
        if (col instanceof NumericColumn<?> n) {
            return exact ? Format.exact(n.getDouble(row)) : Format.num(n.getDouble(row));
        }
        return col.getString(row);
    }

    /**
     * A cell of a table whose kind the caller does not know (a notebook's): a figure of a few digits, as published
     * figures are, exactly; a measured one, with a double's many digits, as {@link #cell} prints it.
     */
    public static String anyCell(Column<?> col, int row) {
        if (col instanceof NumericColumn<?> n && !col.isMissing(row)) {
            String digits = Double.toString(n.getDouble(row))
                    .replaceAll("[^0-9E]|E.*", "")
                    .replaceFirst("^0+", "");
            return cell(col, row, digits.length() <= EXACT_DIGITS);
        }
        return cell(col, row, false);
    }

    /** A figure with at most this many significant digits is printed as it is. */
    private static final int EXACT_DIGITS = 4;

    /** The table with every cell as {@link #anyCell} prints it: text columns of the same names, for plain text. */
    public static Table formatted(Table t) {
        Table out = Table.create(t.name());
        for (Column<?> col : t.columns()) {
            StringColumn text = StringColumn.create(col.name());
            for (int i = 0; i < t.rowCount(); i++) {
                text.append(anyCell(col, i));
            }
            out.addColumns(text);
        }
        return out;
    }

    static TableView view(String title, Table t, boolean exact) {
        List<String> header = t.columnNames();
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < t.rowCount(); i++) {
            List<String> row = new ArrayList<>();
            for (String c : header) {
                row.add(cell(t.column(c), i, exact));
            }
            rows.add(row);
        }
        return new TableView(title, header, rows);
    }
}
