package labbook.reports.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Raw rows to medians with spread, per group: one output row per distinct combination of the grouping columns, with n,
 * median, q1, q3, iqr, the bootstrap interval of the median, and the mean.
 */
public final class Summaries {
    private Summaries() {}

    /** The columns of a medians table that the pages read by name, beside its groups and its value. */
    public static final String N = "n";

    public static final String Q1 = "q1";
    public static final String Q3 = "q3";
    public static final String IQR = "iqr";

    /**
     * The median of {@code value} per group of {@code by}, with n, and nothing else: for the figures a claim computes
     * on each of its bootstrap's resamples, where the per-group intervals of {@link #medians} would be wasted.
     */
    public static Table groupMedians(Table raw, String value, String... by) {
        return medians(raw, value, false, by);
    }

    /**
     * Medians of {@code value} grouped by {@code by}. Numeric grouping columns stay numeric and the result is sorted on
     * the grouping columns in order.
     */
    public static Table medians(Table raw, String value, String... by) {
        return medians(raw, value, true, by);
    }

    private static Table medians(Table raw, String value, boolean spreads, String... by) {
        Map<List<Object>, List<Double>> groups = new LinkedHashMap<>();
        NumericColumn<?> values = raw.numberColumn(value);
        for (Row row : raw) {
            if (values.isMissing(row.getRowNumber())) {
                continue;
            }
            List<Object> key = new ArrayList<>();
            for (String b : by) {
                Column<?> c = raw.column(b);
                key.add(
                        c instanceof NumericColumn<?> n
                                ? (Object) n.getDouble(row.getRowNumber())
                                : c.getString(row.getRowNumber()));
            }
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(values.getDouble(row.getRowNumber()));
        }
        Table out = Table.create(raw.name() + " medians of " + value);
        for (String b : by) {
            out.addColumns(raw.column(b) instanceof NumericColumn<?> ? DoubleColumn.create(b) : StringColumn.create(b));
        }
        IntColumn n = IntColumn.create(N);
        DoubleColumn median = DoubleColumn.create(value);
        DoubleColumn q1 = DoubleColumn.create(Q1);
        DoubleColumn q3 = DoubleColumn.create(Q3);
        DoubleColumn iqr = DoubleColumn.create(IQR);
        DoubleColumn lo = DoubleColumn.create("ci_low");
        DoubleColumn hi = DoubleColumn.create("ci_high");
        // the mean too: for costs paid now and then (a journal fold every 16 puts) it is the amortised cost
        DoubleColumn mean = DoubleColumn.create("mean");
        for (Map.Entry<List<Object>, List<Double>> g : groups.entrySet()) {
            for (int i = 0; i < by.length; i++) {
                Object k = g.getKey().get(i);
                if (k instanceof Double d) {
                    out.doubleColumn(by[i]).append(d);
                } else {
                    out.stringColumn(by[i]).append((String) k);
                }
            }
            Stats.Spread s = Stats.spread(
                    g.getValue().stream().mapToDouble(Double::doubleValue).toArray());
            n.append(s.n());
            median.append(s.median());
            if (!spreads) {
                continue;
            }
            q1.append(s.q1());
            q3.append(s.q3());
            iqr.append(s.iqr());
            lo.append(s.ciLow());
            hi.append(s.ciHigh());
            mean.append(g.getValue().stream()
                    .mapToDouble(Double::doubleValue)
                    .average()
                    .orElse(Double.NaN));
        }
        out.addColumns(n, median);
        if (spreads) {
            out.addColumns(q1, q3, iqr, lo, hi, mean);
        }
        return by.length == 0 ? out : out.sortAscendingOn(by);
    }

