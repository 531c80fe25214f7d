package labbook.notebooks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import labbook.reports.site.Tables;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Turns a cell's value into what Jupyter shows: XChart charts as PNG images, Tablesaw tables as HTML (with a plain-text
 * twin for consoles), anything else as JShell's text for it.
 */
final class RichOutput {
    /** Rows of a table shown in a notebook; the rest is summarised in one line. */
    static final int MAX_TABLE_ROWS = 60;

    private RichOutput() {}

    static DisplayData render(Object value, String text) {
        if (value instanceof DisplayData data) {
            return data;
        }
        if (value instanceof Chart<?, ?> chart) {
            return png(chart);
        }
        if (value instanceof Table table) {
            return table(table);
        }
        return new DisplayData(text != null ? text : String.valueOf(value));
    }

    static DisplayData render(Object value) {
        return render(value, value instanceof String s ? s : null);
    }

    static DisplayData png(Chart<?, ?> chart) {
        try {
            byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
            DisplayData data = new DisplayData(describe(chart));
            data.putData("image/png", Base64.getEncoder().encodeToString(png));
            return data;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot draw the chart '" + chart.getTitle() + "' as PNG", e);
        }
    }

    static DisplayData svg(Chart<?, ?> chart) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            DisplayData data = new DisplayData(describe(chart));
            data.putSVG(out.toString(StandardCharsets.UTF_8));
            return data;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot draw the chart '" + chart.getTitle() + "' as SVG", e);
        }
    }

    private static String describe(Chart<?, ?> chart) {
        return chart.getClass().getSimpleName() + " \"" + chart.getTitle() + "\" (" + chart.getWidth() + "x"
                + chart.getHeight() + ")";
    }

    static DisplayData table(Table table) {
        // numbers as the site prints them (a measured one to 3 significant digits), not a double's every digit
        Table text = Tables.formatted(table);
        DisplayData data =
                new DisplayData(text.rowCount() <= MAX_TABLE_ROWS ? text.printAll() : text.print(MAX_TABLE_ROWS));
        data.putHTML(html(table));
        return data;
    }

    static String html(Table table) {
        StringBuilder html = new StringBuilder("<table class=\"labbook\">");
        if (table.name() != null && !table.name().isBlank()) {
            html.append("<caption>").append(escape(table.name())).append("</caption>");
        }
        html.append("<thead><tr>");
        for (Column<?> column : table.columns()) {
            html.append("<th>").append(escape(column.name())).append("</th>");
        }
        html.append("</tr></thead><tbody>");
        int rows = Math.min(table.rowCount(), MAX_TABLE_ROWS);
        for (int r = 0; r < rows; r++) {
            html.append("<tr>");
            for (Column<?> column : table.columns()) {
                boolean numeric = column.type().name().matches("INTEGER|LONG|SHORT|DOUBLE|FLOAT");
                html.append(numeric ? "<td style=\"text-align:right\">" : "<td>")
                        .append(escape(Tables.anyCell(column, r)))
                        .append("</td>");
            }
            html.append("</tr>");
        }
        html.append("</tbody></table>");
        if (table.rowCount() > rows) {
            html.append("<p>")
                    .append(table.rowCount() - rows)
                    .append(" more rows of ")
                    .append(table.rowCount())
                    .append("</p>");
        }
        return html.toString();
    }

    static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