    /**
     * For a CSV no analysis knows (a study's extra experiment): the median of every numeric column per combination of
     * its text columns, with the row count. Counters such as repeat or fork are left out.
     */
    public static Table mediansOfAll(Table raw) {
        List<String> keys = new ArrayList<>();
        List<String> numbers = new ArrayList<>();
        for (Column<?> c : raw.columns()) {
            if (c instanceof NumericColumn<?>) {
                if (!List.of("repeat", "loop", "fork", "iteration").contains(c.name())) {
                    numbers.add(c.name());
                }
            } else {
                keys.add(c.name());
            }
        }
        if (numbers.isEmpty()) {
            return raw.emptyCopy();
        }
        // one row per combination of the text columns, with the number of raw rows in it
        Table out = raw.selectColumns(keys.toArray(String[]::new)).dropDuplicateRows();
        if (!keys.isEmpty()) {
            out = out.sortAscendingOn(keys.toArray(String[]::new));
        }
        Map<List<String>, Integer> rows = new LinkedHashMap<>();
        for (Row row : raw) {
            rows.merge(keyOf(row, keys), 1, Integer::sum);
        }
        IntColumn count = IntColumn.create("rows");
        for (Row row : out) {
            count.append(rows.get(keyOf(row, keys)));
        }
        out.addColumns(count);
        // a column may be empty in some groups (a figure one engine has and another has not):
        // those groups get a missing median rather than shifting the rows
        for (String n : numbers) {
            Table m = medians(raw, n, keys.toArray(String[]::new));
            Map<List<String>, Double> byKey = new LinkedHashMap<>();
            for (Row row : m) {
                byKey.put(keyOf(row, keys), row.getDouble(n));
            }
            DoubleColumn column = DoubleColumn.create(n);
            for (Row row : out) {
                column.append(byKey.getOrDefault(keyOf(row, keys), Double.NaN));
            }
            out.addColumns(column);
        }
        return out.setName(raw.name() + " medians");
    }

    private static List<String> keyOf(Row row, List<String> keys) {
        List<String> key = new ArrayList<>(keys.size());
        for (String k : keys) {
            key.add(row.getString(k));
        }
        return key;
    }

    /** The raw values of one column in the rows where {@code column} equals {@code equals}. */
    public static double[] values(Table raw, String value, String column, String equals) {
        Table t = raw.where(raw.stringColumn(column).isEqualTo(equals));
        return t.numberColumn(value).asDoubleArray();
    }

    /** Row counts per group, and the sum of {@code sumColumn} when given. */
    public static Table counts(Table raw, String sumColumn, String... by) {
        Map<List<String>, double[]> groups = new LinkedHashMap<>();
        for (int i = 0; i < raw.rowCount(); i++) {
            List<String> key = new ArrayList<>();
            for (String b : by) {
                key.add(raw.column(b).getString(i));
            }
            double[] acc = groups.computeIfAbsent(key, k -> new double[2]);
            acc[0]++;
            if (sumColumn != null && !raw.numberColumn(sumColumn).isMissing(i)) {
                acc[1] += raw.numberColumn(sumColumn).getDouble(i);
            }
        }
        Table t = Table.create("counts");
        for (int b = 0; b < by.length; b++) {
            final int k = b;
            t.addColumns(StringColumn.create(
                    by[b], groups.keySet().stream().map(key -> key.get(k)).toList()));
        }
        t.addColumns(DoubleColumn.create(
                "rows", groups.values().stream().mapToDouble(a -> a[0]).toArray()));
        if (sumColumn != null) {
            t.addColumns(DoubleColumn.create(
                    sumColumn + " (sum)",
                    groups.values().stream().mapToDouble(a -> a[1]).toArray()));
        }
        return t.sortAscendingOn(by);
    }

    /** Rows whose text column {@code column} equals {@code value}. */
    public static Table rowsOf(Table t, String column, String value) {
        return t.where(t.stringColumn(column).isEqualTo(value));
    }

    /** Distinct values of a text column, in first-seen order. */
    public static List<String> distinct(Table raw, String column) {
        List<String> out = new ArrayList<>();
        for (String s : raw.column(column).asStringColumn()) {
            if (!out.contains(s)) {
                out.add(s);
            }
        }
        return out;
    }
}
